import FoldCycleTestSupport
import Testing

@testable import FoldCycle

/// REP (`CSI n b`) in the diff encoder (``ANSIEncoder/repeats``, ``RepeatRuns``), replayed
/// through the VT model, which takes REP only right after a narrow cluster and never past the
/// right margin (docs/decisions/0255).
@Suite("ANSIEncoder REP")
struct ANSIEncoderRepeatTests {
    /// The diff from `a` to `b` (after `a` in full) with REP on or off.
    static func diff(from a: CellBuffer, to b: CellBuffer, repeats: Bool, moves: Bool = true) -> [UInt8] {
        var encoder = ANSIEncoder(mode: .inline, depth: .truecolor)
        encoder.repeats = repeats
        encoder.usesMoves = moves
        var bytes: [UInt8] = []
        encoder.encodeFull(a, into: &bytes)
        bytes.removeAll()
        encoder.encodeDiff(previous: a, current: b, into: &bytes)
        return bytes
    }

    /// A buffer of `width` × 1 filled with `cell`.
    static func row(_ cell: Cell, width: Int) -> CellBuffer {
        var buffer = CellBuffer(width: width, height: 1)
        for x in 0..<width { buffer[x, 0] = cell }
        return buffer
    }

    static let frameStart = "\u{1B}[?2026h"
    static let frameEnd = "\u{1B}[0m\u{1B}[?2026l"

    @Test("a row of 80 half blocks is the glyph and CSI 79 b; off by default")
    func wholeRow() {
        let a = Self.row(Cell("x"), width: 80)
        let b = Self.row(Cell("\u{2584}"), width: 80)
        let text = String(decoding: Self.diff(from: a, to: b, repeats: true), as: UTF8.self)
        #expect(text == Self.frameStart + "\r\u{2584}\u{1B}[79b" + Self.frameEnd)
        let plain = String(decoding: Self.diff(from: a, to: b, repeats: false), as: UTF8.self)
        #expect(plain == Self.frameStart + "\r" + String(repeating: "\u{2584}", count: 80) + Self.frameEnd)
        #expect(ANSIEncoder(mode: .inline, depth: .truecolor).repeats == false)
    }

    @Test(
        "REP only where shorter: ASCII from 6 cells, a 3-byte glyph from 3, never a wide glyph",
        arguments: [
            ("a", 5, "aaaaa"), ("a", 6, "a\u{1B}[5b"), ("\u{2584}", 2, "\u{2584}\u{2584}"),
            ("\u{2584}", 3, "\u{2584}\u{1B}[2b"), ("你", 3, "你你你"),
        ])
    func shorterOnly(_ glyph: String, _ count: Int, _ expected: String) {
        let cell = Cell(Character(glyph))
        var a = CellBuffer(width: 12, height: 1)
        var b = CellBuffer(width: 12, height: 1)
        for x in 0..<12 { a[x, 0] = Cell("z") }
        b = a
        var x = 0
        for _ in 0..<count {
            b[x, 0] = cell
            if cell.width == 2 { b[x + 1, 0] = .continuation(of: cell) }
            x += Int(cell.width)
        }
        b.normalizeWideClusters()
        let text = String(decoding: Self.diff(from: a, to: b, repeats: true), as: UTF8.self)
        #expect(text == Self.frameStart + "\r" + expected + Self.frameEnd)
    }

    @Test("no REP across a cursor move: a span's CUF over unchanged cells ends the run")
    func notAcrossAMove() {
        // 20 cells of "=" where cells 8…12 are already "=": the span moves over them (CUF 5 is
        // shorter than five "="), so two runs each start with the glyph.
        var a = Self.row(Cell("x"), width: 20)
        for x in 8...12 { a[x, 0] = Cell("=") }
        let b = Self.row(Cell("="), width: 20)
        let text = String(decoding: Self.diff(from: a, to: b, repeats: true), as: UTF8.self)
        #expect(text == Self.frameStart + "\r=\u{1B}[7b\u{1B}[5C=\u{1B}[6b" + Self.frameEnd)
        var model = VTModel(width: 20, height: 1)
        var encoder = ANSIEncoder(mode: .inline, depth: .truecolor)
        encoder.repeats = true
        var bytes: [UInt8] = []
        encoder.encodeFull(a, into: &bytes)
        encoder.encodeDiff(previous: a, current: b, into: &bytes)
        model.apply(bytes)
        #expect(model.errors.isEmpty)
        #expect(model.lines == [String(repeating: "=", count: 20)])
    }

    /// Rows of runs: each a random cell of ``RandomFrames/alphabet`` (narrow, wide, clusters,
    /// spaces) repeated 1…width times, in a random pen.
    static func runBuffer(_ random: inout SeededGenerator, width: Int, height: Int) -> CellBuffer {
        var buffer = CellBuffer(width: width, height: height)
        for y in 0..<height {
            var x = 0
            while x < width {
                var cell = RandomFrames.randomCell(&random)
                let end = min(width, x + 1 + random.below(width))
                while x < end {
                    if cell.width == 2 && x + 1 >= width { cell = Cell("z") }
                    buffer[x, y] = cell
                    if cell.width == 2 { buffer[x + 1, y] = .continuation(of: cell) }
                    x += Int(cell.width)
                }
            }
        }
        buffer.normalizeWideClusters()
        return buffer
    }

    @Test("600 seeded pairs of glyph runs replay exactly with REP and are never longer than without")
    func runs() {
        var random = SeededGenerator(seed: 0x4E9_0255)
        var framesWithRepeats = 0
        var bytesWith = 0
        var bytesWithout = 0
        for iteration in 0..<600 {
            let width = 4 + random.below(60)
            let height = 1 + random.below(5)
            let depth = ColorDepth.allCases[iteration % ColorDepth.allCases.count]
            let mode: ANSIEncoder.Mode = iteration % 2 == 0 ? .inline : .absolute(originRow: 0, originColumn: 0)
            let a = Self.runBuffer(&random, width: width, height: height)
            var b =
                random.below(3) == 0
                ? RandomFrames.mutate(a, &random) : Self.runBuffer(&random, width: width, height: height)
            if random.below(3) == 0 { RandomFrames.blankTails(&b, &random) }
            var encoder = ANSIEncoder(mode: mode, depth: depth)
            encoder.repeats = true
            var without = ANSIEncoder(mode: mode, depth: depth)
            var bytes: [UInt8] = []
            var plainBytes: [UInt8] = []
            encoder.encodeFull(a, into: &bytes)
            without.encodeFull(a, into: &plainBytes)
            var model = VTModel(width: width, height: height)
            model.apply(bytes)
            bytes.removeAll()
            plainBytes.removeAll()
            encoder.encodeDiff(previous: a, current: b, into: &bytes)
            without.encodeDiff(previous: a, current: b, into: &plainBytes)
            model.apply(bytes)
            var fresh = ANSIEncoder(mode: mode, depth: depth)
            var fullBytes: [UInt8] = []
            fresh.encodeFull(b, into: &fullBytes)
            var expected = VTModel(width: width, height: height)
            expected.apply(fullBytes)
            if bytes.count < plainBytes.count { framesWithRepeats += 1 }
            bytesWith += bytes.count
            bytesWithout += plainBytes.count
            #expect(bytes.count <= plainBytes.count, "iteration \(iteration)")
            #expect(model.errors.isEmpty, "iteration \(iteration): \(model.errors)")
            #expect(model.cells == expected.cells, "iteration \(iteration)")
            if model.cells != expected.cells || !model.errors.isEmpty { break }
        }
        // REP shortens 275 of the 600 diffs, 9.1 % of their bytes.
        #expect(framesWithRepeats == 275)
        #expect(bytesWith == 143216)
        #expect(bytesWithout == 157588)
    }

    @Test("the VT model takes REP only right after a narrow cluster, never past the right margin")
    func model() {
        var model = VTModel(width: 6, height: 2)
        model.apply(Array("ab\u{1B}[3b".utf8))
        #expect(model.errors.isEmpty)
        #expect(model.lines[0] == "abbbb ")
        model.apply(Array("\r\n\u{1B}[31mx\u{1B}[b".utf8))
        #expect(model.errors.isEmpty)
        #expect(model.lines[1] == "xx    ")
        for (bytes, error) in [
            ("\u{1B}[2b", "REP not right after a printed cluster at row 0"),
            ("a\u{1B}[C\u{1B}[b", "REP not right after a printed cluster at row 0"),
            ("a\u{1B}[0m\u{1B}[b", "REP not right after a printed cluster at row 0"),
            ("a\u{1B}[6b", "REP past the right margin at row 0 (column 1, 6 repeats)"),
            ("你\u{1B}[b", "REP of a cluster 2 cells wide"),
        ] {
            var fresh = VTModel(width: 6, height: 2)
            fresh.apply(Array(bytes.utf8))
            #expect(fresh.errors == [error], "\(bytes.debugDescription)")
        }
        var atMargin = VTModel(width: 6, height: 2)
        atMargin.apply(Array("a\u{1B}[5b".utf8))
        #expect(atMargin.errors.isEmpty)
        #expect(atMargin.pendingWrap)
        #expect(atMargin.lines[0] == "aaaaaa")
    }
}

/// ``RepeatSupport/detect(environment:isTerminal:)``: REP only where the terminal is known to
/// take it.
@Suite("RepeatSupport")
struct RepeatSupportTests {
    @Test(
        "REP for xterm, VTE from 0.52, kitty, mlterm and foot; not in tmux or screen, the console or unknown terminals",
        arguments: [
            (["TERM": "xterm-256color", "XTERM_VERSION": "XTerm(379)"], true),
            (["TERM": "xterm-256color", "VTE_VERSION": "7006"], true),
            (["TERM": "xterm-256color", "VTE_VERSION": "5200"], true),
            (["TERM": "xterm-256color", "VTE_VERSION": "5003"], false),
            (["TERM": "xterm-kitty"], true),
            (["TERM": "xterm-256color", "KITTY_WINDOW_ID": "1"], true),
            (["TERM": "xterm", "MLTERM": "3.9.0"], true),
            (["TERM": "mlterm"], true),
            (["TERM": "foot"], true),
            (["TERM": "tmux-256color", "TMUX": "/tmp/tmux-0/default,1,0", "XTERM_VERSION": "XTerm(379)"], false),
            (["TERM": "screen-256color", "KITTY_WINDOW_ID": "1"], false),
            (["TERM": "xterm-256color", "STY": "1.pts", "VTE_VERSION": "7006"], false),
            (["TERM": "xterm-256color", "ZELLIJ": "0", "XTERM_VERSION": "XTerm(379)"], false),
            (["TERM": "linux"], false),
            (["TERM": "dumb", "XTERM_VERSION": "XTerm(379)"], false),
            (["TERM": "xterm-256color"], false),
            ([:], false),
        ])
    func detection(environment: [String: String], expected: Bool) {
        #expect(RepeatSupport.detect(environment: environment, isTerminal: true) == expected)
        #expect(!RepeatSupport.detect(environment: environment, isTerminal: false))
    }
}
