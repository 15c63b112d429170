import FoldCycleCore
import FoldCycleTestSupport
import Testing

@testable import FoldCycle

/// OSC 8 hyperlinks: the target's encoding, the link table, the encoder's opening and closing
/// of links across cells, spans and frames, and the rule for when they are sent.
@Suite("Hyperlinks")
struct HyperlinkTests {
    static let docs = "https://example.org/docs"
    static let other = "https://example.org/other"

    /// A `width`×1 buffer: `text`'s characters, each linked to `links[i]` (nil: none).
    static func row(_ text: String, links: [String?], width: Int) -> CellBuffer {
        var buffer = CellBuffer(width: width, height: 1)
        for (x, (character, link)) in zip(text, links).enumerated() {
            var cell = Cell(character, foreground: red)
            cell.linkID = LinkTable.shared.id(for: link)
            buffer[x, 0] = cell
        }
        return buffer
    }

    static func full(_ buffer: CellBuffer, hyperlinks: Bool) -> String {
        var encoder = ANSIEncoder(mode: .inline, depth: .truecolor, hyperlinks: hyperlinks)
        var bytes: [UInt8] = []
        encoder.encodeFull(buffer, into: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test("a target's bytes outside 0x21-0x7E are percent-encoded; a % already there is kept")
    func targetEncoding() {
        let encoded = EscapeSequence.hyperlinkTarget("https://e.x/a b\u{1B}]\u{7}\u{9C}é%41")
        #expect(String(decoding: encoded, as: UTF8.self) == "https://e.x/a%20b%1B]%07%C2%9C%C3%A9%41")
        #expect(
            EscapeSequence.openHyperlink(encodedTarget: Array("u".utf8))
                == [0x1B, 0x5D, 0x38, 0x3B, 0x3B, 0x75, 0x1B, 0x5C])
    }

    @Test("the link table: 0 for none, one id per target, bounded")
    func table() {
        let table = LinkTable()
        #expect(table.id(for: nil) == 0)
        #expect(table.id(for: "") == 0)
        let first = table.id(for: Self.docs)
        #expect(first == 1)
        #expect(table.id(for: Self.other) == 2)
        #expect(table.id(for: Self.docs) == first)
        #expect(String(decoding: table.opening(first), as: UTF8.self) == "\u{1B}]8;;\(Self.docs)\u{1B}\\")
        #expect(table.opening(0) == EscapeSequence.closeHyperlink)
        #expect(table.id(for: String(repeating: "\u{1}", count: Limits.linkBytes / 3 + 1)) == 0)
        for index in 3...Limits.internedLinks { #expect(table.id(for: "u\(index)") == UInt16(index)) }
        #expect(table.id(for: "one too many") == 0)
    }

    @Test("a full frame opens a link before its first cell and closes it before the next unlinked one")
    func fullFrameBytes() {
        let buffer = Self.row("abc", links: [Self.docs, Self.docs, nil], width: 4)
        #expect(
            Self.full(buffer, hyperlinks: true)
                == "\u{1B}[?2026h\u{1B}[0;38;2;255;0;0m\u{1B}]8;;\(Self.docs)\u{1B}\\ab\u{1B}]8;;\u{1B}\\c\u{1B}[K"
                + "\u{1B}[0m\u{1B}[?2026l")
        // Without hyperlinks the bytes are those of the same cells with no link.
        #expect(
            Self.full(buffer, hyperlinks: false)
                == Self.full(Self.row("abc", links: [nil, nil, nil], width: 4), hyperlinks: false))
    }

    @Test("a link open at the frame's end is closed before the reset; one link replaces another")
    func closedAtFrameEnd() {
        let buffer = Self.row("ab", links: [Self.docs, Self.other], width: 2)
        #expect(
            Self.full(buffer, hyperlinks: true)
                == "\u{1B}[?2026h\u{1B}[0;38;2;255;0;0m\u{1B}]8;;\(Self.docs)\u{1B}\\a\u{1B}]8;;\(Self.other)\u{1B}\\b"
                + "\u{1B}]8;;\u{1B}\\\u{1B}[0m\u{1B}[?2026l")
    }

    @Test("a space inside a link's text is linked; padding after it is not")
    func spaces() {
        var buffer = Self.row("a b", links: [Self.docs, Self.docs, Self.docs], width: 5)
        buffer[3, 0] = Cell(" ", background: navy)
        var model = VTModel(width: 5, height: 1)
        model.apply(Array(Self.full(buffer, hyperlinks: true).utf8))
        #expect(model.errors.isEmpty)
        #expect(model.cells.map { $0.sgr.contains("link=\(Self.docs)") } == [true, true, true, false, false])
        #expect(model.link.isEmpty)
    }

    @Test(
        "diffs replayed through the VT model: every cell's link as a full frame gives, none left open; 400 seeded pairs"
    )
    func diffReplay() {
        var random = SeededGenerator(seed: 0x05C8)
        let links: [String?] = [nil, Self.docs, Self.other]
        let colours: [TerminalColor] = [.default, red, navy]
        func frame(width: Int, height: Int) -> CellBuffer {
            var buffer = CellBuffer(width: width, height: height)
            for y in 0..<height {
                for x in 0..<width where random.next() % 4 != 0 {
                    let glyph: Character = ["a", "b", " ", "你"][Int(random.next() % 4)]
                    guard glyph != "你" || x + 1 < width else { continue }
                    var cell = Cell(
                        glyph, foreground: colours[Int(random.next() % 3)],
                        background: random.next() % 3 == 0 ? navy : .default)
                    cell.linkID = LinkTable.shared.id(for: links[Int(random.next() % 3)])
                    if buffer[x, y].isContinuation { continue }
                    buffer[x, y] = cell
                    if glyph == "你" { buffer[x + 1, y] = .continuation(of: cell) }
                }
            }
            return buffer
        }
        for iteration in 0..<400 {
            let width = 4 + Int(random.next() % 20)
            let height = 1 + Int(random.next() % 3)
            let a = frame(width: width, height: height)
            let b = frame(width: width, height: height)
            var encoder = ANSIEncoder(mode: .inline, depth: .truecolor, hyperlinks: true)
            encoder.usesMoves = iteration % 2 == 0
            var bytes: [UInt8] = []
            encoder.encodeFull(a, into: &bytes)
            var viaDiff = VTModel(width: width, height: height)
            viaDiff.apply(bytes)
            #expect(viaDiff.link.isEmpty)
            bytes = []
            encoder.encodeDiff(previous: a, current: b, into: &bytes)
            viaDiff.apply(bytes)
            var viaFull = VTModel(width: width, height: height)
            viaFull.apply(Array(Self.full(b, hyperlinks: true).utf8))
            #expect(viaDiff.errors.isEmpty, "\(iteration): \(viaDiff.errors)")
            #expect(viaDiff.link.isEmpty && viaFull.link.isEmpty)
            #expect(viaDiff.cells == viaFull.cells, "iteration \(iteration)")
            // Every printed non-space cell shows exactly its own link.
            for index in b.cells.indices where b.cells[index].glyph != 0x20 && !b.cells[index].isContinuation {
                let link = links.compactMap { $0 }.first { LinkTable.shared.id(for: $0) == b.cells[index].linkID }
                #expect(viaFull.cells[index].sgr.contains("link=") == (link != nil))
                if let link { #expect(viaFull.cells[index].sgr.contains("link=\(link)")) }
            }
        }
    }

    @Test(
        "auto sends links only where the terminal is known to take them",
        arguments: [
            (["TERM": "xterm-256color", "VTE_VERSION": "7600"], true),
            (["TERM": "xterm-256color", "VTE_VERSION": "4800"], false),
            (["TERM": "xterm-kitty", "KITTY_WINDOW_ID": "1"], true),
            (["TERM": "xterm-256color", "TERM_PROGRAM": "iTerm.app"], true),
            (["TERM": "xterm-256color", "TERM_PROGRAM": "WezTerm"], true),
            (["TERM": "xterm-256color", "TERM_PROGRAM": "vscode"], true),
            (["TERM": "xterm-256color", "WT_SESSION": "x"], true),
            (["TERM": "foot"], true),
            (["TERM": "xterm"], false),
            (["TERM": "xterm-256color"], false),
            (["TERM": "tmux-256color", "KITTY_WINDOW_ID": "1"], false),
            (["TERM": "xterm-256color", "TMUX": "/tmp/tmux-1/default,1,0", "TERM_PROGRAM": "WezTerm"], false),
            (["TERM": "screen", "VTE_VERSION": "7600"], false),
            (["TERM": "dumb", "KITTY_WINDOW_ID": "1"], false),
        ])
    func detection(environment: [String: String], expected: Bool) {
        #expect(HyperlinkSupport.detect(choice: .auto, environment: environment, isTerminal: true) == expected)
        #expect(!HyperlinkSupport.detect(choice: .auto, environment: environment, isTerminal: false))
        #expect(HyperlinkSupport.detect(choice: .always, environment: environment, isTerminal: false))
        #expect(!HyperlinkSupport.detect(choice: .never, environment: environment, isTerminal: true))
    }

    @Test("a Markdown link's text is laid out with the link in its cells, and its padding without")
    func markdownCells() {
        let text = StyledString(markdown: "see [docs](\(Self.docs))")
        var buffer = CellBuffer(width: 10, height: 1)
        TextLayout.layout(text, into: &buffer, alignment: .left, style: TextStyle())
        let id = LinkTable.shared.id(for: Self.docs)
        #expect(buffer.cells.map(\.linkID) == [0, 0, 0, 0, id, id, id, id, 0, 0])
    }
}
