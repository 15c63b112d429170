import Foundation

/// The direction content moves in a transition.
///
/// Source: the pseudo-fold circle view's direction enum, with its raw values
/// (down = 0, right = 1, up = 2, left = 3). `down` means the incoming item enters from the top
/// edge while the outgoing item leaves towards the bottom edge (for a fold: unfolds and folds
/// away). Core Animation names the side content comes from instead: its subtype `fromLeft` is
/// our `right`.
public enum TransitionDirection: Int, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    /// Incoming enters from the top; outgoing leaves through the bottom.
    case down = 0
    /// Incoming enters from the left; outgoing leaves through the right.
    case right = 1
    /// Incoming enters from the bottom; outgoing leaves through the top.
    case up = 2
    /// Incoming enters from the right; outgoing leaves through the left.
    case left = 3

    /// The reverse direction (down ↔ up, left ↔ right), used by `previous`.
    public var opposite: TransitionDirection {
        switch self {
        case .down: return .up
        case .up: return .down
        case .left: return .right
        case .right: return .left
        }
    }

    /// Whether content moves along the y axis (`down`, `up`).
    public var isVertical: Bool { self == .down || self == .up }

    /// One full extent of a `slotSize` slot along this direction, in cells: `(0, +H)` for
    /// down, `(0, −H)` for up, `(+W, 0)` for right, `(−W, 0)` for left (W columns, H rows). The
    /// slides (push, move-in, reveal) translate by fractions of it
    /// (docs/DESIGN.md#push-move-in-reveal-and-fade).
    public func fullExtent(of slotSize: LayerSize) -> LayerPoint {
        switch self {
        case .down: return LayerPoint(x: 0, y: slotSize.height)
        case .up: return LayerPoint(x: 0, y: -slotSize.height)
        case .right: return LayerPoint(x: slotSize.width, y: 0)
        case .left: return LayerPoint(x: -slotSize.width, y: 0)
        }
    }

    /// The command-line name: `down`, `right`, `up` or `left`.
    public var description: String {
        switch self {
        case .down: return "down"
        case .right: return "right"
        case .up: return "up"
        case .left: return "left"
        }
    }

    /// Parses a command-line name (case-insensitive): `down`, `up`, `left`, `right`.
    /// Returns nil for anything else.
    public init?(name: String) {
        guard let match = Self.allCases.first(where: { $0.description == name.lowercased() }) else { return nil }
        self = match
    }
}
