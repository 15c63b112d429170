import Foundation

/// A deck at an instant, back to front: what a scene draws.
public struct DeckSnapshot<Item: Sendable>: Sendable {
    /// The cards on screen, the farthest back first (the bottom of the stack, …, the top card,
    /// then a card flying off).
    public var cards: [DeckCardSnapshot<Item>]
    /// The item on top, or nil when the deck is empty.
    public var topIndex: Int?
    /// Whether a drag holds the top card.
    public var isDragging: Bool

    /// Creates a snapshot.
    public init(cards: [DeckCardSnapshot<Item>], topIndex: Int?, isDragging: Bool) {
        self.cards = cards
        self.topIndex = topIndex
        self.isDragging = isDragging
    }
}

/// One card of a ``DeckSnapshot``.
public struct DeckCardSnapshot<Item: Sendable>: Sendable {
    /// The item's index in the data source.
    public var index: Int
    /// The item.
    public var item: Item
    /// Its place in the stack (0 = top), or nil for a card flying off.
    public var position: Int?
    /// Where it is and how it is turned.
    public var pose: CardPose
    /// Whether it shows its back side (at the end of a flip in progress).
    public var showsBack: Bool
    /// A flip in progress, if any.
    public var flip: CardFlip?

    /// Creates a card snapshot.
    public init(index: Int, item: Item, position: Int?, pose: CardPose, showsBack: Bool, flip: CardFlip?) {
        self.index = index
        self.item = item
        self.position = position
        self.pose = pose
        self.showsBack = showsBack
        self.flip = flip
    }
}

/// A card turning from one side to the other.
public struct CardFlip: Hashable, Sendable {
    /// Normalized time of the turn, 0...1.
    public var t: Double
    /// Whether the turn ends on the back side (false: on the front).
    public var towardBack: Bool

    /// Creates a flip state.
    public init(t: Double, towardBack: Bool) {
        self.t = t
        self.towardBack = towardBack
    }
}
