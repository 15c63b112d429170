import FoldCycleOptions
import Foundation
import Testing

@testable import FoldCycleCLI

@Suite("Generated help text")
struct HelpTextTests {
    static func lines(_ text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    @Test("the live help opens in swift-argument-parser's layout")
    func liveHeader() {
        #expect(
            // The usage lines are the command table's (asserted once, in CLIErrorTests).
            Array(Self.lines(LiveCommand.help).prefix(8 + CLICommand.allCases.count)) == [
                "OVERVIEW: Cycle text cards through animated transitions (a fold by default), live in the terminal.",
                "",
            ] + CLICommand.allCases.enumerated().map { ($0.offset == 0 ? "USAGE: " : "       ") + $0.element.usage } + [
                "",
                "ARGUMENTS:",
                "  <ITEM>                  The text of one card. With no items and no --file, a built-in demo deck plays.",
                "",
                "OPTIONS:",
                "  --transition <name>     How one card gives way to the next. (values: \(Listed.transitions); default: fold)",
            ])
        #expect(LiveCommand.help.hasSuffix("  printf 'pause\\nstatus\\nquit\\n' | foldcycle A B C\n"))
    }

    @Test(
        "live help lines",
        arguments: [
            "  --direction <direction> Direction content moves in. (values: down, up, left, right; default: down)",
            "  --interval <seconds>    Seconds between transitions. (0.01...86400; default: 2)",
            "  --duration <seconds>    Seconds each transition runs, shorter than the interval (the iOS design's: interval − 0.1). (≥ 0.001 and < the interval; default: min(0.6, interval/3))",
            "  --motion <motion>       How much cards move: a short cross-fade for reduced, items as lines for none. (values: auto, full, reduced, none; default: auto)",
            "  --file <path>           Read items from a UTF-8 file ('-': stdin), cut as --split says.",
            "  --split <how>           How --file's text is cut into items: one per line, per blank-line-separated paragraph, at each NUL (find -print0); auto: nul if the text holds a NUL, paragraphs if a blank line stands between two lines, else lines. (values: auto, lines, paragraphs, nul; default: auto)",
            "INPUT (items, commands, keys):",
            "  Items come from the arguments and --file. With none named, piped stdin (a pipe",
            "  are read from the terminal (/dev/tty), as fzf reads them. With items named,",
            "  command ends the run, exit 64). --protocol jsonl always reads JSON requests",
            "KEYS (stdout a terminal; read from stdin, or from /dev/tty when stdin holds items):",
            "  help      Show this help, or a subcommand's: foldcycle help deck.",
            "  --timing <timing>       Timing function (ca-default: Core Animation's implicit-animation curve, 0.25,0.1,0.25,1). (values: linear, ease-in, ease-out, ease-in-out, ca-default, spring, cubic-bezier(x1,y1,x2,y2), spring(mass,stiffness,damping,velocity), spring(duration,bounce); default: ease-in-out)",
            "  --fps <n>               Frames per second while a transition runs. (1...240; default: 60)",
            "  --record <file>         Record what the terminal shows as a new file: asciicast v2, or an animated SVG for a name ending in .svg.",
            "  --overwrite             With --record, replace an existing file (never the items file or a symbolic link).",
            "  --width <cells>         Card width in cells. (1...1000; default: the widest item plus 2)",
            "  --palette <colors>      Card colours, comma-separated names or #rrggbb. (default: green,blue,yellow,cyan,orange)",
            "  --color <when>          Use colour. (values: auto, always, never; default: auto)",
            "  --paused                Launch paused ('start', 'resume' or Space lets it run).",
            "  --cycles <n>            Exit 0 after n transitions. (0...1000000000; default: run until quit)",
            "  -h, --help              Show help information.",
            "  -v, --version           Show the version and the commit it was built from.",
            "  --generate-completion-script <shell>",
            "                          Print the completion script for this shell. (values: bash, zsh, fish)",
            "  --generate-manual       Print the manual page (roff, for man -l).",
            "  --cell-aspect <ratio>   A cell's height over its width, for the cube's and flip's perspective. (0.5...4; default: 2)",
            "  --shading               Dim the cube's and flip's faces as they turn toward edge-on.",
            "TRANSITIONS (--transition NAME):",
            "  fold      one card folds away while the next unfolds (a pseudo cube roll)",
            "  cube      a cube turns in perspective; the next card is on the face beside this one",
            "  move-in   the next card slides in over the current one",
            "COMMANDS (one per line on stdin with items named; case-insensitive):",
            "  start, pause, resume, stop, next, prev, goto N, direction D, transition T,",
            "  interval S, duration S, add TEXT, insert N TEXT, remove N, replace N TEXT,",
            "  items, status, help, quit (or exit)",
            "  --protocol <protocol>   Commands on stdin in words, or as JSON lines with JSON replies and events. (values: words, jsonl; default: words)",
            "  --protocol-fd <n>       Write JSON replies and events to descriptor n (for example 3>events.jsonl). (0...1048575; default: stdout)",
            "  --listen <path>         Also take JSON-line requests on a Unix socket (mode 0600); 'foldcycle send' is its client.",
            "SCRIPTING (--protocol jsonl, --listen PATH):",
            "  --protocol-fd N. --listen PATH serves the same protocol to up to 64 clients",
            "  at once on a Unix socket: foldcycle send PATH '{\"cmd\":\"next\"}'.",
            "  status    Print the item shown now, for status lines (see 'foldcycle status --help').",
            "  send      Send JSON-line requests to a run's --listen socket (see 'foldcycle send --help').",
            "  type a command, Enter runs it; Backspace edits, Ctrl-U clears; on an empty",
            "  line Space pauses or resumes, and q, Esc or Ctrl-D quits; arrow keys set the",
            "  direction; Ctrl-C quits.",
            "MOTION (--motion auto: the first that applies):",
            "  ACCESSIBLE or CI set: none; REDUCED_MOTION set: reduced; otherwise full.",
            "  grep -h '^tip:' notes/*.txt | foldcycle",
            "SUBCOMMANDS:",
            "  render    Print the frames of one transition (see 'foldcycle render --help').",
            "  deck      Triage cards by drags, flings and keys (see 'foldcycle deck --help').",
            "  A first item that is or resembles a subcommand's name needs '--' before it,",
            "  which makes every later argument an item: foldcycle -- rendr A B",
        ])
    func liveLine(_ line: String) {
        #expect(Self.lines(LiveCommand.help).contains(line))
    }

    @Test(
        "render help lines",
        arguments: [
            "USAGE: foldcycle render [OPTIONS] [ITEM ...]",
            "  --frames <count>        Frames to write, at t = i/(count−1). (2...10000; default: 9; 30 per second with \(RenderCommand.Format.list(where: { !$0.isStream })) and --play)",
            "  --fps <n>               Frames per second of --duration instead of --frames (k/n s, and the end). (1...240; default: none)",
            "  --duration <seconds>    Seconds the transition runs: a frame at t is at t × seconds. The default is the design's (a 2 s interval − 0.1), not live's min(0.6, interval/3). (0.01...3600; default: 1.9)",
            "  --cell-size <WxH>       svg: a cell's width and height in pixels. (default: 10x20)",
            "  --from-item <index>     Render the transition from this item to the next. (0...the last item's index; default: 0)",
            "  --format <format>       Output format. (values: \(Listed.formats); default: plain)",
            "  --encoder <encoder>     ansi: draw each frame as a diff or whole. (values: diff, full; default: diff)",
            "  --align <alignment>     Text alignment in the card. (values: left, center, right; default: center)",
            "  --cell-aspect <ratio>   A cell's height over its width, for the cube's and flip's perspective. (0.5...4; default: 2)",
            "FORMATS:",
            "TRANSITIONS (--transition NAME):",
            "  flip      the card flips over about its centre line; the next card is on its back",
        ])
    func renderLine(_ line: String) {
        #expect(Self.lines(RenderCommand.help).contains(line))
    }

    @Test("OPTIONS lists every option once, in the declared order")
    func optionOrder() {
        for (help, specs) in [
            (LiveCommand.help, LiveCommand.specs), (RenderCommand.help, RenderCommand.specs),
            (DeckCommand.help, DeckCommand.specs),
        ] {
            let lines = Self.lines(help)
            let start = lines.firstIndex(of: "OPTIONS:").map { $0 + 1 } ?? lines.count
            // A synopsis that reaches the description column has its description on the next line.
            let continuation = String(repeating: " ", count: HelpText.descriptionColumn)
            let rows = lines[start...].prefix { !$0.isEmpty }.filter { !$0.hasPrefix(continuation) }
            #expect(
                rows.map { String($0.prefix(HelpText.descriptionColumn)) }
                    == specs.map {
                        "  \($0.synopsis)".padding(toLength: HelpText.descriptionColumn, withPad: " ", startingAt: 0)
                    })
        }
    }

    @Test("a name reaching the description column puts the description on the next line")
    func longName() {
        let spec = FlagOption("a-very-long-option-name", summary: "Does it.").spec
        let text = HelpText.make(overview: "O.", usage: [.live], arguments: [], options: [spec])
        #expect(
            text == """
                OVERVIEW: O.

                USAGE: foldcycle [OPTIONS] [ITEM ...]

                OPTIONS:
                  --a-very-long-option-name
                                          Does it.

                """)
    }

    @Test(
        "prose wraps at spaces",
        arguments: [
            ("a b c", 3, ["a b", "c"]),
            ("one two three", 7, ["one two", "three"]),
            ("unbreakable word", 4, ["unbreakable", "word"]),
            ("", 10, []),
        ])
    func wrapping(_ text: String, _ width: Int, _ expected: [String]) {
        #expect(HelpText.wrapped(text, width: width) == expected)
    }

    /// Issue 22: help lines ran to 230 columns whatever the terminal's width.
    @Test("help is fitted to a width: descriptions under their column, prose under its indent")
    func fitted() {
        let text = [
            "OPTIONS:",
            "  --direction <direction> Direction content moves in. (values: down, up, left, right; default: down)",
            "  Typed, a reply shows under the card; piped, each reply is printed above it",
            "short",
        ].joined(separator: "\n")
        #expect(
            HelpText.fitted(text, width: 60).split(separator: "\n", omittingEmptySubsequences: false) == [
                "OPTIONS:",
                "  --direction <direction> Direction content moves in.",
                "                          (values: down, up, left, right;",
                "                          default: down)",
                "  Typed, a reply shows under the card; piped, each reply is",
                "  printed above it",
                "short",
            ])
        #expect(
            HelpText.fitted(text, width: 50).split(separator: "\n", omittingEmptySubsequences: false) == [
                "OPTIONS:",
                "  --direction <direction>",
                "      Direction content moves in. (values: down,",
                "      up, left, right; default: down)",
                "  Typed, a reply shows under the card; piped, each",
                "  reply is printed above it",
                "short",
            ])
        #expect(HelpText.fitted(text, width: 200) == text)
    }

    @Test("every help fitted to 80 or 40 columns keeps every word and has no line past the width but long words")
    func fittedEveryHelp() {
        for help in [LiveCommand.help, RenderCommand.help, DeckCommand.help, StatusCommand.help, SendCommand.help] {
            for width in [80, 40] {
                let fitted = HelpText.fitted(help, width: width)
                #expect(fitted.split(whereSeparator: \.isWhitespace) == help.split(whereSeparator: \.isWhitespace))
                for line in fitted.split(separator: "\n") where line.count > width {
                    #expect(!line.drop { $0 == " " }.contains(" "), "\(line)")
                }
            }
        }
    }
}
