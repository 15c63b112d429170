import Dispatch
internal import FoldCyclePlatform
import Synchronization

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The write end of the signal pipe, read by the C handler: a process-wide descriptor, -1 until
/// the relay makes the pipe (before it installs a handler), then set once. An atomic, so the
/// compiler checks it; a lock-free load is async-signal-safe, as a lock would not be.
private let signalPipeWriteEnd = Atomic<Int32>(-1)

/// Whether a termination signal (SIGINT, SIGTERM, SIGHUP, SIGQUIT) has reached the C handler:
/// set there (a lock-free atomic store is async-signal-safe), read by job control, which must not
/// stop the process again (`kill %1` on a stopped job sends SIGTERM, then SIGCONT) before the
/// signal's handler has run.
private let terminationSignalArrived = Atomic<Bool>(false)

/// The C signal handler: writes the signal's number to the pipe. Only async-signal-safe calls
/// (`write`, an atomic store), and `errno` is kept for the interrupted code.
private func relaySignal(_ number: Int32) {
    let saved = errno
    if number == SIGINT || number == SIGTERM || number == SIGHUP || number == SIGQUIT {
        terminationSignalArrived.store(true, ordering: .sequentiallyConsistent)
    }
    var byte = UInt8(truncatingIfNeeded: number)
    _ = write(signalPipeWriteEnd.load(ordering: .acquiring), &byte, 1)
    errno = saved
}

/// Catches signals for the whole process and hands each to the handlers registered for it, on
/// their queues.
///
/// A `sigaction` handler writes the signal's number to a pipe (the self-pipe technique); a thread
/// reads the pipe and dispatches. Once ``register(_:queue:handler:)`` returns the signal is caught:
/// unlike `DispatchSource.makeSignalSource` after `signal(_, SIG_IGN)`, whose registration
/// completes later on Dispatch's manager thread, there is no moment in which the signal is
/// ignored and lost (a SIGTERM sent right after the first frame was, in about one run in three).
/// When the last handler of a signal is removed, the disposition it had before comes back.
///
/// A registration may carry a ``Watchdog``: the reading thread then checks that the handler has
/// run to its end within the watchdog's deadline, and when it has not (the queue is stuck, say in
/// a write to a terminal that stopped reading), calls the watchdog's emergency handler itself,
/// on the reading thread: a termination signal is never stuck behind the queue.
final class SignalRelay: Sendable {
    /// Whether a termination signal has been caught since the process started (see
    /// `terminationSignalArrived`).
    static var hasTerminationSignalArrived: Bool { terminationSignalArrived.load(ordering: .sequentiallyConsistent) }

    /// What to do when a handler has not run to its end `deadline` seconds after its signal came.
    struct Watchdog: Sendable {
        /// Seconds the handler has, from the signal's arrival.
        var deadline: TimeInterval
        /// Called on the relay's thread with the signal number when the deadline passes.
        var emergency: @Sendable (Int32) -> Void
    }

    /// The one relay of the process.
    static let shared = SignalRelay()

    private struct Registration {
        var token: Int
        var queue: DispatchQueue
        var handler: @Sendable (Int32) -> Void
        var watchdog: Watchdog?
    }

    /// A dispatched handler a watchdog waits for.
    private struct Watched {
        var number: Int32
        var due: TimeInterval
        var done: HandlerCompletion
        var emergency: @Sendable (Int32) -> Void
    }

    /// The registrations, under one lock (the signal handler itself reads only the pipe's write
    /// end, `signalPipeWriteEnd`).
    private let state = LockedBox(State())

    private struct State {
        var registrations: [Int32: [Registration]] = [:]
        var previousActions: [Int32: sigaction] = [:]
        var nextToken = 0
        var readEnd: Int32 = -1
    }

    /// Calls `handler` on `queue` each time `number` arrives, from now on; with a `watchdog`, its
    /// emergency handler is called on the relay's thread when `handler` has not returned by the
    /// watchdog's deadline.
    ///
    /// - Returns: a token for ``unregister(_:)``, or nil when the pipe cannot be made.
    func register(
        _ number: Int32, queue: DispatchQueue, watchdog: Watchdog? = nil,
        handler: @escaping @Sendable (Int32) -> Void
    ) -> Int? {
        state.withLock { state in
            guard start(&state) else { return nil }
            state.nextToken += 1
            let isFirst = state.registrations[number]?.isEmpty ?? true
            state.registrations[number, default: []].append(
                Registration(token: state.nextToken, queue: queue, handler: handler, watchdog: watchdog))
            if isFirst {
                var action = sigaction()
                Platform.setHandler(relaySignal, of: &action)
                sigemptyset(&action.sa_mask)
                action.sa_flags = SA_RESTART
                var previous = sigaction()
                _ = sigaction(number, &action, &previous)
                state.previousActions[number] = previous
            }
            return state.nextToken
        }
    }

    /// Removes the registration `token`; the signal's earlier disposition comes back when it was
    /// the last one.
    func unregister(_ token: Int) {
        state.withLock { state in
            for (number, list) in state.registrations where list.contains(where: { $0.token == token }) {
                let remaining = list.filter { $0.token != token }
                state.registrations[number] = remaining
                if remaining.isEmpty, var previous = state.previousActions.removeValue(forKey: number) {
                    _ = sigaction(number, &previous, nil)
                }
            }
        }
    }

    /// Restores `number`'s default disposition (before re-raising it, say), whatever is registered.
    func restoreDefault(_ number: Int32) {
        state.withLock {
            $0.registrations[number] = []
            $0.previousActions[number] = nil
            signal(number, SIG_DFL)
        }
    }

    /// Makes the pipe and the reading thread once (with the lock held).
    private func start(_ state: inout State) -> Bool {
        if state.readEnd >= 0 { return true }
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return false }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        // The handler must never block on a full pipe.
        _ = fcntl(ends[1], F_SETFL, fcntl(ends[1], F_GETFL) | O_NONBLOCK)
        state.readEnd = ends[0]
        // Released before `sigaction` installs the handler that loads it.
        signalPipeWriteEnd.store(ends[1], ordering: .releasing)
        let descriptor = ends[0]
        Platform.startThread(named: "FoldCycle.signals") { [self] in readSignals(from: descriptor) }
        return true
    }

    private func readSignals(from descriptor: Int32) {
        var buffer = [UInt8](repeating: 0, count: 64)
        var watched: [Watched] = []
        while true {
            // Wait for a signal, or for the first watched handler's deadline.
            let now = ProcessInfo.processInfo.systemUptime
            watched.removeAll { $0.done.isDone }
            for expired in watched where expired.due <= now { expired.emergency(expired.number) }
            watched.removeAll { $0.due <= now }
            let timeout = watched.map(\.due).min().map { Int32(min(max(($0 - now) * 1000, 1), 60_000).rounded(.up)) }
            var pending = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&pending, 1, timeout ?? -1)
            if ready == 0 || (ready < 0 && errno == EINTR) { continue }
            let count = read(descriptor, &buffer, buffer.count)
            if count < 0 && (errno == EINTR || errno == EAGAIN) { continue }
            if count <= 0 { return }
            for byte in buffer[0..<count] {
                let number = Int32(byte)
                let targets = state.withLock { $0.registrations[number] ?? [] }
                for target in targets {
                    let handler = target.handler
                    guard let watchdog = target.watchdog else {
                        target.queue.async { handler(number) }
                        continue
                    }
                    let done = HandlerCompletion()
                    watched.append(
                        Watched(
                            number: number, due: ProcessInfo.processInfo.systemUptime + watchdog.deadline, done: done,
                            emergency: watchdog.emergency))
                    target.queue.async {
                        handler(number)
                        done.finish()
                    }
                }
            }
        }
    }
}

/// Whether a dispatched signal handler has returned (read by the relay's watchdog).
private final class HandlerCompletion: Sendable {
    private let finished = LockedBox(false)

    var isDone: Bool { finished.withLock { $0 } }

    func finish() { finished.withLock { $0 = true } }
}
