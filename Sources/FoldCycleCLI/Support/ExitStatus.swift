import Dispatch
import FoldCycle
internal import FoldCyclePlatform

/// The exit status of a command whose work runs on queues (the live run, the deck, `render
/// --play`): the queue that finishes the work hands the status over with ``finish(_:)``, and the
/// command's `run()` waits for it on the main thread with ``wait()`` and returns it, so that only
/// `main` exits (docs/decisions/0015-exit-paths.md).
final class ExitStatus: Sendable {
    private let status = LockedBox<Int32?>(nil)
    private let handedOver = DispatchSemaphore(value: 0)

    /// Blocks the calling thread until ``finish(_:)``; returns the status handed over.
    func wait() -> Int32 {
        handedOver.wait()
        return status.withLock { $0 } ?? 1
    }

    /// Hands `code` to ``wait()`` (the first status wins) and stops the calling queue for good:
    /// as when it called `exit` itself, nothing more runs on it (no frame, reply or key after the
    /// terminal was given back) while `main` exits.
    func finish(_ code: Int32) -> Never {
        let first = status.withLock { current in
            guard current == nil else { return false }
            current = code
            return true
        }
        if first { handedOver.signal() }
        let never = DispatchSemaphore(value: 0)
        while true { never.wait() }
    }
}
