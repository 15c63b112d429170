internal import FoldCyclePlatform

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A terminal size in cells.
public struct TerminalSize: Hashable, Sendable, CustomStringConvertible {
    /// Columns (cells per row), ≥ 0.
    public var columns: Int
    /// Rows, ≥ 0.
    public var rows: Int

    /// Creates a size of `columns` × `rows` cells.
    public init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
    }

    /// `COLUMNSxROWS`, e.g. `80x24`.
    public var description: String { "\(columns)x\(rows)" }

    /// The size with each side clamped to 0 and to `Limits/terminalColumns` or
    /// `Limits/terminalRows`.
    public var bounded: TerminalSize {
        TerminalSize(
            columns: min(max(columns, 0), Limits.terminalColumns), rows: min(max(rows, 0), Limits.terminalRows))
    }
}

/// Low-level access to a terminal file descriptor: whether it is a terminal, its size, its
/// termios modes, and writing bytes in full.
///
/// Source: POSIX termios and `ioctl(TIOCGWINSZ)`. Instances are values over a descriptor; the saved
/// termios state lives in `TerminalModes`.
public struct TerminalDevice: Sendable {
    /// The file descriptor (0 for stdin, 1 for stdout).
    public let fileDescriptor: Int32

    /// Wraps `fileDescriptor`; nothing is read or changed until a method is called.
    public init(fileDescriptor: Int32) {
        self.fileDescriptor = fileDescriptor
    }

    /// Standard input.
    public static let standardInput = TerminalDevice(fileDescriptor: 0)
    /// Standard output.
    public static let standardOutput = TerminalDevice(fileDescriptor: 1)
    /// Standard error.
    public static let standardError = TerminalDevice(fileDescriptor: 2)

    /// Whether the descriptor is a terminal (`isatty`).
    public var isTerminal: Bool { isatty(fileDescriptor) == 1 }

    /// The window size from `ioctl(TIOCGWINSZ)`, or nil when it is not a terminal or the driver
    /// reports nothing. A 0 × 0 size is returned as it is: callers must cope with it. A size
    /// beyond `Limits/terminalColumns` × `Limits/terminalRows` (a terminal reporting
    /// 65535 × 65535) is reported as that limit in each direction, so nothing laid out for the
    /// terminal (a fullscreen frame, a deck's area) allocates more than the limits allow.
    public var size: TerminalSize? {
        var window = winsize()
        guard ioctl(fileDescriptor, Platform.windowSizeRequest, &window) == 0 else { return nil }
        return TerminalSize(columns: Int(window.ws_col), rows: Int(window.ws_row)).bounded
    }

    /// A cell's size in pixels from `ioctl(TIOCGWINSZ)`'s pixel fields (divided by its cells),
    /// nil when it is not a terminal or the terminal leaves them 0 (as many do).
    package var cellPixels: (width: Int, height: Int)? {
        var window = winsize()
        guard ioctl(fileDescriptor, Platform.windowSizeRequest, &window) == 0 else { return nil }
        return TerminalGraphicsProbe.cellSize(
            windowPixels: (Int(window.ws_xpixel), Int(window.ws_ypixel)),
            cells: (Int(window.ws_col), Int(window.ws_row)))
    }

    /// Writes all of `bytes`, retrying after `EINTR` and waiting (poll) on `EAGAIN`.
    ///
    /// - Throws: ``TerminalError/writeFailed(errno:)`` on any other error (e.g. `EPIPE` when the
    ///   reader went away; SIGPIPE must be ignored for that to arrive as an error).
    public func write(_ bytes: [UInt8]) throws(TerminalError) {
        var failure: Int32 = 0
        bytes.withUnsafeBytes { raw in
            guard var pointer = raw.baseAddress else { return }
            var remaining = raw.count
            while remaining > 0 {
                let written = Platform.write(fileDescriptor, pointer, remaining)
                if written >= 0 {
                    remaining -= written
                    pointer += written
                    continue
                }
                let code = errno
                if code == EINTR { continue }
                if code == EAGAIN || code == EWOULDBLOCK {
                    var descriptor = pollfd(fd: fileDescriptor, events: Int16(POLLOUT), revents: 0)
                    _ = poll(&descriptor, 1, 100)
                    continue
                }
                failure = code
                return
            }
        }
        if failure != 0 { throw .writeFailed(errno: failure) }
    }

    /// Writes the UTF-8 bytes of `text` in full; see ``write(_:)-([UInt8])``.
    public func write(_ text: String) throws(TerminalError) {
        try write(Array(text.utf8))
    }

    /// Writes `text` as ``write(_:)-(String)`` does and ignores a failure: for diagnostics
    /// (error messages, replies on stderr), which must never end a program whose descriptor is
    /// closed (`EBADF`), full (`ENOSPC`, `/dev/full`) or a pipe whose reader went away (`EPIPE`).
    /// Foundation's `FileHandle.write(_:)` traps in all three cases; this is the writer to use.
    ///
    /// - Returns: the failure, if any.
    @discardableResult
    public func writeIgnoringFailure(_ text: String) -> TerminalError? {
        do {
            try write(text)
            return nil
        } catch {
            return error
        }
    }
}

/// Errors from terminal access.
public enum TerminalError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The descriptor is not a terminal.
    case notATerminal
    /// `tcgetattr` / `tcsetattr` failed with `errno`.
    case termiosFailed(errno: Int32)
    /// `write` failed with `errno` (e.g. EPIPE: the reader is gone).
    case writeFailed(errno: Int32)

    /// A one-line message.
    public var description: String {
        switch self {
        case .notATerminal: return "not a terminal"
        case .termiosFailed(let code): return "cannot change terminal modes: \(String(cString: strerror(code)))"
        case .writeFailed(let code): return "cannot write output: \(String(cString: strerror(code)))"
        }
    }
}
