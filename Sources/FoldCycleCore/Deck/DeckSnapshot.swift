#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A deck at an instant, back to front: what a scene draws.
package struct DeckSnapshot<Item: Sendable>: Sendable {
    /// The cards on screen, the farthest back first (the bottom of the stack, …, the top card,
    /// then a card flying off).
    package var cards: [DeckCardSnapshot<Item>]
    /// The item on top, or nil when the deck is empty.
    package var topIndex: Int?
    /// Whether a drag holds the top card.
    package var isDragging: Bool

    /// Creates a snapshot.
    package init(cards: [DeckCardSnapshot<Item>], topIndex: Int?, isDragging: Bool) {
        self.cards = cards
        self.topIndex = topIndex
        self.isDragging = isDragging
    }
}

/// One card of a ``DeckSnapshot``.
package struct DeckCardSnapshot<Item: Sendable>: Sendable {
    /// The item's index in the data source.
    package var index: Int
    /// The item.
    package var item: Item
    /// Its place in the stack (0 = top), or nil for a card flying off.
    package var position: Int?
    /// Where it is and how it is turned.
    package var pose: CardPose
    /// Whether it shows its back side (at the end of a flip in progress).
    package var showsBack: Bool
    /// A flip in progress, if any.
    package var flip: CardFlip?

    /// Creates a card snapshot.
    package init(index: Int, item: Item, position: Int?, pose: CardPose, showsBack: Bool, flip: CardFlip?) {
        self.index = index
        self.item = item
        self.position = position
        self.pose = pose
        self.showsBack = showsBack
        self.flip = flip
    }
}

/// A card turning from one side to the other.
package struct CardFlip: Hashable, Sendable {
    /// Normalized time of the turn, 0...1.
    package var t: Double
    /// Whether the turn ends on the back side (false: on the front).
    package var towardBack: Bool

    /// Creates a flip state.
    package init(t: Double, towardBack: Bool) {
        self.t = t
        self.towardBack = towardBack
    }
}
