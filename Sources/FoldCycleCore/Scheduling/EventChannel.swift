internal import FoldCyclePlatform

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Ordered delivery of a state machine's events to observers, with none of the machine's locks
/// held: events are queued while the state changes (under the machine's lock) and delivered
/// afterwards, in order, to every observer registered at delivery.
///
/// A handler that issues a command re-enters on the same thread and delivers its own events in
/// turn (the delivery lock is recursive); events from two threads are never interleaved.
///
/// Thread-safe: every method may be called from any thread. Lock order: a caller's own lock may
/// be held around ``enqueue(_:)`` (this channel's lock nests inside it), never around
/// ``deliver()``.
package final class EventChannel<Event: Sendable>: Sendable {
    private let state = LockedBox(State())
    private let deliveryLock = Lock(recursive: true)

    private struct State {
        var observers: [(id: Int, handler: @Sendable (Event) -> Void)] = []
        var nextObserverID = 0
        var pending: [Event] = []
    }

    /// Creates a channel with no observers.
    package init() {}

    /// Registers `handler` for every later event.
    ///
    /// - Returns: a token for ``removeObserver(_:)``.
    @discardableResult
    package func addObserver(_ handler: @escaping @Sendable (Event) -> Void) -> Int {
        state.withLock {
            $0.nextObserverID += 1
            $0.observers.append(($0.nextObserverID, handler))
            return $0.nextObserverID
        }
    }

    /// Unregisters the observer with `token`.
    package func removeObserver(_ token: Int) {
        state.withLock { $0.observers.removeAll { $0.id == token } }
    }

    /// An asynchronous sequence of every later event, in order; it ends when the consumer's
    /// task is cancelled or the stream is released.
    package func stream() -> AsyncStream<Event> {
        let (stream, continuation) = AsyncStream.makeStream(of: Event.self, bufferingPolicy: .unbounded)
        let token = addObserver { continuation.yield($0) }
        continuation.onTermination = { [weak self] _ in self?.removeObserver(token) }
        return stream
    }

    /// Queues `event` for the next ``deliver()``.
    package func enqueue(_ event: Event) {
        state.withLock { $0.pending.append(event) }
    }

    /// Delivers every queued event, in order, to the observers; returns when none is left.
    package func deliver() {
        deliveryLock.lock()
        defer { deliveryLock.unlock() }
        while true {
            let batch: (events: [Event], handlers: [@Sendable (Event) -> Void]) = state.withLock { state in
                defer { state.pending.removeAll() }
                return (state.pending, state.observers.map(\.handler))
            }
            if batch.events.isEmpty { return }
            for event in batch.events {
                for handler in batch.handlers { handler(event) }
            }
        }
    }
}
