import Dispatch
internal import FoldCyclePlatform

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Reads a descriptor on a thread of its own and hands what it reads to a serial queue: raw key
/// bytes (non-canonical mode) or whole lines, then one end-of-input call.
///
/// In key mode an escape sequence or control string is only complete if the rest of it follows
/// soon: after every read the reader waits ``escapeTimeout`` for more and, when nothing comes,
/// calls `onEscapeTimeout`, so the decoder can take a lone Esc as the key and drop an unfinished
/// sequence (a lone `Alt+]` opens a control string nothing ends).
///
/// Backpressure: at most ``Limits/pendingInputChunks`` lines (or reads) wait on the queue; the
/// reading thread waits for one to be handled before it hands over another, so a flood of piped
/// commands costs bounded memory and whatever the queue does next (a `quit`, a signal) waits
/// behind at most that many. A line longer than ``Limits/commandLineBytes`` is dropped whole
/// (the rest of it up to its line feed is read and discarded) and reported with `onOverlongLine`
/// instead.
final class InputReader: Sendable {
    /// How long a trailing Esc (or an unfinished sequence) waits for the rest of it, in
    /// milliseconds.
    static let escapeTimeout: Int32 = 50

    enum Mode: Sendable {
        /// Raw bytes as they arrive (the decoder turns them into keys).
        case bytes
        /// Newline-terminated lines (the newline stripped).
        case lines
    }

    private let descriptor: Int32
    private let mode: Mode
    private let queue: DispatchQueue
    /// Counts the chunks the queue may still take before the reader waits.
    private let room = DispatchSemaphore(value: Limits.pendingInputChunks)

    /// Creates a reader of `descriptor`; nothing is read until ``start(onBytes:onLine:onOverlongLine:onEscapeTimeout:onEnd:)``.
    init(descriptor: Int32, mode: Mode, queue: DispatchQueue) {
        self.descriptor = descriptor
        self.mode = mode
        self.queue = queue
    }

    /// Starts the reading thread. Every callback runs on the queue, in the order read.
    ///
    /// - Parameter onOverlongLine: called (line mode) for a line longer than
    ///   ``Limits/commandLineBytes``, with its length in bytes, in place of the line.
    func start(
        onBytes: @escaping @Sendable ([UInt8], _ readAt: UInt64) -> Void, onLine: @escaping @Sendable (String) -> Void,
        onOverlongLine: @escaping @Sendable (Int) -> Void,
        onEscapeTimeout: @escaping @Sendable () -> Void, onEnd: @escaping @Sendable () -> Void
    ) {
        Platform.startThread(named: "FoldCycle.input") { [self] in
            switch mode {
            case .bytes:
                readBytes(onBytes: onBytes, onEscapeTimeout: onEscapeTimeout)
            case .lines:
                readLines(onLine: onLine, onOverlongLine: onOverlongLine)
            }
            queue.async { onEnd() }
        }
    }

    /// Hands `work` to the queue once it has room (see ``InputReader``).
    private func handOver(_ work: @escaping @Sendable () -> Void) {
        room.wait()
        let room = self.room
        queue.async {
            work()
            room.signal()
        }
    }

    /// After a failed read: whether it was a background read's EIO, which is not the end of the
    /// input (the terminal is there, another job has it) but a job control matter. This thread
    /// takes the kernel's SIGTTIN stop (``Platform/startThread(named:_:)``), so the EIO comes only
    /// when the stop could not be taken (SIGTTIN ignored, an orphaned process group): then the
    /// reader waits a moment and reads again. A read's EIO ends the input only when the terminal
    /// is gone (hung up: `tcgetpgrp` fails) or we have its foreground.
    private func waitsInBackground() -> Bool {
        guard errno == EIO, Platform.isInBackground(ofTerminal: descriptor) else { return false }
        Platform.sleep(seconds: Self.backgroundRetry)
        return true
    }

    /// Seconds between reads while a background read cannot stop the job (see `waitsInBackground`).
    static let backgroundRetry = 0.1

    private func readBytes(
        onBytes: @escaping @Sendable ([UInt8], _ readAt: UInt64) -> Void,
        onEscapeTimeout: @escaping @Sendable () -> Void
    ) {
        var buffer = [UInt8](repeating: 0, count: 256)
        var awaitingRest = false
        while true {
            var pending = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&pending, 1, awaitingRest ? Self.escapeTimeout : -1)
            if ready == 0 {
                awaitingRest = false
                handOver(onEscapeTimeout)
                continue
            }
            if ready < 0 && errno == EINTR { continue }
            // In the background the bytes are the shell's: reading them would take the kernel's
            // SIGTTIN stop, which after `kill %1` (SIGTERM, SIGCONT) stops the job again before
            // the signal is handled. The session's own stop (SIGTTOU) takes job control's part.
            if Platform.isInBackground(ofTerminal: descriptor) {
                Platform.sleep(seconds: Self.backgroundRetry)
                continue
            }
            let count = read(descriptor, &buffer, buffer.count)
            if count < 0 && (errno == EINTR || errno == EAGAIN) { continue }
            if count < 0 && waitsInBackground() { continue }
            if count <= 0 { return }
            // Stamped when read, not when the queue gets round to them (a frame being composed):
            // a drag's samples are timed by when they came (`DispatchTime` uptime nanoseconds).
            let readAt = DispatchTime.now().uptimeNanoseconds
            let bytes = Array(buffer[0..<count])
            // Whatever the bytes leave unfinished (an Esc, a sequence, a control string) is
            // complete only if more follows soon.
            awaitingRest = true
            handOver { onBytes(bytes, readAt) }
        }
    }

    private func readLines(
        onLine: @escaping @Sendable (String) -> Void, onOverlongLine: @escaping @Sendable (Int) -> Void
    ) {
        var buffer = [UInt8](repeating: 0, count: 4096)
        var line: [UInt8] = []
        /// The length of a line past the limit, whose bytes are being discarded.
        var overlong: Int?
        var lastWasCarriageReturn = false
        let limit = Limits.commandLineBytes
        func endLine() {
            if let length = overlong {
                overlong = nil
                // The CR of a CR LF is not part of the line.
                let lineLength = lastWasCarriageReturn ? length - 1 : length
                handOver { onOverlongLine(lineLength) }
                return
            }
            // CR LF counts as one line break, as Swift's readLine treats it.
            if line.last == 0x0D { line.removeLast() }
            guard line.count <= limit else {
                let length = line.count
                line.removeAll(keepingCapacity: true)
                handOver { onOverlongLine(length) }
                return
            }
            let text = String(decoding: line, as: UTF8.self)
            line.removeAll(keepingCapacity: true)
            handOver { onLine(text) }
        }
        while true {
            let count = read(descriptor, &buffer, buffer.count)
            if count < 0 && (errno == EINTR || errno == EAGAIN) { continue }
            if count < 0 && waitsInBackground() { continue }
            if count <= 0 { break }
            for byte in buffer[0..<count] {
                defer { lastWasCarriageReturn = byte == 0x0D }
                if byte == 0x0A {
                    endLine()
                } else if let length = overlong {
                    overlong = length + 1
                } else if line.count < limit + 1 {
                    // One byte past the limit is kept so that a CR before the line feed still fits.
                    line.append(byte)
                } else {
                    overlong = line.count + 1
                    line.removeAll(keepingCapacity: true)
                }
            }
        }
        if !line.isEmpty || overlong != nil { endLine() }
    }
}
