import FoldCycle
import Foundation
import Testing

@testable import FoldCycleCLI

/// `foldcycle status` at chosen epochs and times (injected, no clock read): the schedule, the
/// time forms, every format's bytes, and the options' errors (docs/DESIGN.md#status-lines).
@Suite("foldcycle status")
struct StatusCommandTests {
    /// 2026-12-01T00:00:00Z.
    static let epoch = Date(timeIntervalSince1970: 1_796_083_200)

    @Test(
        "the item shown is ⌊(time − epoch) / interval⌋ mod count, before the epoch too",
        arguments: [
            (0.0, 0), (59.999, 0), (60, 1), (61, 1), (119.5, 1), (120, 2), (180, 0), (3_600, 0), (3_660, 1),
            (-0.001, 2), (-60, 2), (-60.5, 1), (-180, 0), (-181, 2),
        ])
    func schedule(_ offset: TimeInterval, _ index: Int) {
        let schedule = StatusSchedule(count: 3, interval: 60, epoch: Self.epoch)
        #expect(schedule.index(at: Self.epoch.addingTimeInterval(offset)) == index)
    }

    @Test(
        "change times are exact where division is not (0.3 / 0.1 = 2.9999…)",
        arguments: [(0.3, 3), (0.7, 2), (2.9, 4), (-0.1, 4), (0.29999, 2)])
    func exactBoundaries(_ time: TimeInterval, _ index: Int) {
        let schedule = StatusSchedule(count: 5, interval: 0.1, epoch: Date(timeIntervalSince1970: 0))
        #expect(schedule.index(at: Date(timeIntervalSince1970: time)) == index)
    }

    @Test("the next change is the first change time after the given time")
    func nextChange() {
        let schedule = StatusSchedule(count: 3, interval: 60, epoch: Self.epoch)
        #expect(schedule.nextChange(after: Self.epoch) == Self.epoch.addingTimeInterval(60))
        #expect(schedule.nextChange(after: Self.epoch.addingTimeInterval(59.9)) == Self.epoch.addingTimeInterval(60))
        #expect(schedule.nextChange(after: Self.epoch.addingTimeInterval(-1)) == Self.epoch)
    }

    @Test(
        "times: ISO 8601 with a zone, extended or basic, a date (its UTC midnight), Unix seconds after @",
        arguments: [
            ("2026-12-01T08:30:00Z", 1_796_113_800.0), ("2026-12-01T09:30:00+01:00", 1_796_113_800),
            ("2026-12-01T08:30:00.25Z", 1_796_113_800.25), ("2026-12-01", 1_796_083_200),
            ("20261201", 1_796_083_200), ("20261201T083000Z", 1_796_113_800), ("20261201T093000+0100", 1_796_113_800),
            ("20261201T083000.25Z", 1_796_113_800.25), ("@1796083200", 1_796_083_200),
            ("@1796083200.5", 1_796_083_200.5), (" @0 ", 0), ("@-86400", -86_400),
        ])
    func times(_ text: String, _ seconds: TimeInterval) {
        #expect(TimeText.parse(text)?.timeIntervalSince1970 == seconds)
    }

    @Test(
        "what is not a time",
        arguments: [
            "yesterday", "2026-13-01", "", "1e400", "nan", "2026-12-01T08:30:00", "12:00", "1796083200", "0", "-86400",
            "20261301", "2026120", "20261201T083000", "20261201T0830Z", "@20261201T083000Z",
        ]
    )
    func notTimes(_ text: String) {
        #expect(TimeText.parse(text) == nil)
    }

    static func command(_ arguments: [String], now: Date = epoch.addingTimeInterval(15 * 3600)) throws
        -> StatusCommand
    {
        guard let command = try StatusCommand.parse(arguments, now: now, environment: [:]) else {
            throw CLIError.runtime("help")
        }
        return command
    }

    @Test("the default epoch is the start of today in UTC; --at and --epoch are read as times")
    func defaults() throws {
        let command = try Self.command(["A", "B", "C"])
        #expect(command.schedule == StatusSchedule(count: 3, interval: 2, epoch: Self.epoch))
        #expect(command.at == nil && command.format == .plain && !command.follow)
        let given = try Self.command([
            "--epoch", "2026-11-30", "--at", "@1796083230", "--interval", "10", "--format", "waybar", "A", "B",
        ])
        #expect(given.schedule.epoch == Self.epoch.addingTimeInterval(-86_400))
        #expect(given.at == Self.epoch.addingTimeInterval(30))
        // 86,430 s after the epoch in steps of 10: step 8,643, odd: item B.
        #expect(
            given.line(at: given.at ?? Date()) == Array(
                #"{"text":"B","tooltip":"B\nitem 2 of 2","class":"color-1"}"#.utf8) + [0x0A])
    }

    @Test(
        "errors name the input",
        arguments: [
            ([], "no items: give them as arguments, with '--file <path>', or on piped stdin"),
            (
                ["--epoch", "soon", "A"],
                "invalid value 'soon' for '--epoch' (an ISO 8601 time such as 2026-12-01T08:30:00Z or 20261201T083000Z, "
                    + "a date such as 2026-12-01 or 20261201, or Unix seconds after @ such as @1796083200)"
            ),
            (
                ["--at", "1796083200", "A"],
                "invalid value '1796083200' for '--at': Unix seconds are written after @ (@1796083200), and a date as "
                    + "20261201 or 2026-12-01"
            ),
            (["--follow", "--at", "@0", "A"], "'--follow' follows the clock; it cannot be given with '--at'"),
            (["--format", "xml", "A"], "invalid value 'xml' for '--format' (values: plain, ansi, tmux, waybar)"),
            (
                ["--interval", "0", "A"],
                "value 0 for '--interval' is out of range (seconds: a finite number ≥ 0.01 and ≤ 86400)"
            ),
        ] as [([String], String)])
    func errors(_ arguments: [String], _ message: String) {
        #expect(throws: CLIError.usage(message, .status)) { try StatusCommand.parse(arguments, environment: [:]) }
    }

    static let style = CardStyle()

    @Test(
        "each format's bytes for item 0 (the green card: white bold text)",
        arguments: [
            (StatusFormat.plain, ColorDepth.truecolor, "A & #B · second line\n"),
            (.ansi, .truecolor, "\u{1B}[1;38;2;255;255;255m\u{1B}[48;2;0;128;0mA & #B · second line\u{1B}[0m\n"),
            (.ansi, .ansi256, "\u{1B}[1;38;5;231;48;5;28mA & #B · second line\u{1B}[0m\n"),
            (.ansi, .none, "A & #B · second line\n"),
            (.tmux, .truecolor, "#[fg=#ffffff,bg=#008000,bold]A & ###[]B · second line#[default]\n"),
            (.tmux, .none, "A & ###[]B · second line\n"),
            (
                .waybar, .truecolor,
                #"{"text":"A &amp; #B · second line","tooltip":"A &amp; #B\n  second line\nitem 1 of 3","class":"color-0"}"#
                    + "\n"
            ),
        ])
    func formats(_ format: StatusFormat, _ depth: ColorDepth, _ expected: String) {
        let line = StatusLine.make(
            item: "A & #B\n  second line\n", index: 0, count: 3, format: format, style: Self.style, depth: depth)
        #expect(String(decoding: line, as: UTF8.self) == expected)
    }

    /// A styled item's line in each format (``styledItem(_:_:_:)``).
    static let styledLines: [(StatusFormat, ColorDepth, String)] = [
        (StatusFormat.plain, ColorDepth.truecolor, "4e3cddc HEAD · fix #1 <&>\n"),
        (
            .ansi, .truecolor,
            // Yellow (SGR 33) stays the theme's yellow (docs/decisions/0181); the cyan too dark on
            // the green card is moved for contrast, so it is RGB.
            "\u{1B}[1;33;48;2;0;128;0m4e3cddc\u{1B}[38;2;255;255;255m \u{1B}[4;38;2;77;220;220mHEAD"
                + "\u{1B}[24;38;2;255;255;255m · fix #1 <&>\u{1B}[0m\n"
        ),
        (.ansi, .none, "4e3cddc HEAD · fix #1 <&>\n"),
        (
            .tmux, .truecolor,
            "#[fg=colour3,bg=#008000,bold]4e3cddc#[fg=#ffffff,bg=#008000,bold] "
                + "#[fg=#4ddcdc,bg=#008000,bold,underscore]HEAD#[fg=#ffffff,bg=#008000,none,bold] · fix ###[]1 <&>"
                + "#[default]\n"
        ),
        (.tmux, .none, "4e3cddc HEAD · fix ###[]1 <&>\n"),
        (
            .waybar, .none,
            #"{"text":"4e3cddc HEAD · fix #1 &lt;&amp;&gt;","tooltip":"4e3cddc HEAD \n\n fix #1 &lt;&amp;&gt;\nitem 1 of 3","class":"color-0"}"#
                + "\n"
        ),
        (
            .waybar, .truecolor,
            ##"{"text":"<span foreground=\"#cdcd00\">4e3cddc</span> <span foreground=\"#00cdcd\" "##
                + ##"underline=\"single\">HEAD</span> · fix #1 &lt;&amp;&gt;","tooltip":"4e3cddc HEAD \n\n fix #1 "##
                + ##"&lt;&amp;&gt;\nitem 1 of 3","class":"color-0"}"## + "\n"
        ),
    ]

    @Test(
        "an item's own styles go into every format that has styles; its plain text everywhere else",
        arguments: styledLines)
    func styledItem(_ format: StatusFormat, _ depth: ColorDepth, _ expected: String) {
        let item = ANSIReader.read("  \u{1B}[33m4e3cddc\u{1B}[m \u{1B}[4;36mHEAD\u{1B}[m \n\n fix #1 <&>  ")
        let line = StatusLine.make(item: item, index: 0, count: 3, format: format, style: Self.style, depth: depth)
        #expect(String(decoding: line, as: UTF8.self) == expected)
    }

    /// An item with a 16-colour, a 256-colour and an RGB run, each on a background of its own,
    /// and every attribute (``paletteColours(_:_:)``).
    static let paletteItem =
        "\u{1B}[3;97;44mA\u{1B}[0;4;38;5;226;48;5;16mB\u{1B}[0;2;9;7;38;2;18;52;86;48;2;255;255;255mC<\u{1B}[m"

    @Test(
        "palette colours are tmux's colourN and xterm's default RGB in Pango; RGB is #rrggbb; attributes by each one's names",
        arguments: [
            (
                StatusFormat.tmux,
                "#[fg=colour15,bg=colour4,bold,italics]A#[fg=colour226,bg=colour16,none,bold,underscore]B"
                    + "#[fg=#123456,bg=#ffffff,none,bold,dim,strikethrough,reverse]C<#[default]\n"
            ),
            (
                .waybar,
                ##"{"text":"<span foreground=\"#ffffff\" background=\"#0000ee\" style=\"italic\">A</span>"##
                    + ##"<span foreground=\"#ffff00\" background=\"#000000\" underline=\"single\">B</span>"##
                    + ##"<span foreground=\"#123456\" background=\"#ffffff\" alpha=\"60%\" "##
                    + ##"strikethrough=\"true\">C&lt;</span>","tooltip":"ABC&lt;\nitem 1 of 3","class":"color-0"}"##
                    + "\n"
            ),
        ])
    func paletteColours(_ format: StatusFormat, _ expected: String) {
        let line = StatusLine.make(
            item: ANSIReader.read(Self.paletteItem), index: 0, count: 3, format: format, style: Self.style,
            depth: .truecolor)
        #expect(String(decoding: line, as: UTF8.self) == expected)
    }

    @Test("Pango's colour for palette entries 0–15 is xterm's default palette")
    func pangoPalette16() {
        // xterm's defaults (its XTerm-col.ad / charproc.c): the values waybar shows for SGR 30–37, 90–97.
        let xterm = [
            "#000000", "#cd0000", "#00cd00", "#cdcd00", "#0000ee", "#cd00cd", "#00cdcd", "#e5e5e5",
            "#7f7f7f", "#ff0000", "#00ff00", "#ffff00", "#5c5cff", "#ff00ff", "#00ffff", "#ffffff",
        ]
        var item = ""
        for index in 0..<16 { item += "\u{1B}[\(index < 8 ? 30 + index : 82 + index)mx" }
        let line = StatusLine.make(
            item: ANSIReader.read(item), index: 0, count: 1, format: .waybar, style: Self.style, depth: .truecolor)
        let text = String(decoding: line, as: UTF8.self)
        let expected = xterm.map { ##"<span foreground=\"\##($0)\">x</span>"## }.joined()
        #expect(text.hasPrefix(##"{"text":""## + expected + "\""))
    }

    @Test("an item with no style of its own gives the bytes of its plain text", arguments: StatusFormat.allCases)
    func plainStyledItem(_ format: StatusFormat) {
        let text = "A & #B\n  second line\n"
        #expect(
            StatusLine.make(
                item: StyledString(text), index: 1, count: 3, format: format, style: Self.style, depth: .truecolor)
                == StatusLine.make(
                    item: text, index: 1, count: 3, format: format, style: Self.style, depth: .truecolor))
    }

    @Test(
        "a # or & joined to a combining or prepended mark is escaped all the same (found by the outputs fuzz target)"
    )
    func joinedMarks() {
        let tmux = StatusLine.make(
            item: "##\u{64F} \u{600}#", index: 0, count: 1, format: .tmux, style: Self.style, depth: .none)
        #expect(String(decoding: tmux, as: UTF8.self) == "###[]###[]\u{64F} \u{600}###[]\n")
        #expect(StatusLine.pangoEscaped("&\u{301}<\u{338}>") == "&amp;\u{301}&lt;\u{338}&gt;")
        // A space carrying a combining mark, trimmed, leaves no lone mark behind.
        #expect(StatusLine.oneLine(" \u{612}t \n \u{301}") == "t")
    }

    @Test(
        "bidi and invisible format characters are dropped in every format, as in a card",
        arguments: [
            (StatusFormat.plain, "safe evil ␛[31m\n"),
            (.ansi, "\u{1B}[1;38;2;255;255;255m\u{1B}[48;2;0;128;0msafe evil ␛[31m\u{1B}[0m\n"),
            (.tmux, "#[fg=#ffffff,bg=#008000,bold]safe evil ␛[31m#[default]\n"),
            (.waybar, #"{"text":"safe evil ␛[31m","tooltip":"safe evil ␛[31m\nitem 1 of 1","class":"color-0"}"# + "\n"),
        ])
    func invisibleCharacters(_ format: StatusFormat, _ expected: String) {
        let item = "\u{202E}safe\u{2066} \u{2067}e\u{2068}v\u{2069}i\u{200B}l\u{061C} \u{200F}\u{1B}[31m"
        let line = StatusLine.make(
            item: item, index: 0, count: 1, format: format, style: Self.style, depth: .truecolor)
        #expect(String(decoding: line, as: UTF8.self) == expected)
    }

    @Test("control characters in items never reach the terminal raw, in any format", arguments: StatusFormat.allCases)
    func sanitized(_ format: StatusFormat) {
        let line = StatusLine.make(
            item: "evil\u{1B}]0;title\u{07}\u{9B}2J", index: 4, count: 5, format: format, style: Self.style,
            depth: .truecolor)
        let text = String(decoding: line, as: UTF8.self)
        // Only the SGRs the ansi format writes itself contain ESC: bold with two direct colours is
        // 11 parameters, written as two SGRs (no SGR has more than 10), then the reset.
        let escapes = text.components(separatedBy: "\u{1B}").count - 1
        #expect(escapes == (format == .ansi ? 3 : 0))  // At truecolor.
        #expect(!text.unicodeScalars.contains { $0.value == 0x07 || $0.value == 0x9B })
        #expect(text.contains("evil␛]0;title␇\u{FFFD}2J"))
    }

    @Test(
        "colour: tmux styles unless NO_COLOR or --color never; ansi at the depth the environment names",
        arguments: [
            ([String: String](), "tmux", ColorDepth.truecolor), (["NO_COLOR": "1"], "tmux", .none),
            (["COLORTERM": "truecolor"], "ansi", .truecolor), (["TERM": "xterm-256color"], "ansi", .ansi256),
            ([:], "ansi", .ansi16), (["NO_COLOR": "1"], "ansi", .none), (["TERM": "dumb"], "ansi", .none),
        ])
    func colorDepth(_ environment: [String: String], _ format: String, _ depth: ColorDepth) throws {
        let command = try StatusCommand.parse(["--format", format, "A"], environment: environment)
        #expect(command?.colorDepth == depth)
        #expect(
            try StatusCommand.parse(["--format", format, "--color", "never", "A"], environment: [:])?.colorDepth
                == ColorDepth.none)
    }

    @Test("the line at a time picks the item and its colour; an item's lines join with ' · '")
    func lineAtTime() throws {
        let command = try Self.command(["--interval", "60", "--format", "tmux", "one", "two\nlines", "three"])
        let at = Self.epoch.addingTimeInterval(61)
        #expect(
            String(decoding: command.line(at: at), as: UTF8.self)
                == "#[fg=#ffffff,bg=#0000ff,bold]two · lines#[default]\n")
        // The tab after "  a" advances to column 8, as in a card.
        #expect(StatusLine.oneLine("  a\t b \n\n c ") == "a      b · c")
    }
}
