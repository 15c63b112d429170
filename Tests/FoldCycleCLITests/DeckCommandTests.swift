import FoldCycle
import Foundation
import Testing

@testable import FoldCycleCLI

@Suite("foldcycle deck: options, items, decision lines")
struct DeckCommandTests {
    static func parse(_ arguments: [String]) throws -> DeckCommand {
        guard let command = try DeckCommand.parse(arguments) else { throw CLIError.runtime("help") }
        return command
    }

    @Test("defaults: two cards, the swipe deck, no loop, the mouse on, inline, 60 fps, cells 2:1")
    func defaults() throws {
        let command = try Self.parse(["a", "b"])
        #expect(command.itemArguments == ["a", "b"])
        #expect(command.filePath == nil)
        #expect(command.visibleCount == 2)
        #expect(command.behavior == .swipeDeck)
        #expect(!command.loops)
        #expect(command.usesMouse)
        #expect(!command.fullscreen)
        #expect(command.framesPerSecond == 60)
        #expect(command.cellAspect == 2)
        #expect(command.width == nil && command.height == nil)
        #expect(!command.readsStandardInputItems)
        #expect(try Self.parse([]).readsStandardInputItems)
        #expect(try DeckCommand.parse(["--help"]) == nil)
        // auto: asked of the terminal when the deck starts.
        #expect(command.background == nil)
    }

    @Test("--background names the terminal's background, as render's does")
    func background() throws {
        #expect(try Self.parse(["--background", "white", "a"]).background == .white)
        #expect(
            try Self.parse(["--background", "#1d1f21", "a"]).background == RGBColor(red: 0x1D, green: 0x1F, blue: 0x21))
        #expect(
            throws: CLIError.usage("invalid value '#12' for '--background' ('#12' is not #rrggbb)", .deck)
        ) { try Self.parse(["--background", "#12", "a"]) }
    }

    @Test("options are read by their declarations")
    func options() throws {
        let command = try Self.parse([
            "--visible", "3", "--drag", "page", "--loop", "--no-mouse", "--fullscreen", "--fps", "30",
            "--cell-aspect", "2.5", "--width", "30", "--height", "4", "--file", "cards.txt", "--", "--x",
        ])
        #expect(command.visibleCount == 3)
        #expect(command.behavior == .reusingStack)
        #expect(command.loops && !command.usesMouse && command.fullscreen)
        #expect(command.framesPerSecond == 30)
        #expect(command.cellAspect == 2.5)
        #expect(command.width == 30 && command.height == 4)
        #expect(command.filePath == "cards.txt")
        #expect(command.itemArguments == ["--x"])
    }

    static let deckUsage =
        "\nUsage: foldcycle deck [OPTIONS] [ITEM ...]\n  See 'foldcycle deck --help' for more information.\n"

    @Test(
        "bad values name the option and what is allowed",
        arguments: [
            (["--visible", "0"], "Error: value 0 for '--visible' is out of range (a whole number from 1 to 5)"),
            (["--drag", "fling"], "Error: invalid value 'fling' for '--drag' (values: decide, page)"),
            (
                ["--cell-aspect", "5"],
                "Error: value 5 for '--cell-aspect' is out of range (a cell's height over its width: a finite number ≥ 0.5 and ≤ 4)"
            ),
            (["--loop=yes"], "Error: option '--loop' takes no value"),
            (["--visibel", "2"], "Error: unknown option '--visibel' (did you mean '--visible'?)"),
        ])
    func badValues(_ arguments: [String], _ message: String) {
        #expect(throws: CLIError.usage(String(message.dropFirst(7)), .deck)) { try DeckCommand.parse(arguments) }
        #expect(CLIError.usage(String(message.dropFirst(7)), .deck).message == message + Self.deckUsage)
    }

    @Test("a mistyped 'deck' is caught as one")
    func mistyped() {
        #expect(throws: CLIError.usage("unknown subcommand 'dekc' (did you mean 'deck'?)", .live)) {
            try CLICommand.rejectMistypedSubcommand(in: ["dekc", "a"])
        }
    }

    @Test(
        "stdin items are lines: blank lines skipped, CRLF and a byte-order mark handled",
        arguments: [
            ("a.txt\nb.txt\n", ["a.txt", "b.txt"]),
            ("a\n\n  \nb", ["a", "b"]),
            ("a\r\nb\r\n", ["a", "b"]),
            ("\u{FEFF}one\n", ["one"]),
            ("  indented\n", ["  indented"]),
            ("", []),
        ])
    func lineItems(_ text: String, _ expected: [String]) {
        #expect(ItemInput.items(fromLineText: text) == expected)
    }

    @Test("the fitted card: at least 24 columns, both sides of a flashcard, within the terminal")
    func cardSize() throws {
        let command = try Self.parse([])
        #expect(command.cardSize(items: ["a", "b"], maxWidth: 78) == TerminalSize(columns: 24, rows: 3))
        let wide = String(repeating: "x", count: 40)
        #expect(command.cardSize(items: ["Q\n---\n" + wide], maxWidth: 78) == TerminalSize(columns: 42, rows: 3))
        #expect(command.cardSize(items: ["one\ntwo\nthree"], maxWidth: 78) == TerminalSize(columns: 24, rows: 5))
        #expect(command.cardSize(items: [wide], maxWidth: 30) == TerminalSize(columns: 30, rows: 3))
        #expect(try Self.parse(["--width", "10"]).cardSize(items: [wide], maxWidth: 30).columns == 10)
    }

    /// (event, the line printed).
    static let lines: [(DeckEvent, String?)] = [
        (
            .removed(index: 1, side: .right, cause: .fling, velocity: DeckPoint(x: 3.141_592_6, y: -0.25)),
            #"{"index":1,"item":"b \"q\"","action":"right","by":"fling","velocity":{"x":3.1416,"y":-0.25}}"#
        ),
        (
            .removed(index: 0, side: .left, cause: .position, velocity: DeckPoint(x: -0.000_01, y: 0)),
            #"{"index":0,"item":"a\nline","action":"left","by":"position","velocity":{"x":0,"y":0}}"#
        ),
        (
            .removed(index: 2, side: .left, cause: .key, velocity: nil),
            #"{"index":2,"item":"c\u001b[31m\t\\","action":"left","by":"key","velocity":null}"#
        ),
        (.clicked(index: 0, cause: .tap), #"{"index":0,"item":"a\nline","action":"click","by":"tap","velocity":null}"#),
        (
            .undone(index: 1, side: .right),
            #"{"index":1,"item":"b \"q\"","action":"undo","by":"key","from":"right","velocity":null}"#
        ),
        (
            .paged(from: 0, to: 1, direction: .next, cause: .fling, velocity: DeckPoint(x: 0, y: 2.9)),
            #"{"index":0,"item":"a\nline","action":"page","by":"fling","to":1,"velocity":{"x":0,"y":2.9}}"#
        ),
        (.flipped(index: 0, showsBack: true), nil),
        (.changed, nil),
        (.finished, nil),
    ]

    @Test("one JSON line per decision, keys in order, text escaped", arguments: lines.indices)
    func decisionLine(_ index: Int) {
        let (event, expected) = Self.lines[index]
        let items = ["a\nline", "b \"q\"", "c\u{1B}[31m\t\\"]
        #expect(DeckDecisionLine.line(for: event, items: items) == expected.map { $0 + "\n" })
    }

    @Test("JSON strings: controls escaped, Unicode kept as UTF-8")
    func quoting() throws {
        #expect(DeckDecisionLine.quoted("折叠 🎴") == "\"折叠 🎴\"")
        #expect(DeckDecisionLine.quoted("\u{7F}\u{85}\r\u{0}") == "\"\\u007f\\u0085\\r\\u0000\"")
        // Issue 24: bidi and invisible format characters escaped, the same string once parsed.
        let hostile = "a\u{202E}b\u{2066}\u{200B}\u{061C}\u{FEFF}\u{2028}"
        #expect(JSONValue.quoted(hostile) == #""a\u202eb\u2066\u200b\u061c\ufeff\u2028""#)
        #expect(
            try JSONSerialization.jsonObject(with: Data(JSONValue.quoted(hostile).utf8), options: .fragmentsAllowed)
                as? String == hostile)
        #expect(DeckDecisionLine.number(-0.0) == "0")
        #expect(DeckDecisionLine.number(2.253_54) == "2.2535")
        #expect(DeckDecisionLine.number(.infinity) == "0")
    }

    @Test("the deck's area: the terminal's width; inline the stack plus a row above and below")
    func frameSize() {
        let screen = TerminalSize(columns: 100, rows: 30)
        #expect(
            DeckSession.frameSize(screen: screen, cardRows: 5, visibleCount: 2, fullscreen: false)
                == TerminalSize(columns: 100, rows: 8))
        #expect(
            DeckSession.frameSize(screen: screen, cardRows: 5, visibleCount: 3, fullscreen: true)
                == TerminalSize(columns: 100, rows: 28))
        #expect(DeckSession.usableSize(TerminalSize(columns: 0, rows: 0)) == TerminalSize(columns: 80, rows: 24))
        #expect(DeckSession.usableSize(nil) == TerminalSize(columns: 80, rows: 24))
    }

    @Test("help: keys, mouse and output sections")
    func help() {
        let lines = DeckCommand.help.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(
            lines.first
                == "OVERVIEW: Swipe through cards one at a time, by mouse or keys; each decision is printed to stdout as a JSON line."
        )
        #expect(lines.contains("USAGE: foldcycle deck [OPTIONS] [ITEM ...]"))
        #expect(lines.contains("  --visible <n>           Cards on screen, the top one included. (1...5; default: 2)"))
        #expect(
            lines.contains(
                "  --drag <mode>           What a released drag does: decide left or right (swipe deck) or page up or down (reusing stack). (values: decide, page; default: decide)"
            ))
        #expect(lines.contains("KEYS (read from the terminal, even when stdin is a pipe):"))
        #expect(lines.contains("MOUSE (unless --no-mouse):"))
        #expect(lines.contains("  ls | foldcycle deck > decisions.jsonl"))
    }
}
