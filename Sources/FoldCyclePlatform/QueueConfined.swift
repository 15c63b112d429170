import Dispatch

/// State that lives on one serial `DispatchQueue` and is reached only there (swift-nio's
/// `NIOLoopBound` is the model): an object that keeps its mutable state here, and only `let`s of
/// `Sendable` types beside it, is checked `Sendable` with no `@unchecked` of its own
/// (docs/decisions/0200-checked-sendable.md).
///
/// Every read and write checks that it runs on ``queue`` (`dispatchPrecondition`, in release
/// builds too); a call from elsewhere stops the process with that message instead of racing.
/// Why queues and not actors: docs/decisions/0042-queues-not-actors.md.
package final class QueueConfined<Value>: @unchecked Sendable {
    // audited: `storage` is reached only on `queue`, every access checked by `dispatchPrecondition`.
    /// The serial queue the value belongs to.
    package let queue: DispatchQueue
    private var storage: Value

    /// Holds `value` for `queue`; creating it may happen anywhere (nothing reads it yet).
    package init(_ value: Value, on queue: DispatchQueue) {
        self.queue = queue
        storage = value
    }

    /// The value; read or written on ``queue`` only.
    package var value: Value {
        get {
            dispatchPrecondition(condition: .onQueue(queue))
            return storage
        }
        _modify {
            dispatchPrecondition(condition: .onQueue(queue))
            yield &storage
        }
    }

    /// The value, read without the queue check: for the owner's `deinit` only (for instance to
    /// cancel a timer it holds). An owner being deinitialized has no reference left, so nothing
    /// on the queue can reach the value any more, and the thread that released it last, which
    /// may be any thread, is its only reader.
    package var valueAtDeinit: Value { storage }

    /// Runs `body` with the value, on ``queue`` only; what `body` changes is kept.
    package func withValue<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        dispatchPrecondition(condition: .onQueue(queue))
        return try body(&storage)
    }
}
