import Foundation
import Testing

@testable import FoldCycleCLI

/// Issue 22, point 1: one rule (`--split`) for how `--file`'s text and piped items are cut, the
/// same for the cycler, `render`, `status` and the deck.
@Suite("--split: how input text is cut into items")
struct ItemSplitTests {
    @Test(
        "auto: nul if the text holds a NUL, paragraphs if a blank line stands between two lines, else lines",
        arguments: [
            ("tip: one\ntip: two\ntip: three\n", ItemSplit.lines),
            ("A\nB", .lines),
            ("A\n\nB", .paragraphs),
            ("first\nstill first\n\nsecond\n", .paragraphs),
            ("\n\nA\nB\n\n\n", .lines),
            ("A\n \t \nB", .paragraphs),
            ("A\r\n\r\nB\r\n", .paragraphs),
            ("a\0b\0", .nul),
            ("a\n\nb\0", .nul),
            ("", .lines),
            ("\n\n", .lines),
        ] as [(String, ItemSplit)])
    func auto(_ text: String, _ expected: ItemSplit) {
        #expect(ItemSplit.auto.resolved(for: text) == expected)
        #expect(ItemSplit.auto.items(of: text) == expected.items(of: text))
    }

    @Test("a split that is not auto is itself whatever the text", arguments: [ItemSplit.lines, .paragraphs, .nul])
    func fixed(_ split: ItemSplit) {
        #expect(split.resolved(for: "a\0b\n\nc") == split)
    }

    @Test(
        "the README's grep example gives one item per line",
        arguments: [
            (ItemSplit.auto, ["tip: one", "tip: two", "tip: three"]),
            (.lines, ["tip: one", "tip: two", "tip: three"]),
            (.paragraphs, ["tip: one\ntip: two\ntip: three"]),
            (.nul, ["tip: one\ntip: two\ntip: three"]),
        ])
    func grepOutput(_ split: ItemSplit, _ expected: [String]) {
        #expect(split.items(of: "tip: one\ntip: two\ntip: three\n") == expected)
    }

    @Test(
        "nul: items keep inner line breaks, lose those at their end; blank items are skipped",
        arguments: [
            ("one\0two\0", ["one", "two"]),
            ("one\0two", ["one", "two"]),
            ("a\nb\0c\r\nd\0", ["a\nb", "c\nd"]),
            ("a\n\n\0\0 \0\n", ["a"]),
            ("\u{FEFF}x\0", ["x"]),
            ("./a b.txt\0./c\0", ["./a b.txt", "./c"]),
            ("\0\0", []),
        ])
    func nul(_ text: String, _ expected: [String]) {
        #expect(ItemSplit.nul.items(of: text) == expected)
    }

    @Test("lines: blank lines skipped, CRLF a line break")
    func lines() {
        #expect(ItemSplit.lines.items(of: "a\r\n\r\n  \nb\n\nc") == ["a", "b", "c"])
    }

    /// The Examples decks are blank-line-separated cards: auto keeps them whole.
    @Test(
        "the Examples decks read as paragraphs under auto",
        arguments: [("flashcards.txt", 6), ("search-tips.txt", 7), ("status.txt", 6), ("tips.md", 5)])
    func examples(_ name: String, _ count: Int) throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Examples/\(name)")
        let text = try String(contentsOf: url, encoding: .utf8)
        #expect(ItemSplit.auto.resolved(for: text) == .paragraphs)
        #expect(ItemSplit.auto.items(of: text) == ItemInput.items(fromFileText: text))
        #expect(ItemSplit.auto.items(of: text).count == count)
    }

    @Test("every command takes --split, with the same values and default")
    func everyCommand() {
        for specs in [LiveCommand.specs, RenderCommand.specs, StatusCommand.specs, DeckCommand.specs] {
            let split = specs.first { $0.name == "split" }
            #expect(split?.kind == .choice(["auto", "lines", "paragraphs", "nul"]))
            #expect(split?.defaultText == "auto")
        }
    }
}
