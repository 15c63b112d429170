import Testing

@testable import FoldCycle

@Suite("SGR")
struct SGRTests {
    static let red = TerminalColor.rgb(RGBColor(red: 255, green: 0, blue: 0))
    static let navy = TerminalColor.rgb(RGBColor(red: 0, green: 0, blue: 128))

    /// The bytes ``SGRState/changePen(_:sink:)`` writes for `cell`.
    static func change(_ state: inout SGRState, to cell: Cell) -> String {
        var bytes: [UInt8] = []
        ByteSink.withSink(flushingTo: &bytes) { sink, bytes in state.changePen(cell, sink: &sink, bytes: &bytes) }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A state whose pen draws `cell` (nil: the pen is unknown).
    static func state(drawing cell: Cell?, depth: ColorDepth) -> SGRState {
        var state = SGRState(depth: depth)
        if let cell { _ = change(&state, to: cell) }
        return state
    }

    struct Case: CustomStringConvertible, Sendable {
        let name: String
        let depth: ColorDepth
        let from: Cell?
        let to: Cell
        let expected: String
        var description: String { name }
    }

    @Test(
        "a pen change writes the shorter of the incremental and the reset form",
        arguments: [
            Case(
                name: "unknown pen: the reset form", depth: .truecolor, from: nil,
                to: Cell("a", foreground: red, attributes: .bold), expected: "\u{1B}[0;1;38;2;255;0;0m"),
            Case(
                name: "unknown pen to the default rendition", depth: .truecolor, from: nil, to: Cell("a"),
                expected: "\u{1B}[0m"),
            Case(
                name: "bold off", depth: .truecolor, from: Cell("a", foreground: red, attributes: .bold),
                to: Cell("b", foreground: red), expected: "\u{1B}[22m"),
            Case(
                name: "22 turns off bold and dim, so dim is set again", depth: .truecolor,
                from: Cell("a", foreground: red, attributes: [.bold, .dim]),
                to: Cell("b", foreground: red, attributes: .dim),
                expected: "\u{1B}[22;2m"),
            Case(
                name: "each attribute off", depth: .truecolor,
                from: Cell("a", foreground: red, attributes: [.italic, .underline, .reverse]),
                to: Cell("b", foreground: red), expected: "\u{1B}[23;24;27m"),
            Case(
                name: "a reset is shorter than turning off", depth: .truecolor,
                from: Cell("a", attributes: [.bold, .italic]), to: Cell("c", attributes: .dim), expected: "\u{1B}[0;2m"),
            Case(
                name: "foreground only", depth: .truecolor, from: Cell("a", foreground: red, background: navy),
                to: Cell("b", foreground: navy, background: navy), expected: "\u{1B}[38;2;0;0;128m"),
            Case(
                name: "default foreground", depth: .truecolor, from: Cell("a", foreground: red, background: navy),
                to: Cell("b", background: navy), expected: "\u{1B}[39m"),
            Case(
                name: "256 colours", depth: .ansi256, from: nil, to: Cell("a", foreground: red, background: navy),
                expected: "\u{1B}[0;38;5;196;48;5;18m"),
            Case(
                name: "16 colours", depth: .ansi16, from: nil, to: Cell("a", foreground: red, background: navy),
                expected: "\u{1B}[0;91;44m"),
            Case(
                name: "no colour: attributes only", depth: .none, from: nil,
                to: Cell("a", foreground: red, background: navy, attributes: .bold), expected: "\u{1B}[0;1m"),
            Case(
                name: "colours that downsample alike need no SGR", depth: .ansi16, from: Cell("a", foreground: red),
                to: Cell("b", foreground: .rgb(RGBColor(red: 250, green: 0, blue: 0))), expected: ""),
            // A plain space shows only its background: the pen's foreground and bold are kept, with
            // `49` chosen over the 1 byte shorter `0`.
            Case(
                name: "plain space keeps the pen", depth: .truecolor,
                from: Cell("a", foreground: red, background: navy, attributes: .bold), to: .space(background: .default),
                expected: "\u{1B}[49m"),
            Case(
                name: "plain space in the pen's background with another foreground", depth: .truecolor,
                from: Cell("a", foreground: red, attributes: .underline), to: .blank, expected: "\u{1B}[24m"),
            // Past the slack (2 bytes) the reset wins even for a plain space.
            Case(
                name: "plain space: the reset past the slack", depth: .truecolor,
                from: Cell("a", foreground: red, attributes: [.bold, .underline, .reverse]), to: .blank,
                expected: "\u{1B}[0m"),
            Case(
                name: "an underlined space needs its foreground", depth: .ansi16,
                from: Cell("a", foreground: red, attributes: .bold),
                to: Cell(glyph: 0x20, foreground: navy, attributes: .underline), expected: "\u{1B}[0;4;34m"),
        ])
    func penChange(_ testCase: Case) {
        var state = Self.state(drawing: testCase.from, depth: testCase.depth)
        #expect(Self.change(&state, to: testCase.to) == testCase.expected)
        #expect(state.penMatches(testCase.to))
    }

    @Test("the pen after a change: a plain space keeps the pen's foreground and bold; a reset drops them")
    func penAfterChange() {
        var kept = Self.state(
            drawing: Cell("a", foreground: Self.red, background: Self.navy, attributes: .bold),
            depth: .truecolor)
        _ = Self.change(&kept, to: .space(background: .default))
        #expect(
            kept.pen
                == Pen(
                    foreground: Self.red.packed, background: TerminalColor.packedDefault,
                    attributes: .bold, outputForeground: Self.red.packed,
                    outputBackground: Pen.outputDefault))
        var reset = Self.state(
            drawing: Cell("a", foreground: Self.red, attributes: [.bold, .underline, .reverse]),
            depth: .truecolor)
        _ = Self.change(&reset, to: .blank)
        #expect(reset.pen == .initial)
    }

    @Test("which cells the pen draws as it is")
    func penMatches() {
        let state = Self.state(
            drawing: Cell("a", foreground: Self.red, background: Self.navy, attributes: .bold),
            depth: .truecolor)
        #expect(state.penMatches(Cell("b", foreground: Self.red, background: Self.navy, attributes: .bold)))
        #expect(!state.penMatches(Cell("b", foreground: Self.navy, background: Self.navy, attributes: .bold)))
        #expect(!state.penMatches(Cell("b", foreground: Self.red, background: Self.navy)))
        // A plain space: only the background (and no underline or reverse) must match.
        #expect(state.penMatches(.space(background: Self.navy)))
        #expect(state.penMatches(Cell(glyph: 0x20, foreground: Self.navy, background: Self.navy, attributes: .italic)))
        #expect(
            !state.penMatches(
                Cell(
                    glyph: 0x20, foreground: Self.red, background: Self.navy,
                    attributes: [.bold, .underline])))
        #expect(!state.penMatches(.blank))
        // An unknown pen matches nothing.
        #expect(!SGRState(depth: .truecolor).penMatches(.blank))
    }

    @Test("a cached change writes the same bytes as a formed one")
    func cachedChange() {
        let a = Cell("a", foreground: Self.red, background: Self.navy, attributes: .bold)
        let b = Cell("b", foreground: Self.navy, background: Self.red, attributes: .italic)
        var state = Self.state(drawing: a, depth: .truecolor)
        let formed = Self.change(&state, to: b)
        _ = Self.change(&state, to: a)
        let cached = Self.change(&state, to: b)
        // `0;3` is a byte shorter than `22;3`; 12 parameters, so the background is a second SGR.
        #expect(formed == "\u{1B}[0;3;38;2;0;0;128m\u{1B}[48;2;255;0;0m")
        #expect(cached == formed)
        #expect(state.pen == Self.state(drawing: b, depth: .truecolor).pen)
    }

    @Test(
        "colour parameters per depth",
        arguments: [
            (Pen.outputDefault, false, ColorDepth.truecolor, "39"), (Pen.outputDefault, true, .truecolor, "49"),
            (TerminalColor.rgbTag | 0x0A_C8_1E, false, .truecolor, "38;2;10;200;30"),
            (TerminalColor.rgbTag | 0x0A_C8_1E, true, .truecolor, "48;2;10;200;30"),
            (Pen.indexTag | 196, false, .ansi256, "38;5;196"), (Pen.indexTag | 18, true, .ansi256, "48;5;18"),
            (Pen.indexTag | 3, false, .ansi16, "33"), (Pen.indexTag | 3, true, .ansi16, "43"),
            (Pen.indexTag | 12, false, .ansi16, "94"), (Pen.indexTag | 12, true, .ansi16, "104"),
        ])
    func colorParameters(_ color: Pen.OutputColor, _ background: Bool, _ depth: ColorDepth, _ expected: String) {
        var bytes: [UInt8] = []
        ByteSink.withSink(flushingTo: &bytes) { sink, _ in
            var writer = SGRWriter(sink: sink.block, start: 0)
            writer.appendColor(color, background: background, depth: depth)
            sink.count = writer.finish()
        }
        #expect(String(decoding: bytes, as: UTF8.self) == "\u{1B}[" + expected + "m")
    }
}
