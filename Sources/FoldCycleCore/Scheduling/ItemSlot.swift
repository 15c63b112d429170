/// One of the cycler's two reusable slots: the item it currently shows and that item's index.
///
/// Source: the reusable views of the source's card stack, dequeued by reuse identifier as
/// `UITableView` dequeues cells. A slot leaving the screen goes back to a ``SlotReusePool`` with
/// its item dropped, so at most two items are alive however many the data source has.
package final class ItemSlot<Item: Sendable> {
    /// The identifier this slot is reused under.
    package let reuseIdentifier: String
    /// The index the item shown had when the slot was configured, or nil while the slot waits
    /// in the reuse pool. An item change that moves the item (docs/DESIGN.md#live-item-changes)
    /// leaves it: the slot's look stays what it was while it is on screen.
    package private(set) var index: Int?
    /// The item shown, or nil while the slot waits in the reuse pool.
    package private(set) var item: Item?

    /// Creates an empty slot for `reuseIdentifier`.
    package init(reuseIdentifier: String) {
        self.reuseIdentifier = reuseIdentifier
    }

    /// Shows `item` (at `index`) in this slot.
    package func configure(index: Int, item: Item) {
        self.index = index
        self.item = item
    }

    /// Drops the item so the slot holds nothing while it waits in the pool.
    package func prepareForReuse() {
        index = nil
        item = nil
    }
}

/// Slots waiting to be reused, keyed by reuse identifier.
///
/// Not thread-safe by itself: ``Cycler`` uses it under its lock.
package struct SlotReusePool<Item: Sendable> {
    private var waiting: [String: [ItemSlot<Item>]] = [:]
    /// How many slots ``dequeue(reuseIdentifier:)`` has had to create (never reused ones).
    package private(set) var createdCount = 0

    /// Creates an empty pool.
    package init() {}

    /// A waiting slot with `reuseIdentifier`, or a new one when none waits.
    package mutating func dequeue(reuseIdentifier: String) -> ItemSlot<Item> {
        if let slot = waiting[reuseIdentifier]?.popLast() { return slot }
        createdCount += 1
        return ItemSlot(reuseIdentifier: reuseIdentifier)
    }

    /// Empties `slot` and keeps it for reuse.
    package mutating func enqueue(_ slot: ItemSlot<Item>) {
        slot.prepareForReuse()
        waiting[slot.reuseIdentifier, default: []].append(slot)
    }
}
