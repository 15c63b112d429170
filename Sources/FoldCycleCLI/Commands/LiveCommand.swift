import FoldCycle
import Foundation

/// `foldcycle [OPTIONS] [ITEM ...]`: cycles items live in the terminal.
struct LiveCommand {
    enum Parsed {
        case help
        case version
        case run(LiveCommand)
    }

    static let version = "0.1.0"

    // MARK: - Options

    /// Allowed `--interval` (and typed `interval`) values, in seconds.
    static let intervalRange = 0.01...86_400.0
    /// ``intervalRange`` as errors state it: `a finite number ≥ 0.01 and ≤ 86400`.
    static var intervalRangeText: String { Options.interval.range.boundsText(upperBound: nil) }

    /// The live cycler's own options; the shared ones are in ``SharedOptions``.
    enum Options {
        /// `--interval`: ``LiveCommand/intervalRange``.
        static let interval = NumberOption(
            "interval", value: "seconds", summary: "Seconds between transitions.",
            range: .init(LiveCommand.intervalRange, unit: "seconds"), default: 2)
        /// `--duration`: below the interval, which is read first.
        static let duration = NumberOption(
            "duration", value: "seconds", summary: "Seconds each transition runs.",
            range: .init(above: 0, below: "the interval", unit: "seconds"),
            defaultText: "interval − min(0.1, interval/2)")
        /// `--fps`.
        static let framesPerSecond = IntegerOption(
            "fps", value: "n", summary: "Frames per second while a transition runs.", range: .init(1...240), default: 60
        )
        static let fullscreen = FlagOption(
            "fullscreen", summary: "Use the alternate screen, card centred, instead of rows at the cursor.")
        static let paused = FlagOption("paused", summary: "Launch paused ('start', 'resume' or Space lets it run).")
        /// `--cycles`: absent, no limit.
        static let cycles = IntegerOption(
            "cycles", value: "n", summary: "Exit 0 after n transitions.", range: .init(0...1_000_000_000),
            defaultText: "run until quit")
        static let version = FlagOption("version", summary: "Show the version.")
    }

    /// The options, in the order help lists them.
    static let specs: [OptionSpec] = [
        SharedOptions.transition.spec, SharedOptions.direction.spec, Options.interval.spec, Options.duration.spec,
        SharedOptions.timing.spec,
        Options.framesPerSecond.spec, SharedOptions.file.spec, SharedOptions.width.spec, SharedOptions.height.spec,
        SharedOptions.align.spec, SharedOptions.palette.spec, SharedOptions.color.spec, Options.fullscreen.spec,
        Options.paused.spec, Options.cycles.spec, SessionRecording.option.spec, SharedOptions.help.spec,
        Options.version.spec,
    ]

    static let help = HelpText.make(
        overview: "Cycle items through two slots with transitions (a fold by default), live in the terminal.",
        usage: CLICommand.allCases,
        arguments: [
            ("<ITEM>", "The text of one card. With no items and no --file, a built-in demo deck plays.")
        ],
        options: specs,
        sections: [
            .init(
                title: "COMMANDS (one per line on stdin; case-insensitive)",
                lines: HelpText.wrapped(SessionCommand.summary, width: HelpText.width - 2) + [
                    "Replies go to the status line under the card, or to stderr when stdout is not a terminal.",
                    "When stdin ends, commands end and the cards go on until quit, a signal or --cycles.",
                ]),
            .init(
                title: "KEYS (when stdin and stdout are a terminal)",
                lines: [
                    "type a command, Enter runs it; Backspace edits; Space (on an empty line) pauses or",
                    "resumes; arrow keys set the direction; Ctrl-C or Ctrl-D quits.",
                ]),
            HelpText.subcommandsSection,
            .init(
                title: "EXAMPLES",
                lines: [
                    "foldcycle --direction up --interval 2",
                    "foldcycle --file Examples/search-tips.txt",
                    "printf 'pause\\nstatus\\nquit\\n' | foldcycle A B C",
                ]),
        ])

    /// The built-in demo deck: five cards, played in the source's five colours.
    static let demoDeck = [
        "FoldCycle\nfolds one card away while the next unfolds",
        "Type a command and press Enter\npause · resume · next · prev · status · quit",
        "Space pauses · arrow keys turn the fold\nCtrl-C quits and leaves your terminal as it was",
        "Wide text stays whole\n折叠切换 · 카드 전환 · カードめくり 🎴",
        "Your own cards\nfoldcycle --file cards.txt   or   foldcycle A B C",
    ]

    let items: [String]
    let transition: TransitionKind
    let direction: TransitionDirection
    let interval: TimeInterval
    let duration: TimeInterval?
    let timingFunction: TimingFunction
    let framesPerSecond: Int
    let cardSize: TerminalSize
    let style: CardStyle
    let colorDepth: ColorDepth
    let fullscreen: Bool
    let paused: Bool
    let cycles: Int?
    /// `--record`: the asciicast file, if any.
    let record: String?

    /// Parses the live cycler's arguments.
    ///
    /// - Throws: ``CLIError/usage(_:_:)`` for a first argument that looks like a mistyped
    ///   subcommand, an unknown option, or a value outside what its declaration allows;
    ///   ``CLIError/unreadableInput(_:)`` for a `--file` that cannot be read.
    static func parse(_ arguments: [String]) throws(CLIError) -> Parsed {
        try CLICommand.rejectMistypedSubcommand(in: arguments)
        let parsed = try ParsedArguments(arguments, specs: specs, command: .live)
        let values = OptionValues(parsed: parsed, command: .live)
        if values.flag(SharedOptions.help) { return .help }
        if values.flag(Options.version) { return .version }
        let items = try SharedOptions.items(values) ?? demoDeck
        let interval = try values.value(Options.interval)
        let duration = try values.value(Options.duration, upperBound: interval)
        return .run(
            LiveCommand(
                items: items,
                transition: try values.value(SharedOptions.transition),
                direction: try values.value(SharedOptions.direction),
                interval: interval,
                duration: duration,
                timingFunction: try values.value(SharedOptions.timing),
                framesPerSecond: try values.value(Options.framesPerSecond),
                // A card sized to its items is kept within the terminal's width.
                cardSize: try SharedOptions.cardSize(
                    values, items: items,
                    maxWidth: TerminalDevice.standardOutput.size.flatMap { $0.columns > 0 ? $0.columns : nil }),
                style: try SharedOptions.cardStyle(values),
                colorDepth: try SharedOptions.colorDepth(values, device: .standardOutput),
                fullscreen: values.flag(Options.fullscreen),
                paused: values.flag(Options.paused),
                cycles: try values.value(Options.cycles),
                record: values.text(SessionRecording.option)))
    }

    /// Runs until `quit`, a signal, or `--cycles`; never returns.
    func run() -> Never {
        let session: LiveSession
        do {
            session = try LiveSession(command: self)
        } catch {
            FileHandle.standardError.write(Data(error.message.utf8))
            exit(error.exitCode)
        }
        session.run()
    }
}
