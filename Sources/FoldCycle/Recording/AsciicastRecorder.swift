internal import FoldCyclePlatform

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// An ``OutputSink`` that tees: every write goes to the terminal first, unchanged, and then to an
/// asciicast v2 file as an output event timed on the player's clock. The recording never changes
/// what the terminal shows, and knows nothing of the scene: any player (a cycler's card, a deck)
/// records through it.
///
/// - The header (`AsciicastHeader`) is written at creation, with the terminal's size then.
/// - Each ``write(_:)`` is one `"o"` event of exactly the bytes written, at `clock.now` minus
///   the clock's time at creation (seconds). When the terminal's size differs from the size last
///   recorded, an `"r"` event comes first, at the same time: the bytes that follow are drawn for
///   the new size.
/// - ``mark(_:)`` writes an `"m"` marker (the player marks each item as it settles).
/// - Every line goes to the file as it happens (no buffering), so the file is a complete, valid
///   recording after every event, on every exit path: quit, end of input, a signal (the
///   session's end path draws the last frame and restores the terminal through this sink), an
///   error, even a kill.
/// - The file never blocks the player: writes are non-blocking, and what a slow reader (a pipe)
///   has not taken waits in a backlog of at most `Limits/recordingBacklogBytes`.
/// - A failure to write the file (``RecordingError/writeFailed(path:errno:)``, or
///   ``RecordingError/stalled(path:bytes:)`` past the backlog's bound) stops the recording and
///   is kept in ``failure``; the terminal goes on.
/// - The file is created new: an existing path is refused unless `overwrite`, a symbolic link is
///   never followed, and the protected files (the items file) are never replaced.
///
/// Thread-safe: writes come from the player's queue, marks from any thread.
///
/// Source: asciinema's recorder, which records a pseudo-terminal's output the same way (header,
/// then `[time, "o", data]` lines written as they happen).
public final class AsciicastRecorder: OutputSink, Sendable {
    /// Where the bytes are shown.
    public let terminal: any OutputSink
    /// The file's path (for messages).
    public let path: String

    private let clock: any CycleClock
    private let origin: TimeInterval
    private let state: LockedBox<State>

    private struct State {
        var file: RecordingFile
        var encoder = AsciicastEncoder()
        var recordedSize: TerminalSize
        var firstFailure: RecordingError?
        var closed = false

        /// Writes `line` to the file, keeping the first failure.
        mutating func append(_ line: [UInt8]) {
            guard !line.isEmpty else { return }
            do throws(RecordingError) {
                try file.append(line)
            } catch {
                firstFailure = error
            }
        }
    }

    /// Creates the file at `path`, mode 0644, and writes the header.
    ///
    /// - Parameters:
    ///   - path: the recording's file.
    ///   - terminal: where bytes are shown (standard output, a test's recording terminal).
    ///   - clock: the player's clock (a ``FrameSource``'s); event times are seconds on it since
    ///     now.
    ///   - title: the header's title, or nil.
    ///   - environment: the header's `env`; default `TERM` from the process environment when set.
    ///   - timestamp: the header's start time in seconds since the Unix epoch; default now.
    ///   - overwrite: whether an existing file at `path` is replaced (truncated); default no.
    ///   - protecting: files the recording must never replace, compared by device and inode
    ///     (e.g. the file the items were read from).
    /// - Throws: ``RecordingError/exists(path:)`` for an existing path without `overwrite`;
    ///   ``RecordingError/symbolicLink(path:)``; ``RecordingError/protectedFile(path:)``;
    ///   ``RecordingError/cannotCreate(path:errno:)`` when the file cannot be opened for
    ///   writing; ``RecordingError/writeFailed(path:errno:)`` when the header cannot be written.
    public init(
        path: String, terminal: any OutputSink, clock: any CycleClock, title: String? = nil,
        environment: [String: String]? = nil, timestamp: Int? = Int(Date().timeIntervalSince1970),
        overwrite: Bool = false, protecting: [String] = []
    ) throws(RecordingError) {
        let file = try RecordingFile.open(path: path, overwrite: overwrite, protecting: protecting)
        self.path = path
        self.terminal = terminal
        self.clock = clock
        origin = clock.now
        let size = terminal.size ?? TerminalSize(columns: 80, rows: 24)
        let env = environment ?? ProcessInfo.processInfo.environment["TERM"].map { ["TERM": $0] } ?? [:]
        let header = AsciicastHeader(size: size, timestamp: timestamp, environment: env, title: title)
        state = LockedBox(State(file: file, recordedSize: header.size))
        let failure = state.withLock {
            $0.append(header.line)
            return $0.firstFailure
        }
        if let failure { throw failure }
    }

    deinit {
        state.withLock { if !$0.closed { _ = close($0.file.descriptor) } }
    }

    /// Writes `bytes` to the terminal, then records them (after an `"r"` event when the
    /// terminal's size changed). Bytes the terminal did not take are not recorded.
    ///
    /// - Throws: the terminal's ``TerminalError`` (a failure of the file is kept in ``failure``
    ///   instead).
    public func write(_ bytes: [UInt8]) throws(TerminalError) {
        try terminal.write(bytes)
        state.withLock { state in
            guard !state.closed, state.firstFailure == nil else { return }
            let time = clock.now - origin
            var line: [UInt8] = []
            if let size = terminal.size, size != state.recordedSize, size.columns > 0, size.rows > 0 {
                state.recordedSize = size
                state.encoder.append(.resize(size), at: time, to: &line)
            }
            state.encoder.append(.output(bytes), at: time, to: &line)
            state.append(line)
        }
    }

    /// The terminal's.
    public var isTerminal: Bool { terminal.isTerminal }

    /// The terminal's.
    public var size: TerminalSize? { terminal.size }

    /// The terminal's.
    public var terminalDevice: TerminalDevice? { terminal.terminalDevice }

    /// Writes an `"m"` marker named `label` (control characters and newlines as JSON escapes).
    public func mark(_ label: String) {
        state.withLock {
            guard !$0.closed, $0.firstFailure == nil else { return }
            $0.append($0.encoder.line(.marker(label), at: clock.now - origin))
        }
    }

    /// The first failure writing the file, if any.
    public var failure: RecordingError? { state.withLock { $0.firstFailure } }

    /// Closes the file; later writes reach the terminal only. Idempotent.
    ///
    /// - Returns: the first failure writing the file, if any (the recording ends before it).
    @discardableResult
    public func finish() -> RecordingError? {
        state.withLock { state in
            if !state.closed {
                state.closed = true
                if state.firstFailure == nil {
                    do throws(RecordingError) {
                        try state.file.drain(within: Limits.recordingDrainSeconds)
                    } catch {
                        state.firstFailure = error
                    }
                }
                if close(state.file.descriptor) != 0, state.firstFailure == nil {
                    state.firstFailure = .writeFailed(path: path, errno: errno)
                }
            }
            return state.firstFailure
        }
    }
}
