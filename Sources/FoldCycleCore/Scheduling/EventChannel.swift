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
package final class EventChannel<Event: Sendable>: @unchecked Sendable {
    private let lock = Lock()
    private let deliveryLock = Lock(recursive: true)
    private var observers: [(id: Int, handler: @Sendable (Event) -> Void)] = []
    private var nextObserverID = 0
    private var pending: [Event] = []

    /// Creates a channel with no observers.
    package init() {}

    /// Registers `handler` for every later event.
    ///
    /// - Returns: a token for ``removeObserver(_:)``.
    @discardableResult
    package func addObserver(_ handler: @escaping @Sendable (Event) -> Void) -> Int {
        lock.withLock {
            nextObserverID += 1
            observers.append((nextObserverID, handler))
            return nextObserverID
        }
    }

    /// Unregisters the observer with `token`.
    package func removeObserver(_ token: Int) {
        lock.withLock { observers.removeAll { $0.id == token } }
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
        lock.withLock { pending.append(event) }
    }

    /// Delivers every queued event, in order, to the observers; returns when none is left.
    package func deliver() {
        deliveryLock.lock()
        defer { deliveryLock.unlock() }
        while true {
            let batch: (events: [Event], handlers: [@Sendable (Event) -> Void]) = lock.withLock {
                defer { pending.removeAll() }
                return (pending, observers.map(\.handler))
            }
            if batch.events.isEmpty { return }
            for event in batch.events {
                for handler in batch.handlers { handler(event) }
            }
        }
    }
}
