import Foundation
import Testing

@testable import FoldCycleCLI

/// Issue 22, point 3: items streamed as they are read are the items of the whole text.
@Suite("Streamed items: cut as they arrive, the same items as the whole text")
struct ItemStreamSplitterTests {
    static let texts: [String] = [
        "tip: one\ntip: two\ntip: three\n",
        "A\nB",
        "A\n\nB",
        "first\nstill first\n\nsecond\n",
        "\n\nA\nB\n\n\n",
        "A\r\n\r\nB\r\n",
        "a\0b\0",
        "a\n\nb\0",
        "a\nb\0c\r\nd\0",
        "\u{FEFF}x\ny\n",
        "\u{FEFF}\u{FEFF}x\0",
        "\u{FEFF}",
        "",
        "\n  \n",
        "héllo wörld\n日本語\n\n😀 end",
        "front\nback\n\n\nnext one\n",
    ]

    /// Feeds `text`'s UTF-8 bytes in pieces of `size` bytes (the whole at once for 0).
    static func streamed(_ text: String, split: ItemSplit, pieces size: Int) throws -> [String] {
        var splitter = ItemStreamSplitter(split: split)
        let bytes = Array(text.utf8)
        var items: [String] = []
        var start = 0
        let step = size == 0 ? max(bytes.count, 1) : size
        while start < bytes.count {
            items += try splitter.feed(bytes[start..<min(start + step, bytes.count)])
            start += step
        }
        return items + (try splitter.finish())
    }

    @Test("fed whole, every split gives the whole text's items", arguments: ItemSplit.allCases)
    func whole(_ split: ItemSplit) throws {
        for text in Self.texts {
            #expect(
                try Self.streamed(text, split: split, pieces: 0) == split.items(of: text), "\(text.debugDescription)")
        }
    }

    @Test(
        "fed a byte at a time or in pieces, lines, paragraphs and nul give the same items",
        arguments: [ItemSplit.lines, .paragraphs, .nul])
    func pieces(_ split: ItemSplit) throws {
        for text in Self.texts {
            for size in [1, 2, 3, 5, 7] {
                #expect(
                    try Self.streamed(text, split: split, pieces: size) == split.items(of: text),
                    "\(text.debugDescription) in pieces of \(size)")
            }
        }
    }

    @Test("a line is handed on at its line feed, a paragraph at the blank line after it, a NUL item at its NUL")
    func handedOnAtTheirEnd() throws {
        var lines = ItemStreamSplitter(split: .lines)
        #expect(try lines.feed(Array("one\ntw".utf8)) == ["one"])
        #expect(try lines.feed(Array("o\n".utf8)) == ["two"])
        #expect(try lines.finish() == [])

        var paragraphs = ItemStreamSplitter(split: .paragraphs)
        #expect(try paragraphs.feed(Array("a\nb\n".utf8)) == [])
        #expect(try paragraphs.feed(Array("\nc".utf8)) == ["a\nb"])
        #expect(try paragraphs.finish() == ["c"])

        var nul = ItemStreamSplitter(split: .nul)
        #expect(try nul.feed(Array("x\ny\0z".utf8)) == ["x\ny"])
        #expect(try nul.finish() == ["z"])
    }

    @Test(
        "auto decides at the first read holding a NUL or a whole line with text, on what was read by then",
        arguments: [
            ("one\n", ["one"], ItemSplit.lines),
            ("one\n\ntwo\n", ["one"], .paragraphs),
            ("a\0b", ["a"], .nul),
            ("\n \n", [], .auto),
            ("partial", [], .auto),
        ] as [(String, [String], ItemSplit)])
    func autoDecides(_ first: String, _ expected: [String], _ split: ItemSplit) throws {
        var splitter = ItemStreamSplitter(split: .auto)
        #expect(try splitter.feed(Array(first.utf8)) == expected)
        #expect(splitter.resolvedSplit == split)
    }

    @Test("a line that is not UTF-8 is an error when its end is read, not before")
    func invalidUTF8() throws {
        var splitter = ItemStreamSplitter(split: .lines)
        #expect(try splitter.feed([0x6F, 0x6B, 0x0A, 0xFF]) == ["ok"])
        #expect(throws: ItemStreamSplitter.InvalidText.self) { try splitter.feed([0x0A]) }
        // A multi-byte character split between two reads is one character.
        var split = ItemStreamSplitter(split: .lines)
        #expect(try split.feed([0x68, 0xC3]) == [])
        #expect(try split.feed([0xA9, 0x0A]) == ["hé"])
    }
}
