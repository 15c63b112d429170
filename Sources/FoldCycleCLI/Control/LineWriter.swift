import Dispatch
import FoldCycle
internal import FoldCyclePlatform

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Writes lines to a descriptor without ever blocking its queue: what the descriptor does not
/// take at once waits in a queue of at most `limit` bytes and is written when it becomes
/// writable (a `DispatchSourceWrite`). A reader that falls further behind, or goes away, ends
/// the writer with a ``Failure``; nothing is written after it.
///
/// Used on one serial queue only (the session's): its state is ``QueueConfined`` to it. Writes
/// use `Platform.sendWithoutSignal` on sockets and `write(2)` elsewhere, so a vanished reader is
/// an `EPIPE`, never a signal.
final class LineWriter: Sendable {
    /// Why the writer stopped.
    enum Failure: Equatable, Sendable {
        /// The descriptor failed (`EPIPE`: the reader went away), with `errno`.
        case writeFailed(errno: Int32)
        /// More than the limit waited: the reader is not reading.
        case fellBehind(bytes: Int)
    }

    /// What changes as lines are written: on the queue only.
    private struct State {
        /// Bytes queued: `pending[offset...]` wait to be written.
        var pending: [UInt8] = []
        var offset = 0
        var source: (any DispatchSourceWrite)?
        var failureHandler: (@Sendable (Failure) -> Void)?
        var failure: Failure?
        var closed = false
    }

    let descriptor: Int32
    private let limit: Int
    private let isSocket: Bool
    private let state: QueueConfined<State>
    private var queue: DispatchQueue { state.queue }

    /// A writer of `descriptor` on `queue`, holding at most `limit` bytes for it. The descriptor
    /// should be non-blocking (``makeNonBlocking(_:)``); a blocking one is written to directly.
    init(descriptor: Int32, queue: DispatchQueue, limit: Int) {
        self.descriptor = descriptor
        state = QueueConfined(State(), on: queue)
        self.limit = limit
        var status = stat()
        isSocket = fstat(descriptor, &status) == 0 && (status.st_mode & S_IFMT) == S_IFSOCK
    }

    /// Calls `handler` once, on the queue, when the writer fails.
    func setFailureHandler(_ handler: (@Sendable (Failure) -> Void)?) {
        state.value.failureHandler = handler
    }

    /// Why the writer stopped, once it failed.
    var failure: Failure? { state.value.failure }

    private var closed: Bool { state.value.closed }

    /// Bytes waiting to be written.
    var pendingByteCount: Int { state.withValue { $0.pending.count - $0.offset } }

    /// Queues `text` and writes what the descriptor takes now.
    func write(_ text: String) {
        guard failure == nil, !closed else { return }
        state.value.pending.append(contentsOf: text.utf8)
        guard pendingByteCount <= limit else {
            fail(.fellBehind(bytes: pendingByteCount))
            return
        }
        if state.value.source == nil { flush() }
    }

    /// Writes what is pending, blocking for at most `timeout` seconds of a reader that does not
    /// read (the last lines before an exit: the reply to `quit`).
    func drain(timeout: TimeInterval) {
        let deadline = Date().addingTimeInterval(timeout)
        while failure == nil, !closed, pendingByteCount > 0 {
            flush()
            guard pendingByteCount > 0, failure == nil else { return }
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0 else { return }
            var descriptor = pollfd(fd: self.descriptor, events: Int16(POLLOUT), revents: 0)
            _ = poll(&descriptor, 1, Int32(min(remaining, 1) * 1000))
        }
    }

    /// Stops writing; what is pending is dropped. The descriptor is the caller's to close.
    func close() {
        state.value.closed = true
        cancelSource()
        state.withValue { state in
            state.pending.removeAll()
            state.offset = 0
        }
    }

    /// Sets `O_NONBLOCK` on `descriptor` when it is a pipe or a socket (terminals and files are
    /// left as they are: a write to them does not wait for a reader).
    ///
    /// - Returns: the descriptor's flags before, to give back with ``restoreFlags(_:of:)``; nil
    ///   when nothing was changed.
    static func makeNonBlocking(_ descriptor: Int32) -> Int32? {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return nil }
        let type = status.st_mode & S_IFMT
        guard type == S_IFIFO || type == S_IFSOCK else { return nil }
        let flags = fcntl(descriptor, F_GETFL)
        guard flags >= 0, flags & O_NONBLOCK == 0, fcntl(descriptor, F_SETFL, flags | O_NONBLOCK) == 0 else {
            return nil
        }
        return flags
    }

    /// Gives `descriptor` back the flags ``makeNonBlocking(_:)`` returned, so that a shell's next
    /// command writing to the same pipe is not surprised by `EAGAIN`.
    static func restoreFlags(_ flags: Int32?, of descriptor: Int32) {
        if let flags { _ = fcntl(descriptor, F_SETFL, flags) }
    }

    // MARK: - Writing

    private func flush() {
        while pendingByteCount > 0 {
            let written = state.withValue { state in
                state.pending.withUnsafeBytes { buffer -> Int in
                    let start = buffer.baseAddress! + state.offset
                    let count = buffer.count - state.offset
                    return isSocket
                        ? Platform.sendWithoutSignal(descriptor, start, count)
                        : Platform.write(descriptor, start, count)
                }
            }
            if written > 0 {
                state.value.offset += written
                continue
            }
            if written < 0 && errno == EINTR { continue }
            if written < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) {
                waitUntilWritable()
                return
            }
            fail(.writeFailed(errno: written < 0 ? errno : EPIPE))
            return
        }
        state.withValue { state in
            state.pending.removeAll(keepingCapacity: state.pending.count <= 65_536)
            state.offset = 0
        }
        cancelSource()
    }

    private func waitUntilWritable() {
        // Drop what was written, so the queue holds only what waits.
        state.withValue { state in
            if state.offset > 0 {
                state.pending.removeFirst(state.offset)
                state.offset = 0
            }
        }
        guard state.value.source == nil else { return }
        let writable = DispatchSource.makeWriteSource(fileDescriptor: descriptor, queue: queue)
        writable.setEventHandler { [weak self] in self?.flush() }
        state.value.source = writable
        writable.resume()
    }

    private func cancelSource() {
        state.withValue { state in
            state.source?.cancel()
            state.source = nil
        }
    }

    /// Ends the writer; the handler is called with no access to the state open (it may close
    /// this writer).
    private func fail(_ reason: Failure) {
        guard failure == nil else { return }
        state.value.failure = reason
        close()
        let handler = state.value.failureHandler
        handler?(reason)
    }
}
