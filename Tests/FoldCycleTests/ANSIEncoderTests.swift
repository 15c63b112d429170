import Testing
@testable import FoldCycle
import FoldCycleTestSupport

/// A deterministic PRNG (SplitMix64) so the property test is reproducible.
struct SplitMix64 {
    var state: UInt64

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
}

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
    @Test("full frame golden bytes per colour depth", arguments: [
        (ColorDepth.truecolor, "\u{1B}[?2026h\u{1B}[0;38;2;255;0;0mA\u{1B}[1mB\u{1B}[K\r\n\u{1B}[0m你\u{1B}[K\u{1B}[0m\u{1B}[?2026l"),
        (.ansi256, "\u{1B}[?2026h\u{1B}[0;38;5;196mA\u{1B}[1mB\u{1B}[K\r\n\u{1B}[0m你\u{1B}[K\u{1B}[0m\u{1B}[?2026l"),
        (.ansi16, "\u{1B}[?2026h\u{1B}[0;91mA\u{1B}[1mB\u{1B}[K\r\n\u{1B}[0m你\u{1B}[K\u{1B}[0m\u{1B}[?2026l"),
        (.none, "\u{1B}[?2026h\u{1B}[0mA\u{1B}[1mB\u{1B}[K\r\n\u{1B}[0m你\u{1B}[K\u{1B}[0m\u{1B}[?2026l"),
    ])
    func fullFrame(_ depth: ColorDepth, _ expected: String) {
        #expect(encodeFull(sampleBuffer(), depth: depth) == expected)
    }

    @Test("absolute mode starts with CUP at the origin, then moves relatively when shorter")
    func absoluteFullFrame() {
        #expect(encodeFull(sampleBuffer(), mode: .absolute(originRow: 4, originColumn: 9), depth: .truecolor)
            == "\u{1B}[?2026h\u{1B}[5;10H\u{1B}[0;38;2;255;0;0mA\u{1B}[1mB\u{1B}[K\u{1B}[B\u{8}\u{8}\u{1B}[0m你\u{1B}[K\u{1B}[0m\u{1B}[?2026l")
    }

    @Test("background colours and default resets use the shortest SGR")
    func backgroundSGR() {
        var buffer = CellBuffer(width: 4, height: 1)
        buffer[0, 0] = Cell("a", background: navy)
        buffer[1, 0] = Cell("b", foreground: red, background: navy)
        buffer[2, 0] = Cell("c", background: navy)
        buffer[3, 0] = Cell("d")
        #expect(encodeFull(buffer, depth: .ansi16)
            == "\u{1B}[?2026h\u{1B}[0;44ma\u{1B}[91mb\u{1B}[39mc\u{1B}[0md\u{1B}[0m\u{1B}[?2026l")
        #expect(encodeFull(buffer, depth: .ansi256)
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
        #expect(encodeFull(buffer, depth: .truecolor)
            == "\u{1B}[?2026h\u{1B}[0;1;38;2;255;0;0;48;2;0;0;128ma b\u{1B}[49m c\u{1B}[0m\u{1B}[?2026l")
    }

    @Test("an underlined or reversed space needs its foreground and attributes")
    func visibleSpace() {
        var buffer = CellBuffer(width: 2, height: 1)
        buffer[0, 0] = Cell("a", foreground: red, attributes: .bold)
        buffer[1, 0] = Cell(glyph: 0x20, foreground: navy, attributes: .underline)
        #expect(encodeFull(buffer, depth: .ansi16)
            == "\u{1B}[?2026h\u{1B}[0;1;91ma\u{1B}[0;4;34m \u{1B}[0m\u{1B}[?2026l")
    }

    @Test("attributes are turned off with 22/23/24/27 when shorter than a reset")
    func attributesOff() {
        var buffer = CellBuffer(width: 4, height: 1)
        buffer[0, 0] = Cell("a", foreground: red, attributes: [.bold, .italic])
        buffer[1, 0] = Cell("b", foreground: red, attributes: .italic)
        buffer[2, 0] = Cell("c", foreground: red, attributes: .dim)
        buffer[3, 0] = Cell("d", foreground: red, attributes: [.underline, .reverse])
        #expect(encodeFull(buffer, depth: .truecolor)
            == "\u{1B}[?2026h\u{1B}[0;1;3;38;2;255;0;0ma\u{1B}[22mb\u{1B}[23;2mc\u{1B}[22;4;7md\u{1B}[0m\u{1B}[?2026l")
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
        #expect(String(decoding: bytes, as: UTF8.self)
            == "\u{1B}[?2026h\rXbcY\u{1B}[6CZ\u{1B}[0m\u{1B}[?2026l")
    }

    @Test("cached pen changes write the same bytes as freshly formed ones", arguments: ColorDepth.allCases)
    func cachedPenChanges(_ depth: ColorDepth) {
        var random = SplitMix64(state: 0xCAC4E)
        let buffers = (0..<8).map { _ in Self.randomBuffer(&random, width: 12, height: 4) }
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
        #expect(String(decoding: bytes, as: UTF8.self)
            == "\u{1B}[?2026h\u{1B}[2A\u{1B}[2Ca\u{1B}[12Cb\r\n\n\u{1B}[C\u{1B}[38;2;255;0;0mc\u{1B}[0m\u{1B}[?2026l")
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

    @Test("cursor moves choose the shortest form", arguments: [
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
        MoveCase(mode: .absolute(originRow: 0, originColumn: 0), from: (0, 0), to: (5, 30), expected: "\u{1B}[6;31H"),
        MoveCase(mode: .absolute(originRow: 10, originColumn: 0), from: (1, 1), to: (0, 0), expected: "\u{1B}[A\u{8}"),
        MoveCase(mode: .absolute(originRow: 10, originColumn: 20), from: (1, 5), to: (0, 1), expected: "\u{1B}[A\u{1B}[4D"),
        MoveCase(mode: .absolute(originRow: 10, originColumn: 20), from: (1, 5), to: (2, 0), expected: "\u{1B}[B\u{1B}[5D"),
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

    @Test("escape sequences have the documented bytes", arguments: [
        (EscapeSequence.carriageReturn, "\r"), (.lineFeed, "\n"), (.backspace, "\u{8}"), (.cursorUp(1), "\u{1B}[A"), (.cursorUp(12), "\u{1B}[12A"),
        (.cursorDown(3), "\u{1B}[3B"), (.cursorForward(1), "\u{1B}[C"), (.cursorBackward(10), "\u{1B}[10D"),
        (.cursorPosition(row: 1, column: 1), "\u{1B}[1;1H"), (.hideCursor, "\u{1B}[?25l"), (.showCursor, "\u{1B}[?25h"),
        (.enterAlternateScreen, "\u{1B}[?1049h"), (.leaveAlternateScreen, "\u{1B}[?1049l"),
        (.eraseLine, "\u{1B}[2K"), (.eraseToEndOfLine, "\u{1B}[K"), (.eraseBelow, "\u{1B}[J"), (.beginSynchronizedUpdate, "\u{1B}[?2026h"),
        (.endSynchronizedUpdate, "\u{1B}[?2026l"), (.resetAttributes, "\u{1B}[0m"),
        (.eraseCharacters(1), "\u{1B}[X"), (.eraseCharacters(37), "\u{1B}[37X"),
    ])
    func escapeSequences(_ sequence: EscapeSequence, _ expected: String) {
        #expect(sequence.bytes == Array(expected.utf8))
        #expect(sequence.byteCount == expected.utf8.count)
    }

    @Test("plain-text encoder: glyphs only, continuations skipped, trailing spaces kept")
    func plainText() {
        var buffer = sampleBuffer()
        buffer[2, 0] = Cell("e\u{301}")
        #expect(PlainTextEncoder.lines(buffer) == ["ABe\u{301}", "你 "])
        #expect(PlainTextEncoder.text(buffer) == "ABe\u{301}\n你 \n")
    }

    // MARK: - Property test

    static let alphabet: [Character] = ["a", "b", " ", "你", "界", "e\u{301}", "\u{1F44D}\u{1F3FD}", "\u{2584}"]
    static let colours: [TerminalColor] = [.default, red, navy, .rgb(RGBColor(red: 10, green: 200, blue: 30))]

    static func randomBuffer(_ random: inout SplitMix64, width: Int, height: Int) -> CellBuffer {
        var buffer = CellBuffer(width: width, height: height)
        for y in 0..<height { fillRow(&buffer, y: y, from: 0, &random) }
        return buffer
    }

    static func randomCell(_ random: inout SplitMix64) -> Cell {
        Cell(alphabet[random.below(alphabet.count)], foreground: colours[random.below(colours.count)],
             background: colours[random.below(colours.count)], attributes: random.below(3) == 0 ? .bold : [])
    }

    static func fillRow(_ buffer: inout CellBuffer, y: Int, from start: Int, _ random: inout SplitMix64) {
        var x = start
        while x < buffer.width {
            var cell = randomCell(&random)
            if cell.width == 2 && x + 1 >= buffer.width { cell = Cell("z") }
            buffer[x, y] = cell
            if cell.width == 2 {
                buffer[x + 1, y] = .continuation(of: cell)
                x += 2
            } else {
                x += 1
            }
        }
    }

    /// B from A: a few random cells (or runs) re-drawn, so both small and large diffs occur.
    static func mutate(_ buffer: CellBuffer, _ random: inout SplitMix64) -> CellBuffer {
        var result = buffer
        let edits = random.below(6)
        for _ in 0..<edits {
            let y = random.below(buffer.height)
            let x = random.below(buffer.width)
            var cell = randomCell(&random)
            if cell.width == 2 && x + 1 >= buffer.width { cell = Cell("q") }
            result[x, y] = cell
            if cell.width == 2 { result[x + 1, y] = .continuation(of: cell) }
        }
        if random.below(4) == 0 { fillRow(&result, y: random.below(buffer.height), from: random.below(buffer.width), &random) }
        result.normalizeWideClusters()
        return result
    }

    /// Ends some rows with a run of default blanks (the card narrower than the region), which the
    /// encoder erases with EL.
    /// A terminal model fed the full frame `a` then the diff to `b`, and one fed `b` in full.
    static func screens(from a: CellBuffer, to b: CellBuffer, mode: ANSIEncoder.Mode, depth: ColorDepth)
        -> (viaDiff: VTModel, viaFull: VTModel)
    {
        var encoder = ANSIEncoder(mode: mode, depth: depth)
        var bytes: [UInt8] = []
        encoder.encodeFull(a, into: &bytes)
        encoder.encodeDiff(previous: a, current: b, into: &bytes)
        var viaDiff = VTModel(width: b.width, height: b.height)
        viaDiff.apply(bytes)

        var fresh = ANSIEncoder(mode: mode, depth: depth)
        var fullBytes: [UInt8] = []
        fresh.encodeFull(b, into: &fullBytes)
        var viaFull = VTModel(width: b.width, height: b.height)
        viaFull.apply(fullBytes)
        return (viaDiff, viaFull)
    }

    static func blankTails(_ buffer: inout CellBuffer, _ random: inout SplitMix64) {
        for y in 0..<buffer.height where random.below(2) == 0 {
            for x in random.below(buffer.width + 1)..<buffer.width { buffer[x, y] = .blank }
        }
        buffer.normalizeWideClusters()
    }

    /// A card-like row: zones of one background and text colour each (plain-space padding, words,
    /// wide glyphs, the odd underlined or reversed space), so diffs have long runs of spaces to
    /// erase and several colour zones per row to draw in passes.
    static func zonedBuffer(_ random: inout SplitMix64, width: Int, height: Int) -> CellBuffer {
        var buffer = CellBuffer(width: width, height: height)
        for y in 0..<height {
            var x = 0
            while x < width {
                let zoneEnd = min(width, x + 1 + random.below(width))
                let background = colours[random.below(colours.count)]
                let foreground = colours[random.below(colours.count)]
                let attributes: CellAttributes = random.below(2) == 0 ? .bold : []
                while x < zoneEnd {
                    let roll = random.below(10)
                    var cell: Cell
                    if roll < 5 {
                        cell = .space(background: background)
                    } else if roll == 5 {
                        cell = Cell(glyph: 0x20, foreground: foreground, background: background,
                                    attributes: random.below(2) == 0 ? .underline : .reverse)
                    } else {
                        let glyph = alphabet[random.below(alphabet.count)]
                        cell = Cell(glyph, foreground: foreground, background: background, attributes: attributes)
                    }
                    if cell.width == 2 && x + 1 >= width { cell = .space(background: background) }
                    buffer[x, y] = cell
                    if cell.width == 2 {
                        buffer[x + 1, y] = .continuation(of: cell)
                        x += 2
                    } else {
                        x += 1
                    }
                }
            }
        }
        return buffer
    }

    @Test("diff correctness with erased runs and colour-zone passes: 600 seeded card-like pairs")
    func diffCorrectnessZoned() {
        var random = SplitMix64(state: 0xEC4_2A4E)
        let depths = ColorDepth.allCases
        for iteration in 0..<600 {
            let width = 8 + random.below(60)
            let height = 1 + random.below(6)
            let depth = depths[iteration % depths.count]
            let mode: ANSIEncoder.Mode = iteration % 2 == 0 ? .inline : .absolute(originRow: 0, originColumn: 0)
            var a = Self.zonedBuffer(&random, width: width, height: height)
            var b = random.below(3) == 0 ? Self.mutate(a, &random) : Self.zonedBuffer(&random, width: width, height: height)
            if random.below(4) == 0 {
                // Long runs of plain spaces over text and wide glyphs.
                for y in 0..<height where random.below(2) == 0 {
                    let start = random.below(width)
                    let end = min(width, start + 4 + random.below(width))
                    for x in start..<end { b[x, y] = .space(background: Self.colours[random.below(2)]) }
                }
                b.normalizeWideClusters()
            }
            if random.below(3) == 0 { Self.blankTails(&a, &random) }
            if random.below(3) == 0 { Self.blankTails(&b, &random) }

            let (viaDiff, viaFull) = Self.screens(from: a, to: b, mode: mode, depth: depth)

            #expect(viaDiff.errors.isEmpty, "iteration \(iteration): \(viaDiff.errors)")
            #expect(viaDiff.cells == viaFull.cells, "iteration \(iteration)")
            if viaDiff.cells != viaFull.cells { break }
        }
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
        #expect(String(decoding: bytes, as: UTF8.self)
            == "\u{1B}[?2026h\u{1B}[0;48;2;0;0;128mab \u{1B}[0m\u{1B}[K\r\n你x\u{1B}[K\r\n\u{1B}[K"
                + "\r\nabcdef\u{1B}[0m\u{1B}[?2026l")
        #expect(encoder.cursorRow == 3 && encoder.cursorColumn == nil)
        var model = VTModel(width: 6, height: 4)
        model.apply(bytes)
        #expect(model.errors.isEmpty)
        #expect(model.lines == PlainTextEncoder.lines(buffer))
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
        #expect(String(decoding: bytes, as: UTF8.self)
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
        #expect(String(decoding: bytes, as: UTF8.self)
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
        #expect(String(decoding: bytes, as: UTF8.self)
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

    @Test("diff correctness: model(full(A) + diff(A→B)) == model(full(B)) over 600 seeded pairs")
    func diffCorrectness() {
        var random = SplitMix64(state: 0xF01D_C7C1E)
        let depths = ColorDepth.allCases
        for iteration in 0..<600 {
            let width = 4 + random.below(9)
            let height = 1 + random.below(4)
            let depth = depths[iteration % depths.count]
            let mode: ANSIEncoder.Mode = iteration % 2 == 0 ? .inline : .absolute(originRow: 0, originColumn: 0)
            var a = Self.randomBuffer(&random, width: width, height: height)
            var b = random.below(5) == 0 ? Self.randomBuffer(&random, width: width, height: height) : Self.mutate(a, &random)
            if random.below(3) == 0 { Self.blankTails(&b, &random) }
            if random.below(3) == 0 {
                Self.blankTails(&a, &random)
                if random.below(2) == 0 { b = Self.mutate(a, &random) }
            }

            let (viaDiff, viaFull) = Self.screens(from: a, to: b, mode: mode, depth: depth)

            #expect(viaDiff.errors.isEmpty, "iteration \(iteration): \(viaDiff.errors)")
            #expect(viaFull.errors.isEmpty, "iteration \(iteration): \(viaFull.errors)")
            #expect(viaDiff.cells == viaFull.cells, "iteration \(iteration)")
            #expect(viaFull.lines == PlainTextEncoder.lines(b), "iteration \(iteration)")
            if viaDiff.cells != viaFull.cells { break }
        }
    }
}
