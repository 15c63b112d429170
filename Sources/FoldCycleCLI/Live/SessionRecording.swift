import FoldCycle
import FoldCycleOptions
internal import FoldCyclePlatform

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `--record FILE` for any live scene (the cycler, the deck), timed on the scene's clock
/// (docs/DESIGN.md#pictures): an asciicast v2 recording, where the player's sink becomes an
/// ``AsciicastRecorder`` that tees the terminal's bytes to the file with a marker for each item
/// as it settles, or, for a name ending in `.svg`, an animated SVG of the frames the player
/// draws (``SVGRecorder``). A command declares ``option``, opens the recorder with
/// ``open(_:clock:drawsFrames:terminal:command:)`` before its player starts, passes
/// ``SessionRecorder/sink(terminal:)`` to the player, attaches the recorder to it, and calls
/// ``finish(_:)`` on its exit path.
enum SessionRecording {
    /// `--record`: absent, nothing is recorded.
    static let option = TextOption(
        "record", value: "file",
        summary:
            "Record what the terminal shows as a new file: asciicast v2, or an animated SVG for a name ending in .svg.",
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
                    "'--overwrite' replaces the file of '--record'; give it with '--record <file>'", values.command
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
    ///   - drawsCards: whether cards are drawn (not with motion none): an SVG needs them.
    ///   - terminal: the terminal the frames are drawn on (standard output for the cycler, the
    ///     controlling terminal for the deck).
    ///   - command: the command whose usage a refused path shows.
    /// - Throws: ``CLIError/usage(_:_:)`` for a path that exists (without `--overwrite`), is a
    ///   symbolic link, or is the items file; ``CLIError/runtime(_:)`` when standard output is
    ///   not a terminal that frames are drawn on, or the file cannot be created.
    static func open(
        _ request: Request?, clock: any CycleClock, drawsFrames: Bool, drawsCards: Bool = true,
        terminal: TerminalDevice = .standardOutput, command: CLICommand
    ) throws(CLIError) -> SessionRecorder? {
        guard let request else { return nil }
        let path = request.path
        guard drawsFrames else {
            throw .runtime(
                "cannot record '\(path)': standard output is not a terminal that frames are drawn on "
                    + "(--record records what a terminal shows)")
        }
        let arguments = ProcessInfo.processInfo.arguments.dropFirst()
        if path.lowercased().hasSuffix(".svg"), !drawsCards {
            throw .usage(
                "cannot record '\(path)' as an SVG: with --motion none no card is drawn (items are printed as "
                    + "lines); record to a .cast file", command)
        }
        let protecting = request.itemsFile.map { [$0 == "-" ? "/dev/stdin" : $0] } ?? []
        do throws(RecordingError) {
            if path.lowercased().hasSuffix(".svg") {
                return .svg(
                    try SVGRecorder(path: path, clock: clock, overwrite: request.overwrite, protecting: protecting))
            }
            return .asciicast(
                try AsciicastRecorder(
                    path: path, terminal: terminal, clock: clock,
                    title: (["foldcycle"] + arguments).joined(separator: " "), overwrite: request.overwrite,
                    protecting: protecting))
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

    /// Closes the recording (call after the player's last frame): the error to report when the
    /// file could not be written in full (or an SVG stopped at its size bound), else nil.
    static func finish(_ recorder: SessionRecorder?) -> CLIError? { recorder?.finish() }
}

/// The recorder `--record` opened: which of the two a file's name asks for.
enum SessionRecorder {
    /// An asciicast of the bytes the terminal gets (the player's sink).
    case asciicast(AsciicastRecorder)
    /// An animated SVG of the frames the player draws.
    case svg(SVGRecorder)

    /// What the player writes to: the asciicast recorder (which tees to `terminal`), or
    /// `terminal` itself.
    func sink(terminal: TerminalDevice) -> any OutputSink {
        switch self {
        case .asciicast(let recorder): recorder
        case .svg: terminal
        }
    }

    /// Lets an SVG recorder see every frame `player` draws.
    func attach(to player: Player) {
        if case .svg(let recorder) = self { recorder.attach(to: player) }
    }

    /// Closes the file: the error to report, else nil.
    func finish() -> CLIError? {
        switch self {
        case .asciicast(let recorder):
            return recorder.finish().map { .runtime($0.description) }
        case .svg(let recorder):
            if let failure = recorder.finish() { return .runtime(failure.description) }
            guard let cut = recorder.cutTime else { return nil }
            return .runtime(
                "the recording '\(recorder.path)' stops at \(shortestText((cut * 10).rounded() / 10)) s: an SVG holds \(Limits.svgCells) "
                    + "cells of distinct frames; record to a .cast file for longer sessions")
        }
    }
}

extension Optional where Wrapped == SessionRecorder {
    /// What the player writes to: the recorder's sink, or `terminal` without a recording.
    func sink(terminal: TerminalDevice) -> any OutputSink { self?.sink(terminal: terminal) ?? terminal }
}
