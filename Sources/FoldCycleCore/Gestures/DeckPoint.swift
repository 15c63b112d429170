import Foundation

/// A point or a vector in a deck's plane, in card widths: x grows to the right, y downward, and
/// one unit is one card width in both axes (physical units, so angles and speeds are true on a
/// grid whose cells are taller than wide; docs/DESIGN.md#deck-units).
///
/// Source: the `LayerPoint`s a `UIPanGestureRecognizer` reports (`translation(in:)`,
/// `velocity(in:)`), with points divided by the card's width (355 pt).
public struct DeckPoint: Hashable, Sendable, CustomStringConvertible {
    /// The horizontal component, in card widths (per second for a velocity).
    public var x: Double
    /// The vertical component (downward), in card widths (per second for a velocity).
    public var y: Double

    /// Creates a point.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The origin, or a zero vector.
    public static let zero = DeckPoint(x: 0, y: 0)

    /// The Euclidean length of the vector, in card widths.
    public var length: Double { (x * x + y * y).squareRoot() }

    /// `(x, y)` in shortest round-trip form.
    public var description: String { "(\(x), \(y))" }

    /// The component-wise sum.
    public static func + (lhs: DeckPoint, rhs: DeckPoint) -> DeckPoint {
        DeckPoint(x: lhs.x + rhs.x, y: lhs.y + rhs.y)
    }

    /// The component-wise difference.
    public static func - (lhs: DeckPoint, rhs: DeckPoint) -> DeckPoint {
        DeckPoint(x: lhs.x - rhs.x, y: lhs.y - rhs.y)
    }

    /// The vector scaled by `factor`.
    public static func * (lhs: DeckPoint, factor: Double) -> DeckPoint {
        DeckPoint(x: lhs.x * factor, y: lhs.y * factor)
    }

    /// The dot product, in card widths squared.
    public func dot(_ other: DeckPoint) -> Double { x * other.x + y * other.y }
}

/// An axis-aligned rectangle in a deck's plane, in card widths: the area a deck draws in,
/// relative to the top card's centre at rest (so it usually contains the origin).
public struct DeckRect: Hashable, Sendable, CustomStringConvertible {
    /// The left edge, in card widths.
    public var minX: Double
    /// The top edge, in card widths.
    public var minY: Double
    /// The right edge, in card widths (≥ ``minX``).
    public var maxX: Double
    /// The bottom edge, in card widths (≥ ``minY``).
    public var maxY: Double

    /// Creates a rectangle from its edges.
    public init(minX: Double, minY: Double, maxX: Double, maxY: Double) {
        self.minX = minX
        self.minY = minY
        self.maxX = maxX
        self.maxY = maxY
    }

    /// The rectangle of a deck exactly one card wide and one card high, centred on the origin:
    /// the source's swipe deck, whose frame is its card's frame.
    ///
    /// - Parameter cardHeight: the card's height in card widths.
    public static func card(height cardHeight: Double) -> DeckRect {
        DeckRect(minX: -0.5, minY: -cardHeight / 2, maxX: 0.5, maxY: cardHeight / 2)
    }

    /// `[minX, maxX] × [minY, maxY]`.
    public var description: String { "[\(minX), \(maxX)] × [\(minY), \(maxY)]" }
}
