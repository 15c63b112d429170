/// A data source whose items a ``Cycler`` can change while it runs: insert, remove and replace
/// by index (docs/DESIGN.md#live-item-changes).
///
/// Source: `UITableView`'s `insertRows(at:)`, `deleteRows(at:)` and `reloadRows(at:)`, which
/// tell the table that its data source changed. Here the cycler makes the change itself, under
/// its lock, so the count and items it reads always agree with the indices it holds; the
/// methods are called with that lock held and must not call back into the cycler.
public protocol MutableCycleDataSource: CycleDataSource {
    /// Inserts `item` at `index`, `0 ... count` (`count` appends); later items move up by one.
    mutating func insert(_ item: Item, at index: Int)

    /// Removes and returns the item at `index`, `0 ..< count`; later items move down by one.
    mutating func remove(at index: Int) -> Item

    /// Puts `item` at `index`, `0 ..< count`, and returns the item it replaces.
    mutating func replace(at index: Int, with item: Item) -> Item
}

extension ArrayDataSource: MutableCycleDataSource {
    /// `items.insert(item, at: index)`.
    public mutating func insert(_ item: Element, at index: Int) {
        items.insert(item, at: index)
    }

    /// `items.remove(at: index)`.
    public mutating func remove(at index: Int) -> Element {
        items.remove(at: index)
    }

    /// Sets `items[index]`, returning the old item.
    public mutating func replace(at index: Int, with item: Element) -> Element {
        let old = items[index]
        items[index] = item
        return old
    }
}
