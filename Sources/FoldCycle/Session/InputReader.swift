import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads a descriptor on a thread of its own and hands what it reads to a serial queue: raw key
/// bytes (non-canonical mode) or whole lines, then one end-of-input call.
///
/// In key mode a lone Esc is a key of its own only if nothing follows it soon: the reader waits
/// ``escapeTimeout`` for the rest of a sequence and then calls `onEscapeTimeout`, so the decoder
/// can drop the pending Esc.
final class InputReader: @unchecked Sendable {
    /// How long a trailing Esc waits for the rest of an escape sequence, in milliseconds.
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

    /// Creates a reader of `descriptor`; nothing is read until ``start(onBytes:onLine:onEscapeTimeout:onEnd:)``.
    init(descriptor: Int32, mode: Mode, queue: DispatchQueue) {
        self.descriptor = descriptor
        self.mode = mode
        self.queue = queue
    }

    /// Starts the reading thread. Every callback runs on the queue, in the order read.
    func start(
        onBytes: @escaping @Sendable ([UInt8]) -> Void, onLine: @escaping @Sendable (String) -> Void,
        onEscapeTimeout: @escaping @Sendable () -> Void, onEnd: @escaping @Sendable () -> Void
    ) {
        let descriptor = self.descriptor
        let mode = self.mode
        let queue = self.queue
        let thread = Thread {
            switch mode {
            case .bytes:
                Self.readBytes(descriptor, queue: queue, onBytes: onBytes, onEscapeTimeout: onEscapeTimeout)
            case .lines:
                Self.readLines(descriptor, queue: queue, onLine: onLine)
            }
            queue.async { onEnd() }
        }
        thread.name = "FoldCycle.input"
        thread.start()
    }

    private static func readBytes(
        _ descriptor: Int32, queue: DispatchQueue,
        onBytes: @escaping @Sendable ([UInt8]) -> Void,
        onEscapeTimeout: @escaping @Sendable () -> Void
    ) {
        var buffer = [UInt8](repeating: 0, count: 256)
        var endedWithEscape = false
        while true {
            var pending = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&pending, 1, endedWithEscape ? escapeTimeout : -1)
            if ready == 0 {
                endedWithEscape = false
                queue.async { onEscapeTimeout() }
                continue
            }
            if ready < 0 && errno == EINTR { continue }
            let count = read(descriptor, &buffer, buffer.count)
            if count < 0 && (errno == EINTR || errno == EAGAIN) { continue }
            if count <= 0 { return }
            let bytes = Array(buffer[0..<count])
            endedWithEscape = bytes.last == 0x1B
            queue.async { onBytes(bytes) }
        }
    }

    private static func readLines(
        _ descriptor: Int32, queue: DispatchQueue,
        onLine: @escaping @Sendable (String) -> Void
    ) {
        var buffer = [UInt8](repeating: 0, count: 4096)
        var line: [UInt8] = []
        while true {
            let count = read(descriptor, &buffer, buffer.count)
            if count < 0 && (errno == EINTR || errno == EAGAIN) { continue }
            if count <= 0 { break }
            for byte in buffer[0..<count] {
                if byte == 0x0A {
                    // CR LF counts as one line break, as Swift's readLine treats it.
                    if line.last == 0x0D { line.removeLast() }
                    let text = String(decoding: line, as: UTF8.self)
                    line.removeAll(keepingCapacity: true)
                    queue.async { onLine(text) }
                } else {
                    line.append(byte)
                }
            }
        }
        if !line.isEmpty {
            let text = String(decoding: line, as: UTF8.self)
            queue.async { onLine(text) }
        }
    }
}
