import FoldCycle
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `--record FILE.cast` for any live scene (the cycler, the deck): the player's sink becomes an
/// ``AsciicastRecorder`` that tees standard output to the file, timed on the scene's clock, with
/// a marker for each item as it settles (docs/DESIGN.md#pictures). A command declares
/// ``option``, opens the recorder with ``open(_:clock:drawsFrames:)`` before its player starts,
/// passes ``sink(_:)`` to the player, and calls ``finish(_:)`` on its exit path.
enum SessionRecording {
    /// `--record`: absent, nothing is recorded.
    static let option = TextOption(
        "record", value: "file.cast", summary: "Record what the terminal shows as a new asciicast v2 file.",
        isPath: true)
    /// `--overwrite`: `--record` may replace an existing file (never the items file, never
    /// through a symbolic link).
    static let overwriteOption = FlagOption(
        "overwrite", summary: "With --record, replace an existing file (never the items file or a symbolic link).")

    /// What `--record` asks for.
    struct Request: Equatable, Sendable {
        /// The recording's path.
        let path: String
        /// `--overwrite`.
        let overwrite: Bool
        /// The items file (`--file`; `-` is standard input), which the recording never replaces.
        let itemsFile: String?
    }

    /// `--record`, `--overwrite` and the items file from `values`; nil without `--record`.
    ///
    /// - Throws: ``CLIError/usage(_:_:)`` for `--overwrite` without `--record`.
    static func request(_ values: OptionValues, itemsFile: String?) throws(CLIError) -> Request? {
        let overwrite = values.flag(overwriteOption)
        guard let path = values.text(option) else {
            if overwrite {
                throw .usage(
                    "'--overwrite' replaces the file of '--record'; give it with '--record <file.cast>'", values.command
                )
            }
            return nil
        }
        return Request(path: path, overwrite: overwrite, itemsFile: itemsFile)
    }

    /// The recorder `request` asks for, or nil when it is nil.
    ///
    /// - Parameters:
    ///   - request: the file to create (an existing one only with `--overwrite`).
    ///   - clock: the scene's clock; event times are seconds on it from now.
    ///   - drawsFrames: whether frames go to a terminal (a recording of plain text is refused).
    ///   - terminal: the terminal the frames are drawn on (standard output for the cycler, the
    ///     controlling terminal for the deck).
    ///   - command: the command whose usage a refused path shows.
    /// - Throws: ``CLIError/usage(_:_:)`` for a path that exists (without `--overwrite`), is a
    ///   symbolic link, or is the items file; ``CLIError/runtime(_:)`` when standard output is
    ///   not a terminal that frames are drawn on, or the file cannot be created.
    static func open(
        _ request: Request?, clock: any CycleClock, drawsFrames: Bool,
        terminal: TerminalDevice = .standardOutput, command: CLICommand
    ) throws(CLIError) -> AsciicastRecorder? {
        guard let request else { return nil }
        let path = request.path
        guard drawsFrames else {
            throw .runtime(
                "cannot record '\(path)': standard output is not a terminal that frames are drawn on "
                    + "(--record records what a terminal shows)")
        }
        let arguments = ProcessInfo.processInfo.arguments.dropFirst()
        do {
            return try AsciicastRecorder(
                path: path, terminal: terminal, clock: clock,
                title: (["foldcycle"] + arguments).joined(separator: " "), overwrite: request.overwrite,
                protecting: request.itemsFile.map { [$0 == "-" ? "/dev/stdin" : $0] } ?? [])
        } catch {
            throw refusal(error, path: path, command: command) ?? .runtime(error.description)
        }
    }

    /// The usage error for a path a recording may not take, or nil for other failures.
    static func refusal(_ error: RecordingError, path: String, command: CLICommand) -> CLIError? {
        switch error {
        case .exists:
            return .usage("cannot record to '\(path)': the file exists (give '--overwrite' to replace it)", command)
        case .symbolicLink:
            return .usage("cannot record to '\(path)': it is a symbolic link, which a recording never follows", command)
        case .protectedFile:
            return .usage(
                "cannot record to '\(path)': it is the items file ('--file'); record to another file", command)
        case .cannotCreate, .writeFailed, .stalled:
            return nil
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
