import FoldCycle
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The items of `foldcycle deck` as its deck's data source: the items read at start, and those a
/// protocol client adds (`{"cmd":"add","value":"…"}`), which the deck takes in at its next
/// ``SwipeDeck/reloadData()``. When the deck runs low it calls the needs-more-data handler
/// (docs/DESIGN.md#control-protocol: the `needs-more-data` event).
///
/// Thread-safe: guarded by a `Lock` (the deck reads it under its own lock, from its queue or
/// its clock's; clients add on the session's queue).
final class DeckItemStore: DeckDataSource, @unchecked Sendable {
    private let lock = Lock()
    private var storage: [String]
    private var needsMoreDataHandler: (@Sendable (Int) -> Void)?

    /// A store of `items`.
    init(_ items: [String]) {
        storage = items
    }

    /// Calls `handler` with the cards left each time the deck asks for more data (no deck lock
    /// is held then).
    func setNeedsMoreDataHandler(_ handler: (@Sendable (Int) -> Void)?) {
        lock.withLock { needsMoreDataHandler = handler }
    }

    /// Every item, in order.
    var items: [String] { lock.withLock { storage } }

    /// The number of items.
    var count: Int { lock.withLock { storage.count } }

    /// The item at `index` (`0 ..< count`).
    func item(at index: Int) -> String { lock.withLock { storage[index] } }

    /// The item at `index`, or "" when there is none (an event about an item out of range).
    func text(at index: Int) -> String {
        lock.withLock { storage.indices.contains(index) ? storage[index] : "" }
    }

    /// Appends `item`; returns its index.
    @discardableResult
    func append(_ item: String) -> Int {
        lock.withLock {
            storage.append(item)
            return storage.count - 1
        }
    }

    /// Appends `items` (a batch read from a stream).
    func append(contentsOf items: [String]) {
        lock.withLock { storage += items }
    }

    /// The deck runs low: tells the handler.
    func needsMoreData(remaining: Int) {
        let handler = lock.withLock { needsMoreDataHandler }
        handler?(remaining)
    }
}
