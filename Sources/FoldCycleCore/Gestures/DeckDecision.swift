/// The side a card leaves a swipe deck by: the source delegate's `removed(index, left|right)`.
public enum SwipeSide: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// Toward the left edge (in a triage: discard).
    case left
    /// Toward the right edge (in a triage: keep).
    case right

    /// The side a drag is on: left once it has gone left of its start (`translationX < 0`),
    /// right otherwise (the source's rule; docs/DESIGN.md#swipe-deck).
    public init(translationX: Double) {
        self = translationX < 0 ? .left : .right
    }

    /// −1 for left, +1 for right: the sign of x toward the side.
    public var sign: Double { self == .left ? -1 : 1 }

    /// `left` or `right`.
    public var description: String { rawValue }
}

/// Which way a page goes: to the item before the top card or the one after it.
public enum PageDirection: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// The item before the top one (the reusing stack's drag up; the ↑ key).
    case previous
    /// The item after the top one (the reusing stack's drag down; the ↓ key).
    case next

    /// The page direction of a vertical drag: previous when it goes up (`translationY < 0`),
    /// next otherwise (docs/DESIGN.md#reusing-stack).
    public init(translationY: Double) {
        self = translationY < 0 ? .previous : .next
    }

    /// `previous` or `next`.
    public var description: String { rawValue }
}

/// How a decision was made, as the deck's output reports it (docs/DESIGN.md#deck-input-and-output).
public enum DecisionCause: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// A key (or a programmatic call).
    case key
    /// A release faster than the fling speed.
    case fling
    /// A release with the card's centre near an edge (the swipe deck's position rule).
    case position
    /// A press and release with no motion in between: a click on the card.
    case tap

    /// `key`, `fling`, `position` or `tap`.
    public var description: String { rawValue }
}
