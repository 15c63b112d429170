import FoldCycle
import FoldCycleOptions
internal import FoldCyclePlatform

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `foldcycle status [OPTIONS] [ITEM ...]`: prints the item that a cycler with these items,
/// interval and epoch shows now, and exits; no state is kept between calls, so a status bar or a
/// prompt can call it as often as it likes (docs/DESIGN.md#status-lines). `--follow` writes one
/// line per change until its reader goes away.
struct StatusCommand {
    /// `status`'s own options; the shared ones are in ``SharedOptions``.
    enum Options {
        /// `--interval`: the live cycler's (range and default), so that a status line and a live run
        /// with the same items, interval and epoch agree.
        static let interval = LiveCommand.Options.interval.reworded(summary: "Seconds each item is shown.")
        static let epoch = TextOption(
            "epoch", value: "time",
            summary:
                "When the first item is first shown: ISO 8601 (2026-12-01T08:00:00Z), a date (20261201), "
                + "or @Unix seconds.",
            defaultText: "the start of today in UTC")
        static let at = TextOption(
            "at", value: "time", summary: "Show the item of this time instead of now (same forms as --epoch).")
        static let format = ChoiceOption(
            "format", value: "format", summary: "How the item is written.", cases: StatusFormat.allCases,
            default: .plain)
        static let follow = FlagOption("follow", summary: "Keep running: write one line each time the item changes.")
    }

    /// The options, in the order help lists them.
    static let specs: [OptionSpec] = [
        SharedOptions.file.spec, SharedOptions.split.spec, SharedOptions.ansi.spec, Options.interval.spec,
        Options.epoch.spec, Options.at.spec, Options.format.spec,
        Options.follow.spec, SharedOptions.palette.spec, SharedOptions.color.spec, SharedOptions.help.spec,
    ]

    /// The positional arguments as help and the manual list them: `(<NAME>, description)`.
    static let arguments: [(String, String)] = [
        ("<ITEM>", "The text of one item (or give them with --file). With none and no --file, piped stdin holds them.")
    ]

    /// The one sentence help and the manual open with.
    static let overview =
        "Print the item a cycler with these items, interval and epoch shows now (for status lines)."

    /// The sections after OPTIONS, as help and the manual show them.
    static let sections: [HelpText.Section] = [
        .init(
            title: "FORMATS",
            lines: [
                "plain   the item on one line (its lines joined by ' · ')",
                "ansi    the same in the card's colours (honours --color and NO_COLOR)",
                "tmux    tmux style syntax: #[fg=#rrggbb,bg=#rrggbb,bold]text#[default]",
                "waybar  a JSON object: text, tooltip (the whole item), class (color-N)",
            ]),
        .init(
            title: "EXAMPLES",
            lines: [
                "foldcycle status --interval 60 --file ~/.tips",
                "set -g status-right '#(foldcycle status --format tmux --interval 30 --file ~/.tips)'",
                "foldcycle status --format waybar --follow --interval 60 --file ~/.tips",
            ]),
    ]

    static let help = HelpText.make(
        overview: overview, usage: [.status], arguments: arguments, options: specs, sections: sections)

    /// The items, read as `--ansi` says: their own styles go into the ansi, tmux and waybar
    /// lines.
    let items: [StyledString]
    let schedule: StatusSchedule
    /// `--at`, or nil for the current time.
    let at: Date?
    let format: StatusFormat
    let follow: Bool
    let style: CardStyle
    let colorDepth: ColorDepth

    /// Parses `status`'s arguments (without the word `status`); nil when help was asked for.
    ///
    /// - Parameters:
    ///   - now: the time the default epoch (the start of today in UTC) is taken from.
    ///   - environment: the variables colour is decided by (`NO_COLOR`, `COLORTERM`, `TERM`).
    ///   - standardInputIsPiped: whether standard input is a pipe or a file
    ///     (``LiveCommand/standardInputIsPiped()``): with no items named, it holds them, cut as
    ///     `--split` says (`git log --oneline | foldcycle status`), as `--file -` reads them.
    /// - Throws: ``CLIError/usage(_:_:)`` for no items, an unknown option, a bad value, a time
    ///   that is not one, or `--follow` with `--at`; ``CLIError/unreadableInput(_:)`` for a
    ///   `--file` that cannot be read.
    static func parse(
        _ arguments: [String], now: Date = Date(), environment: [String: String] = ProcessInfo.processInfo.environment,
        standardInputIsPiped: Bool = false
    ) throws(CLIError) -> StatusCommand? {
        let parsed = try ParsedArguments(arguments, specs: specs, command: .status)
        let values = OptionValues(parsed: parsed, command: .status)
        if values.flag(SharedOptions.help) { return nil }
        var texts = try SharedOptions.items(values)
        if texts == nil, standardInputIsPiped {
            texts = try ItemInput.items(fromFile: "-", split: try values.value(SharedOptions.split))
        }
        guard let texts, !texts.isEmpty else {
            throw .usage("no items: give them as arguments, with '--file <path>', or on piped stdin", .status)
        }
        let items = texts.map(try values.value(SharedOptions.ansi).styledString)
        let epoch = try time(values, Options.epoch) ?? TimeText.startOfDayUTC(now)
        let at = try time(values, Options.at)
        let follow = values.flag(Options.follow)
        if follow && at != nil {
            throw .usage("'--follow' follows the clock; it cannot be given with '--at'", .status)
        }
        let format = try values.value(Options.format)
        // The caller asked for colours: the output is usually captured, not a terminal. tmux
        // downsamples its styles for each client itself, so it gets truecolor (or none).
        let detected = ColorDepth.detect(
            choice: try values.value(SharedOptions.color), environment: environment, isTTY: true)
        return StatusCommand(
            items: items,
            schedule: StatusSchedule(count: items.count, interval: try values.value(Options.interval), epoch: epoch),
            at: at, format: format, follow: follow, style: try SharedOptions.cardStyle(values),
            colorDepth: format == .tmux && detected != .none ? .truecolor : detected)
    }

    private static func time(_ values: OptionValues, _ option: TextOption) throws(CLIError) -> Date? {
        guard let text = values.text(option) else { return nil }
        guard let date = TimeText.parse(text) else {
            let value = CLIError.excerpt(text)
            if TimeText.isBareSeconds(text) {
                throw .usage(
                    "invalid value '\(value)' for '--\(option.spec.name)': Unix seconds are written after @ "
                        + "(@\(text.trimmingWhitespace())), and a date as 20261201 or 2026-12-01", .status)
            }
            throw .usage("invalid value '\(value)' for '--\(option.spec.name)' (\(TimeText.allowed))", .status)
        }
        return date
    }

    /// The line for the item shown at `date`.
    func line(at date: Date) -> [UInt8] {
        let index = schedule.index(at: date)
        return StatusLine.make(
            item: items[index], index: index, count: items.count, format: format, style: style, depth: colorDepth)
    }

    /// Writes the line (and with `--follow` one per change) and returns the exit status: 0, or 0
    /// when the reader goes away (`EPIPE`), 1 when standard output cannot be written.
    func run() -> Int32 {
        var shown: Int?
        while true {
            let now = at ?? Date()
            let index = schedule.index(at: now)
            if index != shown {
                shown = index
                do {
                    try TerminalDevice.standardOutput.write(line(at: now))
                } catch {
                    if case .writeFailed(errno: EPIPE) = error { return 0 }
                    CLIError.runtime("\(error)").report()
                    return 1
                }
            }
            guard follow else { return 0 }
            // Sleep until the next change, waking at least once a minute to follow clock changes.
            let wait = schedule.nextChange(after: now).timeIntervalSince(Date())
            if wait > 0 { Platform.sleep(seconds: min(wait + 0.001, 60)) }
        }
    }
}
