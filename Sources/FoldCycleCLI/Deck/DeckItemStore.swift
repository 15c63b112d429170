import FoldCycle
internal import FoldCyclePlatform

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
/// Thread-safe: its state is in a ``LockedBox`` (the deck reads it under its own lock, from its
/// queue or its clock's; clients add on the session's queue).
final class DeckItemStore: DeckDataSource, Sendable {
    private struct State {
        var items: [String]
        var needsMoreDataHandler: (@Sendable (Int) -> Void)?
    }

    private let state: LockedBox<State>

    /// A store of `items`.
    init(_ items: [String]) {
        state = LockedBox(State(items: items))
    }

    /// Calls `handler` with the cards left each time the deck asks for more data (no deck lock
    /// is held then).
    func setNeedsMoreDataHandler(_ handler: (@Sendable (Int) -> Void)?) {
        state.withLock { $0.needsMoreDataHandler = handler }
    }

    /// Every item, in order.
    var items: [String] { state.withLock { $0.items } }

    /// The number of items.
    var count: Int { state.withLock { $0.items.count } }

    /// The item at `index` (`0 ..< count`).
    func item(at index: Int) -> String { state.withLock { $0.items[index] } }

    /// The item at `index`, or "" when there is none (an event about an item out of range).
    func text(at index: Int) -> String {
        state.withLock { $0.items.indices.contains(index) ? $0.items[index] : "" }
    }

    /// Appends `item`; returns its index.
    @discardableResult
    func append(_ item: String) -> Int {
        state.withLock {
            $0.items.append(item)
            return $0.items.count - 1
        }
    }

    /// Appends `items` (a batch read from a stream).
    func append(contentsOf items: [String]) {
        state.withLock { $0.items += items }
    }

    /// The deck runs low: tells the handler.
    func needsMoreData(remaining: Int) {
        let handler = state.withLock { $0.needsMoreDataHandler }
        handler?(remaining)
    }
}
