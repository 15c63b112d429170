import Dispatch
internal import FoldCyclePlatform

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Notices the reader of a pipe going away (`| head -1` is done) at once, rather than at the next
/// write, which may be a whole interval away, or never while paused.
enum OutputPipeWatch {
    /// Whether `descriptor` is a pipe (FIFO).
    static func isPipe(_ descriptor: Int32) -> Bool {
        var status = stat()
        return fstat(descriptor, &status) == 0 && (status.st_mode & S_IFMT) == S_IFIFO
    }

    /// When `descriptor` is a pipe, starts a thread that polls it for POLLERR/POLLHUP and calls
    /// `onClosed` once on `queue` when the reader is gone. Does nothing for anything else.
    static func start(descriptor: Int32, queue: DispatchQueue, onClosed: @escaping @Sendable () -> Void) {
        guard isPipe(descriptor) else { return }
        Platform.startThread(named: "FoldCycle.output-watch") {
            while true {
                var watched = pollfd(fd: descriptor, events: 0, revents: 0)
                let ready = poll(&watched, 1, -1)
                if ready < 0 && errno == EINTR { continue }
                if ready > 0 && watched.revents & Int16(POLLERR | POLLHUP) != 0 {
                    queue.async { onClosed() }
                    return
                }
                if ready < 0 { return }
            }
        }
    }
}
