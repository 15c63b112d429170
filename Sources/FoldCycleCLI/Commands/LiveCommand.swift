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

    /// Allowed `--interval` (and typed `interval`) values, in seconds.
    static let intervalRange = 0.01...86_400.0
    static let intervalRangeText = "a finite number ≥ 0.01 and ≤ 86400"

    static let specs: [OptionSpec] = [
        SharedOptions.direction,
        OptionSpec("interval", value: "seconds", help: "Seconds between transitions, 0.01...86400. (default: 2)"),
        OptionSpec(
            "duration", value: "seconds",
            help: "Seconds each transition runs, > 0 and < the interval. (default: interval − min(0.1, interval/2))"),
        SharedOptions.timing,
        OptionSpec("fps", value: "n", help: "Frames per second while a transition runs, 1...240. (default: 60)"),
        SharedOptions.file, SharedOptions.width, SharedOptions.height, SharedOptions.align, SharedOptions.palette,
        SharedOptions.color,
        OptionSpec("fullscreen", help: "Use the alternate screen, card centred, instead of rows at the cursor."),
        OptionSpec("paused", help: "Launch paused ('start', 'resume' or Space lets it run)."),
        OptionSpec("cycles", value: "n", help: "Exit 0 after n transitions, 0...1000000000. (default: run until quit)"),
        SharedOptions.help,
        OptionSpec("version", help: "Show the version."),
    ]

    static let help = SharedOptions.helpText(
        overview: "Cycle items through two slots with fold transitions, live in the terminal.",
        usage: ["foldcycle [OPTIONS] [ITEM ...]", "foldcycle render [OPTIONS] [ITEM ...]"],
        arguments: [
            ("<ITEM>", "The text of one card. With no items and no --file, a built-in demo deck plays."),
        ],
        options: specs,
        extra: """

            COMMANDS (one per line on stdin; case-insensitive):
              start, pause, resume, stop, next, prev, direction D, interval S, duration S,
              status, help, quit
              Replies go to the status line under the card, or to stderr when stdout is not a terminal.
              When stdin ends, commands end and the cards go on until quit, a signal or --cycles.

            KEYS (when stdin and stdout are a terminal):
              type a command, Enter runs it; Backspace edits; Space (on an empty line) pauses or
              resumes; arrow keys set the direction; Ctrl-C or Ctrl-D quits.

            SUBCOMMANDS:
              render    Print the frames of one transition (see 'foldcycle render --help').

            EXAMPLES:
              foldcycle --direction up --interval 2
              foldcycle --file Examples/search-tips.txt
              printf 'pause\\nstatus\\nquit\\n' | foldcycle A B C

            """)

    /// The built-in demo deck: five cards, played in the source's five colours.
    static let demoDeck = [
        "FoldCycle\nfolds one card away while the next unfolds",
        "Type a command and press Enter\npause · resume · next · prev · status · quit",
        "Space pauses · arrow keys turn the fold\nCtrl-C quits and leaves your terminal as it was",
        "Wide text stays whole\n折叠切换 · 카드 전환 · カードめくり 🎴",
        "Your own cards\nfoldcycle --file cards.txt   or   foldcycle A B C",
    ]

    let items: [String]
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

    static func parse(_ arguments: [String]) throws(CLIError) -> Parsed {
        let parsed = try ParsedArguments(arguments, specs: specs, command: .live)
        let values = OptionValues(parsed: parsed, command: .live)
        if values.flag("help") { return .help }
        if values.flag("version") { return .version }
        let items = try SharedOptions.items(values) ?? demoDeck
        let interval = try values.number("interval", in: intervalRange, unit: "seconds") ?? 2
        var duration: TimeInterval?
        if let text = values.string("duration") {
            let allowed = "seconds: a finite number > 0 and < the interval, \(shortestText(interval))"
            guard let value = Double(text.trimmingCharacters(in: .whitespaces)), value.isFinite else {
                throw .usage("invalid value '\(text)' for '--duration' (\(allowed))", .live)
            }
            guard value > 0, value < interval else {
                throw .usage("value \(text) for '--duration' is out of range (\(allowed))", .live)
            }
            duration = value
        }
        let palette = try SharedOptions.cardStyle(values)
        return .run(LiveCommand(
            items: items,
            direction: try values.choice("direction", SharedOptions.directions) ?? .down,
            interval: interval,
            duration: duration,
            timingFunction: try values.timingFunction() ?? .easeInEaseOut,
            framesPerSecond: try values.integer("fps", in: 1...240) ?? 60,
            // A card sized to its items is kept within the terminal's width.
            cardSize: try SharedOptions.cardSize(
                values, items: items,
                maxWidth: TerminalDevice.standardOutput.size.flatMap { $0.columns > 0 ? $0.columns : nil }),
            style: palette,
            colorDepth: try SharedOptions.colorDepth(values, device: .standardOutput),
            fullscreen: values.flag("fullscreen"),
            paused: values.flag("paused"),
            cycles: try values.integer("cycles", in: 0...1_000_000_000)))
    }

    /// Runs until `quit`, a signal, or `--cycles`; never returns.
    func run() -> Never {
        let session: LiveSession
        do {
            session = try LiveSession(command: self)
        } catch {
            FileHandle.standardError.write(Data(CLIError.runtime("\(error)").message.utf8))
            exit(1)
        }
        session.run()
    }
}
