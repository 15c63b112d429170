/// Supplies the items a ``Cycler`` cycles through, by index, so that a million items
/// cost no more than two: the cycler asks for an item only when it moves into a slot.
///
/// Source: `UITableViewDataSource` / the source's card-stack data source (`numberOfItems`,
/// `viewForItemAtIndex`). Calls come from the thread that issued a command or from the clock's
/// queue, so conformers must be `Sendable`.
public protocol CycleDataSource: Sendable {
    /// The item type; ``Cycler`` holds at most two at a time.
    associatedtype Item: Sendable

    /// The number of items, ≥ 1 for a cycler to be created. Read when a transition begins.
    var count: Int { get }

    /// The item at `index`, `0 ..< count`. Called once per transition, for the incoming item.
    func item(at index: Int) -> Item

    /// The reuse identifier of the slot that shows the item at `index` (as a table view cell's);
    /// slots are reused only for items with the same identifier. Default: `"item"`.
    func reuseIdentifier(at index: Int) -> String
}

extension CycleDataSource {
    /// The single default reuse identifier, `"item"`.
    public func reuseIdentifier(at index: Int) -> String { "item" }
}

/// A data source over an array: the convenience for a list of items, which a ``Cycler`` may also
/// change while it runs (``MutableCycleDataSource``).
public struct ArrayDataSource<Element: Sendable>: CycleDataSource {
    /// The items, in cycling order.
    public internal(set) var items: [Element]

    /// Creates a data source over `items`.
    public init(_ items: [Element]) {
        self.items = items
    }

    /// `items.count`.
    public var count: Int { items.count }

    /// `items[index]`.
    public func item(at index: Int) -> Element { items[index] }
}
