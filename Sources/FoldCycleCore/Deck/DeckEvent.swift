/// What a ``SwipeDeck`` tells its observers, in order, with no lock held: the source delegate's
/// `clicked(index)` and `removed(index, left|right)`, and the deck's own changes.
public enum DeckEvent: Hashable, Sendable {
    /// The card of item `index` was removed toward `side`; `velocity` is the release velocity
    /// in card widths per second (nil for a key or programmatic swipe).
    case removed(index: Int, side: SwipeSide, cause: DecisionCause, velocity: DeckPoint?)
    /// The top card (item `index`) was clicked: Enter, or a tap on it.
    case clicked(index: Int, cause: DecisionCause)
    /// The removal of item `index` toward `side` was undone: the card flew back on top.
    case undone(index: Int, side: SwipeSide)
    /// The top card went from item `from` to item `to` without a decision.
    case paged(from: Int, to: Int, direction: PageDirection, cause: DecisionCause, velocity: DeckPoint?)
    /// The top card (item `index`) began turning to its back (`showsBack`) or front.
    case flipped(index: Int, showsBack: Bool)
    /// Something on screen changed or began to move (a drag moved, an animation began).
    case changed
    /// No card is left and nothing moves (not looping): every item has been decided or paged
    /// past.
    case finished
}
