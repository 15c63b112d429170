import Testing

@testable import FoldCycle

@Suite("Drawing passes")
struct DrawPassesTests {
    static let red = TerminalColor.rgb(RGBColor(red: 255, green: 0, blue: 0))
    static let navy = TerminalColor.rgb(RGBColor(red: 0, green: 0, blue: 128))

    /// The bytes of the diff from `previous` (drawn in full first) to `current`.
    static func diff(_ previous: CellBuffer, _ current: CellBuffer, depth: ColorDepth) -> String {
        var encoder = ANSIEncoder(mode: .inline, depth: depth)
        var bytes: [UInt8] = []
        encoder.encodeFull(previous, into: &bytes)
        bytes.removeAll()
        encoder.encodeDiff(previous: previous, current: current, into: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// One row of text, each run in its foreground.
    static func row(_ runs: [(String, TerminalColor)], background: TerminalColor = .default) -> CellBuffer {
        let cells = runs.flatMap { text, foreground in
            text.map { Cell($0, foreground: foreground, background: background) }
        }
        var buffer = CellBuffer(width: cells.count, height: 1)
        for (x, cell) in cells.enumerated() { buffer[x, 0] = cell }
        return buffer
    }

    @Test("a row crossing three colour zones is drawn pass by pass at truecolor, row-major at 16 colours")
    func zones() {
        let current = Self.row([("aaa", Self.red), ("bbb", Self.navy), ("ccc", Self.red)])
        let previous = CellBuffer(width: current.width, height: 1)
        // By passes: the red cells ("ccc" after a CUF over "bbb"), then the navy ones, from the
        // pending-wrap state (CR first): 4 + 4 bytes of moves against a second red SGR (15).
        #expect(
            Self.diff(previous, current, depth: .truecolor)
                == "\u{1B}[?2026h\u{1B}[38;2;255;0;0maaa\u{1B}[3Cccc\r\u{1B}[3C\u{1B}[38;2;0;0;128mbbb\u{1B}[0m\u{1B}[?2026l"
        )
        // Row-major: three 5-byte SGRs are cheaper than the moves and an SGR.
        #expect(
            Self.diff(previous, current, depth: .ansi16)
                == "\u{1B}[?2026h\u{1B}[91maaa\u{1B}[34mbbb\u{1B}[91mccc\u{1B}[0m\u{1B}[?2026l")
    }

    static let keys: [(from: PenKey?, to: PenKey)] = {
        let redOnNavy = PenKey(exact: Cell("a", foreground: red, background: navy))
        let navyOnDefault = PenKey(exact: Cell("b", foreground: navy, background: .default))
        let bold = PenKey(exact: Cell("c", foreground: red, background: navy, attributes: .bold))
        let plainNavy = PenKey(plain: .space(background: navy))
        return [
            (nil, redOnNavy), (redOnNavy, navyOnDefault), (navyOnDefault, redOnNavy), (redOnNavy, bold),
            (bold, redOnNavy), (redOnNavy, plainNavy), (navyOnDefault, plainNavy), (plainNavy, navyOnDefault),
        ]
    }()

    @Test("the estimated SGRs that price an order are the bytes the pen change writes", arguments: ColorDepth.allCases)
    func estimates(_ depth: ColorDepth) {
        for (from, to) in Self.keys {
            var state = SGRState(depth: depth)
            if let from {
                // Set the pen to `from` first, as a full frame would.
                var bytes: [UInt8] = []
                ByteSink.withSink(flushingTo: &bytes) { sink, bytes in
                    state.changePen(from.cell, sink: &sink, bytes: &bytes)
                }
            }
            var bytes: [UInt8] = []
            ByteSink.withSink(flushingTo: &bytes) { sink, bytes in
                if !state.penMatches(to.cell) { state.changePen(to.cell, sink: &sink, bytes: &bytes) }
            }
            #expect(
                SGRCostTable.estimate(from: from, to: to, depth: depth) == bytes.count,
                "\(String(describing: from)) → \(to) at \(depth): \(String(decoding: bytes, as: UTF8.self))")
        }
    }

    @Test("a span of spaces is drawn in the pass of the glyphs beside it in its row")
    func plainSpansJoinTheirNeighbours() {
        let glyph = Cell("a", foreground: Self.red, background: Self.navy)
        var keys = PenKeys()
        let exact = keys.index(of: PenKey(exact: glyph))
        let plain = keys.index(of: PenKey(plain: .space(background: Self.navy)))
        let other = keys.index(of: PenKey(plain: .blank))
        let spans = [
            DiffSpan(row: 0, start: 0, end: 4, key: plain, kind: .draw),
            DiffSpan(row: 0, start: 4, end: 8, key: exact, kind: .draw),
            DiffSpan(row: 1, start: 0, end: 9, key: plain, kind: .erase),
            DiffSpan(row: 1, start: 9, end: 10, key: other, kind: .eraseLine),
        ]
        var passes = DrawPasses()
        passes.plan(
            spans: spans, keys: keys, width: 10, cursorRow: 0, cursorColumn: 0, mode: .inline, lineFeedRows: 2,
            depth: .truecolor)
        // Row 0's spaces join the glyphs after them, row 1's the first pass of that background;
        // the EL's default background has no exact pass: its own.
        #expect(passes.passes == [exact, exact, exact, other])
        #expect(passes.order.sorted() == [0, 1, 2, 3])
    }
}
