import FoldCycle
import FoldCycleOptions
internal import FoldCyclePlatform

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `foldcycle run [OPTIONS] -- COMMAND [ARG ...]`: runs a command with a card pinned under its
/// output (its latest line, or tips), then a one-line summary where the card was; the command's
/// exit status is passed through (docs/decisions/0140-run-command.md).
struct RunCommand {
    /// `run`'s own options; the shared ones are in ``SharedOptions``.
    enum Options {
        static let title = TextOption(
            "title", value: "text", summary: "The job's name on the card and in the summary.",
            defaultText: "the command line")
        static let tips = TextOption(
            "tips", value: "path",
            summary: "Cycle this file's items (one per line) in the card instead of the latest line.",
            isPath: true)
        /// `--interval`: the live cycler's range, with a longer default (a tip is read while a build runs).
        static let interval = LiveCommand.Options.interval.reworded(
            summary: "Seconds each tip is shown (with --tips).", default: 4)
        static let minimumShow = NumberOption(
            "min-show", value: "seconds",
            summary: "Seconds a line stays on the card at least before the next folds in.",
            range: .init(0...3600, unit: "seconds"), default: 1)
        static let quiet = FlagOption(
            "quiet", short: "q", summary: "Hide the command's output; print it (or its last --tail lines) if it fails.")
        static let tail = IntegerOption<Int?>(
            "tail", value: "n", summary: "With --quiet, print only the last n lines of a failed command's output.",
            range: .init(1...1_000_000), defaultText: "all (its last 4 MiB)")
        /// `--motion`: the live cycler's values; none draws no card.
        static let motion = LiveCommand.Options.motion.reworded(
            summary:
                "How much the card moves: a short cross-fade for reduced; none draws no card (plain pass-through).")
        static let noPseudoTerminal = FlagOption(
            "no-pty", summary: "Run the command with pipes instead of a pseudo-terminal (stdin inherited).")
    }

    /// The options, in the order help lists them.
    static let specs: [OptionSpec] = [
        Options.title.spec, Options.tips.spec, Options.interval.spec, Options.minimumShow.spec, Options.quiet.spec,
        Options.tail.spec, Options.noPseudoTerminal.spec, Options.motion.spec, SharedOptions.palette.spec,
        SharedOptions.color.spec, SessionRecording.option.spec, SessionRecording.overwriteOption.spec,
        SharedOptions.help.spec,
    ]

    /// The positional arguments as help and the manual list them: `(<NAME>, description)`.
    static let arguments: [(String, String)] = [
        ("<COMMAND>", "The program to run (looked up in PATH), after '--'."),
        ("<ARG>", "Its arguments, passed as they are."),
    ]

    /// The one sentence help and the manual open with.
    static let overview =
        "Run a command with a card pinned under its output: its latest line, or tips; then a summary and its exit status."

    /// The sections after OPTIONS, as help and the manual show them.
    static let sections: [HelpText.Section] = [
        .init(
            title: "BEHAVIOUR",
            lines: [
                "The command runs in a pseudo-terminal of its own (colours and line buffering kept;",
                "keys and window size handed on); its output scrolls above the card. The card folds",
                "to each new line at most once per --min-show seconds; a \\r progress line counts",
                "as its last segment. At the end the card gives way to one line:",
                "  ✓ TITLE · 42.3 s          or          ✗ TITLE · exit 2 · 3.1 s",
                "Exit status: the command's; 128+N when signal N ended it; 127 not found,",
                "126 not executable. Ctrl-C goes to the command. With stdout not a terminal,",
                "TERM=dumb or --motion none, output passes straight through, no escapes; the",
                "summary then goes to stderr when stdout is not a terminal.",
            ]),
        .init(
            title: "EXAMPLES",
            lines: [
                "foldcycle run -- swift build",
                "foldcycle run --tips Examples/search-tips.txt --title build -- make -j8",
                "foldcycle run --quiet --tail 20 -- ./scripts/test",
            ]),
    ]

    static let help = HelpText.make(
        overview: overview, usage: [.run], arguments: arguments, options: specs, sections: sections)

    let arguments: [String]
    /// The job's name, as data: escape sequences and controls removed.
    let title: String
    let tips: [StyledString]?
    let interval: TimeInterval
    let minimumShow: TimeInterval
    let quiet: Bool
    let tail: Int?
    let usesPseudoTerminal: Bool
    let motion: Motion.Setting
    let style: CardStyle
    let colorDepth: ColorDepth
    /// `--record` (with `--overwrite`; the tips file is never overwritten).
    let record: SessionRecording.Request?

    /// Parses `run`'s arguments (without the word `run`); nil when help was asked for. Options
    /// come first; the command starts after `--`, or at the first argument that is neither an
    /// option nor an option's value.
    ///
    /// - Throws: ``CLIError/usage(_:_:)`` for no command, an unknown option or a bad value;
    ///   ``CLIError/unreadableInput(_:)`` for a `--tips` file that cannot be read.
    static func parse(_ arguments: [String]) throws(CLIError) -> RunCommand? {
        let (options, command) = split(arguments)
        let parsed = try ParsedArguments(options, specs: specs, command: .run)
        let values = OptionValues(parsed: parsed, command: .run)
        if values.flag(SharedOptions.help) { return nil }
        guard !command.isEmpty, !command[0].isEmpty else {
            throw .usage("no command to run: give it after '--', as in 'foldcycle run -- make'", .run)
        }
        let tips = try values.text(Options.tips).map { path throws(CLIError) in
            try ItemInput.items(fromFile: path, split: .lines).map { StyledString($0) }
        }
        if let tips, tips.isEmpty {
            throw .usage("no tips in '\(values.text(Options.tips) ?? "")' (one per line)", .run)
        }
        let given = values.text(Options.title) ?? command.map(Self.shellWord).joined(separator: " ")
        // An output line reads from its start, as in the output above it; tips are centred.
        var style = try SharedOptions.cardStyle(values)
        if tips == nil { style.alignment = .left }
        return RunCommand(
            arguments: command, title: Self.plainTitle(given), tips: tips, interval: try values.value(Options.interval),
            minimumShow: try values.value(Options.minimumShow), quiet: values.flag(Options.quiet),
            tail: try values.value(Options.tail), usesPseudoTerminal: !values.flag(Options.noPseudoTerminal),
            motion: try values.value(Options.motion), style: style,
            colorDepth: try SharedOptions.colorDepth(values, device: .standardOutput),
            record: try SessionRecording.request(values, itemsFile: values.text(Options.tips)))
    }

    /// `arguments` cut into `run`'s options and the command: at the first `--`, or at the first
    /// argument that is no option and no option's value.
    static func split(_ arguments: [String]) -> (options: [String], command: [String]) {
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--" { return (Array(arguments[..<index]), Array(arguments[(index + 1)...])) }
            guard argument.hasPrefix("-"), argument != "-" else { break }
            let name = argument.dropFirst(2).prefix { $0 != "=" }
            let takesValue =
                argument.hasPrefix("--") && !argument.contains("=")
                && specs.first { $0.name == name }?.valueName != nil
            index += takesValue ? 2 : 1
        }
        let cut = min(index, arguments.count)
        return (Array(arguments[..<cut]), Array(arguments[cut...]))
    }

    /// An argument as a shell would need it typed: as it is when it holds only characters no shell
    /// treats specially (letters, digits, `@%+=:,./_-`), else in single quotes (a quote inside as
    /// `'\''`); `''` for the empty argument. The default title shows the command so.
    static func shellWord(_ argument: String) -> String {
        let plain = "@%+=:,./_-"
        if !argument.isEmpty,
            argument.unicodeScalars.allSatisfy({
                $0.properties.isAlphabetic || ("0"..."9").contains($0) || plain.unicodeScalars.contains($0)
            })
        {
            return argument
        }
        return "'" + argument.replacing("'", with: "'\\''") + "'"
    }

    /// A title as every output shows it: escape sequences and controls removed, line breaks and
    /// tabs as spaces.
    static func plainTitle(_ text: String) -> String {
        String(ANSIReader.stripped(text).map { $0 == "\n" || $0 == "\t" ? " " : $0 })
    }

    /// Runs the command to its end; returns its exit status (``RunOutcome/exitStatus``).
    func run() throws(CLIError) -> Int32 {
        let configuration = RunSession.playerConfiguration(for: self)
        let resolved = configuration.resolved(
            for: TerminalDevice.standardOutput, environment: ProcessInfo.processInfo.environment)
        guard resolved.output != .plainText, resolved.motion != .none else {
            // What a terminal shows is recorded; pass-through shows nothing of ours: refused as
            // for the live card.
            _ = try SessionRecording.open(record, clock: DispatchClock(), drawsFrames: false, command: .run)
            return PlainRun(command: self).run()
        }
        return RunSession.run(self, configuration: configuration)
    }
}
