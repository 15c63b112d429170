import FoldCycleTestSupport
import Testing

@testable import FoldCycle

let red = TerminalColor.rgb(RGBColor(red: 255, green: 0, blue: 0))
let navy = TerminalColor.rgb(RGBColor(red: 0, green: 0, blue: 128))

/// "A" red, "B" red bold, space / "你" default: 3×2.
func sampleBuffer() -> CellBuffer {
    var buffer = CellBuffer(width: 3, height: 2)
    buffer[0, 0] = Cell("A", foreground: red)
    buffer[1, 0] = Cell("B", foreground: red, attributes: .bold)
    buffer[0, 1] = Cell("你")
    buffer[1, 1] = .continuation(of: buffer[0, 1])
    return buffer
}

func encodeFull(_ buffer: CellBuffer, mode: ANSIEncoder.Mode = .inline, depth: ColorDepth) -> String {
    var encoder = ANSIEncoder(mode: mode, depth: depth)
    var bytes: [UInt8] = []
    encoder.encodeFull(buffer, into: &bytes)
    return String(decoding: bytes, as: UTF8.self)
}

@Suite("ANSIEncoder")
struct ANSIEncoderTests {
    @Test(
        "full frame golden bytes per colour depth",
        arguments: [
            (
                ColorDepth.truecolor,
                "\u{1B}[?2026h\u{1B}[0;38;2;255;0;0mA\u{1B}[1mB\u{1B}[K\r\n\u{1B}[0m你\u{1B}[K\u{1B}[0m\u{1B}[?2026l"
            ),
            (
                .ansi256,
                "\u{1B}[?2026h\u{1B}[0;38;5;196mA\u{1B}[1mB\u{1B}[K\r\n\u{1B}[0m你\u{1B}[K\u{1B}[0m\u{1B}[?2026l"
            ),
            (.ansi16, "\u{1B}[?2026h\u{1B}[0;91mA\u{1B}[1mB\u{1B}[K\r\n\u{1B}[0m你\u{1B}[K\u{1B}[0m\u{1B}[?2026l"),
            (.none, "\u{1B}[?2026h\u{1B}[0mA\u{1B}[1mB\u{1B}[K\r\n\u{1B}[0m你\u{1B}[K\u{1B}[0m\u{1B}[?2026l"),
        ])
    func fullFrame(_ depth: ColorDepth, _ expected: String) {
        #expect(encodeFull(sampleBuffer(), depth: depth) == expected)
    }

    @Test("absolute mode starts with CUP at the origin, then moves relatively when shorter")
    func absoluteFullFrame() {
        #expect(
            encodeFull(sampleBuffer(), mode: .absolute(originRow: 4, originColumn: 9), depth: .truecolor)
                == "\u{1B}[?2026h\u{1B}[5;10H\u{1B}[0;38;2;255;0;0mA\u{1B}[1mB\u{1B}[K\u{1B}[B\u{8}\u{8}\u{1B}[0m你\u{1B}[K\u{1B}[0m\u{1B}[?2026l"
        )
    }

    @Test("background colours and default resets use the shortest SGR")
    func backgroundSGR() {
        var buffer = CellBuffer(width: 4, height: 1)
        buffer[0, 0] = Cell("a", background: navy)
        buffer[1, 0] = Cell("b", foreground: red, background: navy)
        buffer[2, 0] = Cell("c", background: navy)
        buffer[3, 0] = Cell("d")
        #expect(
            encodeFull(buffer, depth: .ansi16)
                == "\u{1B}[?2026h\u{1B}[0;44ma\u{1B}[91mb\u{1B}[39mc\u{1B}[0md\u{1B}[0m\u{1B}[?2026l")
        #expect(
            encodeFull(buffer, depth: .ansi256)
                == "\u{1B}[?2026h\u{1B}[0;48;5;18ma\u{1B}[38;5;196mb\u{1B}[39mc\u{1B}[0md\u{1B}[0m\u{1B}[?2026l")
    }

    @Test("pen tracking: one SGR per change, none for repeated styles")
    func penTracking() {
        var buffer = CellBuffer(width: 6, height: 2, filling: Cell("x", foreground: red))
        buffer[5, 1] = Cell("y", foreground: navy)
        let text = encodeFull(buffer, depth: .truecolor)
        #expect(text == "\u{1B}[?2026h\u{1B}[0;38;2;255;0;0mxxxxxx\r\nxxxxx\u{1B}[38;2;0;0;128my\u{1B}[0m\u{1B}[?2026l")
    }

    @Test("a plain space keeps the pen: bold text runs on one background need one SGR")
    func plainSpaceKeepsPen() {
        var buffer = CellBuffer(width: 5, height: 1)
        buffer[0, 0] = Cell("a", foreground: red, background: navy, attributes: .bold)
        buffer[1, 0] = .space(background: navy)
        buffer[2, 0] = Cell("b", foreground: red, background: navy, attributes: .bold)
        // The default background: `49` (one byte longer than `0`) keeps bold and red for "c".
        buffer[3, 0] = .space(background: .default)
        buffer[4, 0] = Cell("c", foreground: red, attributes: .bold)
        #expect(
            encodeFull(buffer, depth: .truecolor)
                == "\u{1B}[?2026h\u{1B}[0;1;38;2;255;0;0m\u{1B}[48;2;0;0;128ma b\u{1B}[49m c\u{1B}[0m\u{1B}[?2026l")
    }

    @Test("an underlined or reversed space needs its foreground and attributes")
    func visibleSpace() {
        var buffer = CellBuffer(width: 2, height: 1)
        buffer[0, 0] = Cell("a", foreground: red, attributes: .bold)
        buffer[1, 0] = Cell(glyph: 0x20, foreground: navy, attributes: .underline)
        #expect(
            encodeFull(buffer, depth: .ansi16)
                == "\u{1B}[?2026h\u{1B}[0;1;91ma\u{1B}[0;4;34m \u{1B}[0m\u{1B}[?2026l")
    }

    @Test("attributes are turned off with 22/23/24/27 when shorter than a reset")
    func attributesOff() {
        var buffer = CellBuffer(width: 4, height: 1)
        buffer[0, 0] = Cell("a", foreground: red, attributes: [.bold, .italic])
        buffer[1, 0] = Cell("b", foreground: red, attributes: .italic)
        buffer[2, 0] = Cell("c", foreground: red, attributes: .dim)
        buffer[3, 0] = Cell("d", foreground: red, attributes: [.underline, .reverse])
        #expect(
            encodeFull(buffer, depth: .truecolor)
                == "\u{1B}[?2026h\u{1B}[0;1;3;38;2;255;0;0ma\u{1B}[22mb\u{1B}[23;2mc\u{1B}[22;4;7md\u{1B}[0m\u{1B}[?2026l"
        )
    }

    @Test("a diff rewrites a short gap of unchanged cells instead of moving over it")
    func diffRewritesShortGap() {
        var previous = CellBuffer(width: 12, height: 1)
        for (x, character) in "abcdefghijkl".enumerated() { previous[x, 0] = Cell(character) }
        var current = previous
        current[0, 0] = Cell("X")
        current[3, 0] = Cell("Y")  // Gap "bc": 2 bytes beat CSI 2 C (4 bytes).
        current[10, 0] = Cell("Z")  // Gap "efghij": 6 bytes lose to CSI 6 C (4 bytes).
        var encoder = ANSIEncoder(mode: .inline, depth: .none)
        var bytes: [UInt8] = []
        encoder.encodeFull(previous, into: &bytes)
        bytes.removeAll()
        encoder.encodeDiff(previous: previous, current: current, into: &bytes)
        #expect(
            String(decoding: bytes, as: UTF8.self)
                == "\u{1B}[?2026h\rXbcY\u{1B}[6CZ\u{1B}[0m\u{1B}[?2026l")
    }

    @Test("cached pen changes write the same bytes as freshly formed ones", arguments: ColorDepth.allCases)
    func cachedPenChanges(_ depth: ColorDepth) {
        var random = SeededGenerator(seed: 0xCAC4E)
        let buffers = (0..<8).map { _ in RandomFrames.randomBuffer(&random, width: 12, height: 4) }
        var warm = ANSIEncoder(mode: .inline, depth: depth)
        var scratch: [UInt8] = []
        for buffer in buffers { warm.encodeFull(buffer, into: &scratch) }
        for buffer in buffers {
            var warmBytes: [UInt8] = []
            warm.invalidate()
            warm.encodeFull(buffer, into: &warmBytes)
            // The same cursor state (on the last row) with an empty cache: a blank frame's one
            // SGR starts from an unknown pen, which is never cached.
            var fresh = ANSIEncoder(mode: .inline, depth: depth)
            var freshBytes: [UInt8] = []
            fresh.encodeFull(CellBuffer(width: 12, height: 4), into: &freshBytes)
            freshBytes.removeAll()
            fresh.invalidate()
            fresh.encodeFull(buffer, into: &freshBytes)
            #expect(warmBytes == freshBytes)
        }
    }

    @Test("a diff with no changes writes nothing")
    func emptyDiff() {
        var encoder = ANSIEncoder(mode: .inline, depth: .truecolor)
        var bytes: [UInt8] = []
        encoder.encodeDiff(previous: sampleBuffer(), current: sampleBuffer(), into: &bytes)
        #expect(bytes.isEmpty)
    }

    @Test("diff golden: only changed cells, shortest moves, pen starts from the reset")
    func diffGolden() {
        let previous = CellBuffer(width: 20, height: 3)
        var current = previous
        current[2, 0] = Cell("a")
        current[15, 0] = Cell("b")
        current[1, 2] = Cell("c", foreground: red)
        var encoder = ANSIEncoder(mode: .inline, depth: .truecolor)
        var bytes: [UInt8] = []
        encoder.encodeFull(previous, into: &bytes)
        bytes.removeAll()
        encoder.encodeDiff(previous: previous, current: current, into: &bytes)
        // The full frame erased each blank row with EL from column 0, so the cursor is at (2, 0).
        #expect(
            String(decoding: bytes, as: UTF8.self)
                == "\u{1B}[?2026h\u{1B}[2A\u{1B}[2Ca\u{1B}[12Cb\r\n\n\u{1B}[C\u{1B}[38;2;255;0;0mc\u{1B}[0m\u{1B}[?2026l"
        )
        #expect(encoder.cursorRow == 2 && encoder.cursorColumn == 2)
    }

    @Test("a wide glyph replaced by narrow ones redraws both cells")
    func wideReplacedByNarrow() {
        var previous = CellBuffer(width: 3, height: 1)
        previous[0, 0] = Cell("你")
        previous[1, 0] = .continuation(of: previous[0, 0])
        previous[2, 0] = Cell("c")
        var current = previous
        current[0, 0] = Cell("a")
        current[1, 0] = .blank
        var encoder = ANSIEncoder(mode: .inline, depth: .none)
        var bytes: [UInt8] = []
        encoder.encodeFull(previous, into: &bytes)
        bytes.removeAll()
        encoder.encodeDiff(previous: previous, current: current, into: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == "\u{1B}[?2026h\ra \u{1B}[0m\u{1B}[?2026l")
    }

    struct MoveCase: CustomStringConvertible, Sendable {
        let mode: ANSIEncoder.Mode
        let from: (row: Int, column: Int)?
        let to: (row: Int, column: Int)
        let expected: String
        var description: String { "\(mode) \(String(describing: from)) → \(to)" }
    }

    @Test(
        "cursor moves choose the shortest form",
        arguments: [
            MoveCase(mode: .inline, from: (0, 0), to: (0, 5), expected: "\u{1B}[5C"),
            MoveCase(mode: .inline, from: (0, 0), to: (0, 1), expected: "\u{1B}[C"),
            MoveCase(mode: .inline, from: (0, 5), to: (0, 1), expected: "\u{1B}[4D"),
            MoveCase(mode: .inline, from: (0, 12), to: (0, 1), expected: "\r\u{1B}[C"),
            MoveCase(mode: .inline, from: (0, 3), to: (0, 0), expected: "\r"),
            MoveCase(mode: .inline, from: (0, 2), to: (0, 1), expected: "\u{8}"),
            MoveCase(mode: .inline, from: (0, 5), to: (0, 2), expected: "\u{8}\u{8}\u{8}"),
            // Outside a frame a move may leave the region: it never uses LF.
            MoveCase(mode: .inline, from: (0, 3), to: (2, 0), expected: "\r\u{1B}[2B"),
            MoveCase(mode: .inline, from: (2, 3), to: (0, 3), expected: "\u{1B}[2A"),
            MoveCase(mode: .inline, from: (0, 0), to: (1, 0), expected: "\u{1B}[B"),
            MoveCase(mode: .inline, from: (3, 7), to: (1, 0), expected: "\r\u{1B}[2A"),
            MoveCase(mode: .absolute(originRow: 0, originColumn: 0), from: nil, to: (2, 4), expected: "\u{1B}[3;5H"),
            MoveCase(mode: .absolute(originRow: 0, originColumn: 0), from: (0, 0), to: (0, 1), expected: "\u{1B}[C"),
            MoveCase(
                mode: .absolute(originRow: 0, originColumn: 0), from: (0, 0), to: (5, 30), expected: "\u{1B}[6;31H"),
            MoveCase(
                mode: .absolute(originRow: 10, originColumn: 0), from: (1, 1), to: (0, 0), expected: "\u{1B}[A\u{8}"),
            MoveCase(
                mode: .absolute(originRow: 10, originColumn: 20), from: (1, 5), to: (0, 1),
                expected: "\u{1B}[A\u{1B}[4D"),
            MoveCase(
                mode: .absolute(originRow: 10, originColumn: 20), from: (1, 5), to: (2, 0),
                expected: "\u{1B}[B\u{1B}[5D"),
        ])
    func cursorMoves(_ testCase: MoveCase) {
        var encoder = ANSIEncoder(mode: testCase.mode, depth: .none)
        var bytes: [UInt8] = []
        if let from = testCase.from { encoder.moveCursor(toRow: from.row, column: from.column, into: &bytes) }
        bytes.removeAll()
        encoder.moveCursor(toRow: testCase.to.row, column: testCase.to.column, into: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == testCase.expected)
        #expect(encoder.cursorRow == testCase.to.row && encoder.cursorColumn == testCase.to.column)
    }

    @Test("plain-text encoder: glyphs only, continuations skipped, trailing spaces kept")
    func plainText() {
        var buffer = sampleBuffer()
        buffer[2, 0] = Cell("e\u{301}")
        #expect(PlainTextEncoder.lines(buffer) == ["ABe\u{301}", "你 "])
        #expect(PlainTextEncoder.text(buffer) == "ABe\u{301}\n你 \n")
    }

    /// A buffer of `width` columns with one line of text per row (a cluster per character).
    static func textRows(_ rows: [String], width: Int, background: TerminalColor = .default) -> CellBuffer {
        var buffer = CellBuffer(width: width, height: rows.count)
        for (y, text) in rows.enumerated() {
            var x = 0
            for character in text {
                let cell = Cell(character, background: background)
                buffer[x, y] = cell
                if cell.width == 2 { buffer[x + 1, y] = .continuation(of: cell) }
                x += Int(cell.width)
            }
        }
        return buffer
    }

    @Test("full frame: a row's trailing default blanks are erased with EL in the default background")
    func fullErasesTrailingBlanks() {
        var buffer = Self.textRows(["ab", "你x", "", "abcdef"], width: 6)
        buffer[0, 0] = Cell("a", background: navy)
        buffer[1, 0] = Cell("b", background: navy)
        // A navy space is not a default blank: row 0 is drawn up to it, then erased from 3.
        buffer[2, 0] = .space(background: navy)
        var encoder = ANSIEncoder(mode: .inline, depth: .truecolor)
        var bytes: [UInt8] = []
        encoder.encodeFull(buffer, into: &bytes)
        // Row 0: the pen goes back to the default background before EL. Row 1: EL after the wide
        // glyph and "x". Row 2: all blank, EL from column 0 (where the cursor stays). Row 3:
        // full, no EL (and the cursor is left in the pending-wrap state, column unknown).
        #expect(
            String(decoding: bytes, as: UTF8.self)
                == "\u{1B}[?2026h\u{1B}[0;48;2;0;0;128mab \u{1B}[0m\u{1B}[K\r\n你x\u{1B}[K\r\n\u{1B}[K"
                + "\r\nabcdef\u{1B}[0m\u{1B}[?2026l")
        #expect(encoder.cursorRow == 3 && encoder.cursorColumn == nil)
        var model = VTModel(width: 6, height: 4)
        model.apply(bytes)
        #expect(model.errors.isEmpty)
        #expect(model.lines == PlainTextEncoder.lines(buffer))
    }

    @Test("diff: an unchanged wide lead whose continuation changed ends the open span (it looped for ever)")
    func diffUnchangedLeadChangedContinuation() {
        // The bench hung on a fade at 256 colours: after "B" the open span met the unmarked lead
        // of 漢, whose marked continuation stopped the gap where it began, and the scan went on
        // at the same column for ever.
        let navy = TerminalColor.rgb(RGBColor(red: 0, green: 0, blue: 128))
        let lead = Cell("漢", background: navy)
        func row(_ second: Character, continuation: Cell) -> CellBuffer {
            var buffer = CellBuffer(width: 8, height: 1)
            for (column, cell) in [Cell("a"), Cell(second), lead, continuation, Cell("c"), Cell("d")].enumerated() {
                buffer[column, 0] = cell
            }
            return buffer
        }
        let previous = row("b", continuation: Cell.continuation(of: lead))
        var changed = Cell.continuation(of: lead)
        changed.background = .rgb(RGBColor(red: 128, green: 0, blue: 0))
        let current = row("B", continuation: changed)
        var encoder = ANSIEncoder(mode: .inline, depth: .truecolor)
        var bytes: [UInt8] = []
        encoder.encodeFull(previous, into: &bytes)
        encoder.encodeDiff(previous: previous, current: current, into: &bytes)
        var model = VTModel(width: 8, height: 1)
        model.apply(bytes)
        #expect(model.errors.isEmpty)
        #expect(model.lines == ["aB漢cd  "])
    }

    @Test("diff: a changed trailing default blank erases the row's run with EL, never in pending wrap")
    func diffErasesTrailingBlanks() {
        let previous = Self.textRows(["hello world", "你好", "a你", "xy", "abcdefghijkl"], width: 12)
        let current = Self.textRows(["hello", "你", "ab", "xz", "abcdefghijk"], width: 12)
        var encoder = ANSIEncoder(mode: .inline, depth: .truecolor)
        var bytes: [UInt8] = []
        encoder.encodeFull(previous, into: &bytes)
        var model = VTModel(width: 12, height: 5)
        model.apply(bytes)
        bytes.removeAll()
        encoder.encodeDiff(previous: previous, current: current, into: &bytes)
        // Row 0: EL from 5 ("hello" unchanged). Row 1: EL over "好" from 2. Row 2: "b" over the
        // lead of "你" (which blanks its trailing half), then EL from 2. Row 3: only "z" (its
        // blanks did not change). Row 4: the last cell, after a full row (pending wrap, so the
        // full frame left the column unknown): a move first, then EL.
        #expect(
            String(decoding: bytes, as: UTF8.self)
                == "\u{1B}[?2026h\r\u{1B}[4A\u{1B}[5C\u{1B}[K\u{1B}[B\u{8}\u{8}\u{8}\u{1B}[K\u{1B}[B\u{8}b\u{1B}[K"
                + "\u{1B}[B\u{8}z\u{1B}[B\u{1B}[9C\u{1B}[K\u{1B}[0m\u{1B}[?2026l")
        model.apply(bytes)
        #expect(model.errors.isEmpty)
        #expect(model.lines == PlainTextEncoder.lines(current))
    }

    @Test("diff: CR LF reaches the next row's column 0, within the region's rows only")
    func diffLineFeeds() {
        let previous = Self.textRows(["aaaa", "bbbb", "cccc"], width: 10)
        let current = Self.textRows(["xaaa", "xbbb", "xccc"], width: 10)
        var encoder = ANSIEncoder(mode: .inline, depth: .none)
        var bytes: [UInt8] = []
        encoder.encodeFull(previous, into: &bytes)
        var model = VTModel(width: 10, height: 3)
        model.apply(bytes)
        bytes.removeAll()
        encoder.encodeDiff(previous: previous, current: current, into: &bytes)
        // From (2, 4), after the last row's EL: up to row 0, then CR LF (2 bytes) beats CUD BS
        // (4) for each next row; the last row is drawn without any LF after it.
        #expect(
            String(decoding: bytes, as: UTF8.self)
                == "\u{1B}[?2026h\r\u{1B}[2Ax\r\nx\r\nx\u{1B}[0m\u{1B}[?2026l")
        model.apply(bytes)
        #expect(model.errors.isEmpty)
        #expect(model.lines == PlainTextEncoder.lines(current))
        // After the frame, a move below the region (e.g. to leave the cursor there) uses no LF.
        bytes.removeAll()
        encoder.moveCursor(toRow: 3, column: 0, into: &bytes)
        #expect(!bytes.contains(0x0A))
    }

    @Test("the VT model records an LF that would scroll or depend on ONLCR, and a BS at column 0")
    func vtModelLineFeedAndBackspace() {
        var model = VTModel(width: 4, height: 2)
        model.apply(Array("ab\r\ncd\u{8}e".utf8))
        #expect(model.errors.isEmpty)
        #expect(model.lines == ["ab  ", "ce  "])
        model.apply(Array("\r\n".utf8))
        #expect(model.errors == ["LF on the last row (would scroll)"])
        var offColumn = VTModel(width: 4, height: 2)
        offColumn.apply(Array("a\n".utf8))
        #expect(offColumn.errors.count == 1)
        var atZero = VTModel(width: 4, height: 2)
        atZero.apply(Array("\u{8}".utf8))
        #expect(atZero.errors.count == 1)
    }

    @Test("a long run of changed plain spaces is erased with ECH; the pen keeps no underline")
    func diffErasesRun() {
        let previous = CellBuffer(width: 30, height: 1, filling: Cell("x"))
        var current = CellBuffer(width: 30, height: 1, filling: .space(background: navy))
        current[29, 0] = Cell("y", background: navy)
        var encoder = ANSIEncoder(mode: .inline, depth: .truecolor)
        var bytes: [UInt8] = []
        encoder.encodeFull(previous, into: &bytes)
        bytes.removeAll()
        encoder.encodeDiff(previous: previous, current: current, into: &bytes)
        // 29 spaces: ECH 29 + CUF 29 (9 bytes) beat them; "y" then follows.
        #expect(
            String(decoding: bytes, as: UTF8.self)
                == "\u{1B}[?2026h\r\u{1B}[48;2;0;0;128m\u{1B}[29X\u{1B}[29Cy\u{1B}[0m\u{1B}[?2026l")
        var model = VTModel(width: 30, height: 1)
        var full: [UInt8] = []
        var fresh = ANSIEncoder(mode: .inline, depth: .truecolor)
        fresh.encodeFull(previous, into: &full)
        model.apply(full)
        model.apply(bytes)
        #expect(model.errors.isEmpty)
        #expect(model.lines == PlainTextEncoder.lines(current))
    }
}
