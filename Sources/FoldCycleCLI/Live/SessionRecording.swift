import FoldCycle
import Foundation

/// `--record FILE.cast` for any live scene (the cycler, the deck): the player's sink becomes an
/// ``AsciicastRecorder`` that tees standard output to the file, timed on the scene's clock, with
/// a marker for each item as it settles (docs/DESIGN.md#pictures). A command declares
/// ``option``, opens the recorder with ``open(_:clock:drawsFrames:)`` before its player starts,
/// passes ``sink(_:)`` to the player, and calls ``finish(_:)`` on its exit path.
enum SessionRecording {
    /// `--record`: absent, nothing is recorded.
    static let option = TextOption(
        "record", value: "file.cast", summary: "Record what the terminal shows as an asciicast v2 file.",
        isPath: true)

    /// The recorder for `path`, or nil when `path` is nil.
    ///
    /// - Parameters:
    ///   - path: the file to create (truncated if it exists).
    ///   - clock: the scene's clock; event times are seconds on it from now.
    ///   - drawsFrames: whether frames go to a terminal (a recording of plain text is refused).
    ///   - terminal: the terminal the frames are drawn on (standard output for the cycler, the
    ///     controlling terminal for the deck).
    /// - Throws: ``CLIError/runtime(_:)`` when standard output is not a terminal that frames are
    ///   drawn on, or the file cannot be created.
    static func open(
        _ path: String?, clock: any CycleClock, drawsFrames: Bool,
        terminal: TerminalDevice = .standardOutput
    ) throws(CLIError) -> AsciicastRecorder? {
        guard let path else { return nil }
        guard drawsFrames else {
            throw .runtime(
                "cannot record '\(path)': standard output is not a terminal that frames are drawn on "
                    + "(--record records what a terminal shows)")
        }
        let arguments = ProcessInfo.processInfo.arguments.dropFirst()
        do {
            return try AsciicastRecorder(
                path: path, terminal: terminal, clock: clock,
                title: (["foldcycle"] + arguments).joined(separator: " "))
        } catch {
            throw .runtime(error.description)
        }
    }

    /// What the player writes to: the recorder, or the terminal itself.
    static func sink(_ recorder: AsciicastRecorder?, terminal: TerminalDevice = .standardOutput) -> any OutputSink {
        recorder ?? terminal
    }

    /// Closes the recording (call after the player's last frame): the error to report when the
    /// file could not be written in full, else nil.
    static func finish(_ recorder: AsciicastRecorder?) -> CLIError? {
        recorder?.finish().map { .runtime($0.description) }
    }
}
