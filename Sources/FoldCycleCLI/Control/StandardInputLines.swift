import Dispatch
import FoldCycle
internal import FoldCyclePlatform

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Reads standard input's lines on a thread of its own and hands each to a serial queue, then
/// calls an end handler once: the deck's requests in `--protocol jsonl`, whose terminal session
/// reads keys from `/dev/tty` instead. Lines longer than ``ProtocolLimits/maximumLineBytes`` are
/// dropped as they come (a ``LineFramer``) and handed on as a marker the decoder refuses.
enum StandardInputLines {
    /// Starts reading; `onLine` gets each line's bytes (nil for a line too long, with its size),
    /// `onEnd` runs after the last, both on `queue`.
    static func start(
        queue: DispatchQueue, onLine: @escaping @Sendable (LineFramer.Line) -> Void,
        onEnd: @escaping @Sendable () -> Void
    ) {
        Platform.startThread(named: "FoldCycle.requests") {
            var framer = LineFramer()
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = read(0, &buffer, buffer.count)
                if count < 0 && (errno == EINTR || errno == EAGAIN) { continue }
                if count <= 0 { break }
                for line in framer.append(buffer[0..<count]) { queue.async { onLine(line) } }
            }
            if let last = framer.finish() { queue.async { onLine(last) } }
            queue.async { onEnd() }
        }
    }
}
