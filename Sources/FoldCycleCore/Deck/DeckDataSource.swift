/// Supplies a deck's cards by index, so that a million items cost no more than the few on
/// screen: the deck asks for an item only when its card comes into view, and asks for more data
/// when it runs low.
///
/// Source: the swipe deck's data source (`numberOfItems`, `viewForItemAtIndex`, `needsMoreData`)
/// and `UITableViewDataSource`. A deck calls ``CycleDataSource/count`` and
/// ``CycleDataSource/item(at:)`` under its lock, from the thread that issued a command or from
/// its clock's queue, so conformers must be `Sendable` and must not call back into the deck
/// from those two; ``needsMoreData(remaining:)`` is called with no lock held.
public protocol DeckDataSource: CycleDataSource {
    /// The deck runs low: `remaining` cards (the top one and those after it) are left, no more
    /// than it shows. A data source that can grow adds items now (the deck reads `count` again
    /// when this returns) or later (then it calls ``SwipeDeck/reloadData()``). Default: nothing.
    func needsMoreData(remaining: Int)
}

extension DeckDataSource {
    /// Does nothing: the items are all there is.
    public func needsMoreData(remaining: Int) {}
}

extension ArrayDataSource: DeckDataSource {}
