#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A deck's settings: which source behaviour its drags follow, how its cards are laid out,
/// whether it loops, where it draws, the seed of its entry offsets.
public struct DeckConfiguration: Hashable, Sendable {
    /// The release rule, rotation and spring-back of drags (default the swipe deck).
    public var behavior: DeckBehavior
    /// The visible cards and their places.
    public var layout: StackLayout
    /// Whether the deck starts over after its last item (then it never runs out and never asks
    /// for more data). Default false.
    public var loops: Bool
    /// The deck's drawing area relative to the top card's place, in card widths: a card that
    /// flies off ends beyond it. Default one card (``DeckRect/card(height:)``).
    public var bounds: DeckRect
    /// The seed of the entry offsets (`SeededGenerator`). Default 0.
    public var seed: UInt64
    /// How long Space's turn of a card to its other side takes, in seconds (> 0). Default 0.5.
    public var flipDuration: TimeInterval
    /// How many removals ``SwipeDeck/undo()`` can take back (≥ 0; the oldest are forgotten).
    /// Default 1000.
    public var undoLimit: Int

    /// Creates a configuration.
    public init(
        behavior: DeckBehavior = .swipeDeck, layout: StackLayout, loops: Bool = false, bounds: DeckRect? = nil,
        seed: UInt64 = 0, flipDuration: TimeInterval = 0.5, undoLimit: Int = 1000
    ) {
        self.behavior = behavior
        self.layout = layout
        self.loops = loops
        self.bounds = bounds ?? .card(height: layout.cardHeight)
        self.seed = seed
        self.flipDuration = flipDuration.isFinite && flipDuration > 0 ? flipDuration : 0.5
        self.undoLimit = max(undoLimit, 0)
    }

    /// The card's height in card widths (the layout's).
    public var cardHeight: Double { layout.cardHeight }
}
