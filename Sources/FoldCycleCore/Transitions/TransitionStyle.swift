import Foundation

/// The registered transitions, in the order help lists them. Adding one is a conforming type in
/// its own file plus one case here and its lines in ``transitionType``, ``hasDirection`` and
/// ``summary``.
///
/// Source: the source's pseudo fold; Core Animation's `CATransition` types (push, moveIn,
/// reveal, fade); UIKit's flip transitions; CubeController's cube.
public enum TransitionKind: String, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    /// The source's pseudo fold (a cube roll imitated by scaling): ``FoldTransition``.
    case fold
    /// A true perspective cube turning a quarter turn: `CubeTransition`.
    case cube
    /// The card flipping over about its own centre line (UIKit's flip): `FlipTransition`.
    case flip
    /// The next card pushing the current one out (`CATransition`'s `push`): `PushTransition`.
    case push
    /// The next card sliding in over the current one (`CATransition`'s `moveIn`):
    /// `MoveInTransition`.
    case moveIn = "move-in"
    /// The current card sliding away from over the next one (`CATransition`'s `reveal`):
    /// `RevealTransition`.
    case reveal
    /// A cross-fade: the incoming item, in front, goes from alpha 0 to 1 (`CATransition`'s
    /// `fade`): `FadeTransition`.
    case fade

    /// The type that implements the kind.
    public var transitionType: any Transition.Type {
        switch self {
        case .fold: return FoldTransition.self
        case .cube: return CubeTransition.self
        case .flip: return FlipTransition.self
        case .push: return PushTransition.self
        case .moveIn: return MoveInTransition.self
        case .reveal: return RevealTransition.self
        case .fade: return FadeTransition.self
        }
    }

    /// Whether the transition moves content in a direction (a fade does not).
    public var hasDirection: Bool {
        switch self {
        case .fold, .cube, .flip, .push, .moveIn, .reveal: return true
        case .fade: return false
        }
    }

    /// Whether the slots' geometry is a perspective ``LayerGeometry/projective(_:cellAspect:)``
    /// (the cube and the flip) rather than an affine ``LayerGeometry/affine(_:)``.
    public var isProjective: Bool {
        switch self {
        case .cube, .flip: return true
        case .fold, .push, .moveIn, .reveal, .fade: return false
        }
    }

    /// One line for help texts: what the transition looks like.
    public var summary: String {
        switch self {
        case .fold: return "one card folds away while the next unfolds (the source's pseudo cube roll)"
        case .cube: return "a cube turns in perspective; the next card is on the face beside this one"
        case .flip: return "the card flips over about its centre line; the next card is on its back"
        case .push: return "the next card pushes the current one out"
        case .moveIn: return "the next card slides in over the current one"
        case .reveal: return "the current card slides away, uncovering the next one"
        case .fade: return "the next card fades in over the current one"
        }
    }

    /// The command-line name: `fold`, `cube`, `move-in`, ….
    public var description: String { rawValue }
}

/// Which transition a flight uses: kind, direction and timing function. The cycler stores one
/// and stamps it on every transition it begins.
public struct TransitionStyle: Hashable, Sendable, CustomStringConvertible {
    /// The kind of transition.
    public var kind: TransitionKind
    /// The direction content moves in (ignored by kinds without one, such as ``TransitionKind/fade``).
    public var direction: TransitionDirection
    /// The curve from normalized time to progress.
    public var timingFunction: TimingFunction

    /// Creates a style; by default the source's fold, downward, ease-in-ease-out.
    public init(
        kind: TransitionKind = .fold, direction: TransitionDirection = .down,
        timingFunction: TimingFunction = .easeInEaseOut
    ) {
        self.kind = kind
        self.direction = direction
        self.timingFunction = timingFunction
    }

    /// The same style moving the opposite way (for `previous`).
    public var reversed: TransitionStyle {
        var copy = self
        copy.direction = direction.opposite
        return copy
    }

    /// The transition for a slot of `slotSize` cells.
    ///
    /// - Parameters:
    ///   - slotSize: the slot's size in cells.
    ///   - cellAspect: a cell's height over its width, default 2.
    public func transition(slotSize: CGSize, cellAspect: Double = 2) -> any Transition {
        kind.transitionType.init(style: self, slotSize: slotSize, cellAspect: cellAspect)
    }

    /// `fold down`, `fade`, …: the kind and, for kinds that move, the direction.
    public var description: String {
        kind.hasDirection ? "\(kind) \(direction)" : kind.rawValue
    }
}
