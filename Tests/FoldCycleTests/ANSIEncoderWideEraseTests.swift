import FoldCycleTestSupport
import Testing

@testable import FoldCycle

/// No ECH over a wide character on screen where the terminal's ECH counts characters
/// (``ANSIEncoder/erasesByCharacters``, ``WideErase``, docs/decisions/0256): mlterm 3.9.0, and the
/// VT model's ``VTModel/erasesByCharacters`` mode that copies it.
@Suite("ANSIEncoder wide erase")
struct ANSIEncoderWideEraseTests {
    /// A row of `text` (a wide character takes two cells) in the default pen, `width` cells wide.
    static func row(_ text: String, width: Int) -> CellBuffer {
        var buffer = CellBuffer(width: width, height: 1)
        var x = 0
        for character in text {
            let cell = Cell(character)
            buffer[x, 0] = cell
            if cell.width == 2 { buffer[x + 1, 0] = .continuation(of: cell) }
            x += Int(cell.width)
        }
        return buffer
    }

    /// The diff from `a` to `b` (after `a` in full), and the model of an mlterm (`mlterm`) or of
    /// a terminal that erases cells, fed both.
    static func diff(from a: CellBuffer, to b: CellBuffer, flag: Bool, mlterm: Bool) -> (String, VTModel) {
        var encoder = ANSIEncoder(mode: .inline, depth: .truecolor)
        encoder.erasesByCharacters = flag
        var model = VTModel(width: a.width, height: a.height)
        model.erasesByCharacters = mlterm
        var bytes: [UInt8] = []
        encoder.encodeFull(a, into: &bytes)
        model.apply(bytes)
        bytes.removeAll()
        encoder.encodeDiff(previous: a, current: b, into: &bytes)
        model.apply(bytes)
        return (String(decoding: bytes, as: UTF8.self), model)
    }

    static let frameStart = "\u{1B}[?2026h"
    static let frameEnd = "\u{1B}[0m\u{1B}[?2026l"
    /// The user's repro: the card's row "Search 搜索 by name" erased but for a bar after it.
    static let repro = row("  Search 搜索 by name  |", width: 24)
    static let reproErased = row("                       |", width: 24)

    @Test("the repro row: ECH 19 without the flag; with it, 19 spaces; off by default")
    func reproBytes() {
        let (ech, _) = Self.diff(from: Self.repro, to: Self.reproErased, flag: false, mlterm: false)
        #expect(ech == Self.frameStart + "\r\u{1B}[2C\u{1B}[19X" + Self.frameEnd)
        let (spaces, _) = Self.diff(from: Self.repro, to: Self.reproErased, flag: true, mlterm: false)
        #expect(spaces == Self.frameStart + "\r\u{1B}[2C" + String(repeating: " ", count: 19) + Self.frameEnd)
        #expect(ANSIEncoder(mode: .inline, depth: .truecolor).erasesByCharacters == false)
    }

    @Test("the model's mlterm erase leaves `me` after ECH 19, as mlterm 3.9.0 did; the spaces leave nothing")
    func reproModel() {
        let (_, bug) = Self.diff(from: Self.repro, to: Self.reproErased, flag: false, mlterm: true)
        #expect(bug.lines == ["                   me  |"])
        let (_, fixed) = Self.diff(from: Self.repro, to: Self.reproErased, flag: true, mlterm: true)
        #expect(fixed.lines == ["                       |"])
        let (_, cells) = Self.diff(from: Self.repro, to: Self.reproErased, flag: false, mlterm: false)
        #expect(cells.lines == ["                       |"])
    }

    @Test(
        "the flag keeps ECH over narrow cells on screen, wide ones before or after the run included",
        arguments: [
            ("xxxxxxxxabcdefgh", "        abcdefgh", "\r\u{1B}[8X"),
            ("搜xxxxxxxxabcdef", "搜        abcdef", "\r\u{1B}[2C\u{1B}[8X"),
            ("xxxxxxxx搜索abcd", "        搜索abcd", "\r\u{1B}[8X"),
        ])
    func narrowKept(_ old: String, _ new: String, _ expected: String) {
        let (text, model) = Self.diff(
            from: Self.row(old, width: 16), to: Self.row(new, width: 16), flag: true, mlterm: true)
        #expect(text == Self.frameStart + expected + Self.frameEnd)
        #expect(model.lines == [new])
    }

    @Test("a run over one half of a wide character on screen is written as spaces")
    func halfWide() {
        // 你 at 1…2 is in the run 1…7 of erased cells.
        let old = Self.row("x你xxxxx搜yyyyyy", width: 16)
        let new = Self.row("x       搜yyyyyy", width: 16)
        let (text, model) = Self.diff(from: old, to: new, flag: true, mlterm: true)
        #expect(text == Self.frameStart + "\r\u{1B}[C" + String(repeating: " ", count: 7) + Self.frameEnd)
        #expect(model.lines == ["x       搜yyyyyy"])
    }

    /// Row `y` of `buffer` of random text: CJK, ASCII and spaces, in one of two backgrounds.
    static func textRow(_ random: inout SeededGenerator, into buffer: inout CellBuffer, y: Int) {
        let glyphs: [Character] = ["搜", "索", "名", "a", "b", "c", " ", " "]
        let background = random.below(2) == 0 ? TerminalColor.rgb(RGBColor(red: 0, green: 205, blue: 0)) : .default
        RandomFrames.fillText(&buffer, y: y, glyphs: glyphs, &random) { $0.background = background }
    }

    @Test("400 seeded rows of mixed text, a run of each blanked: exact in the mlterm model with the flag")
    func seeded() {
        var random = SeededGenerator(seed: 0x4E9_0256)
        var bytesWith = 0
        var bytesWithout = 0
        var bugs = 0
        for iteration in 0..<400 {
            let width = 8 + random.below(50)
            let height = 1 + random.below(4)
            var a = CellBuffer(width: width, height: height)
            for y in 0..<height { Self.textRow(&random, into: &a, y: y) }
            var b = a
            for y in 0..<height {
                let start = random.below(width)
                let end = min(width, start + 1 + random.below(width))
                for x in start..<end { b[x, y] = .space(background: a[0, y].background) }
            }
            b.normalizeWideClusters()
            var expected = VTModel(width: width, height: height)
            var fresh = ANSIEncoder(mode: .inline, depth: .truecolor)
            var full: [UInt8] = []
            fresh.encodeFull(b, into: &full)
            expected.apply(full)
            let (with, model) = Self.diff(from: a, to: b, flag: true, mlterm: true)
            let (without, bug) = Self.diff(from: a, to: b, flag: false, mlterm: true)
            bytesWith += with.utf8.count
            bytesWithout += without.utf8.count
            if bug.cells != expected.cells { bugs += 1 }
            #expect(model.errors.isEmpty, "iteration \(iteration): \(model.errors)")
            #expect(model.cells == expected.cells, "iteration \(iteration)")
            if model.cells != expected.cells { break }
        }
        // Without the flag, 55 of the 400 frames show stale glyphs in mlterm; the spaces cost
        // 21 % more bytes on these rows, every one of them CJK with a run erased.
        #expect(bugs == 55)
        #expect(bytesWith == 29153)
        #expect(bytesWithout == 24071)
    }

    @Test(
        "detected in mlterm (MLTERM, or TERM mlterm…), never inside a multiplexer or off a terminal",
        arguments: [
            (["MLTERM": "3.9.0", "TERM": "xterm"], true, true),
            (["TERM": "mlterm-256color"], true, true),
            (["MLTERM": "3.9.0"], false, false),
            (["MLTERM": "3.9.0", "TMUX": "/tmp/t,1,0"], true, false),
            (["MLTERM": "3.9.0", "TERM": "screen-256color"], true, false),
            (["MLTERM": "3.9.0", "STY": "1.pts"], true, false),
            (["MLTERM": "3.9.0", "ZELLIJ": "0"], true, false),
            (["TERM": "xterm-256color", "XTERM_VERSION": "XTerm(379)"], true, false),
            (["MLTERM": ""], true, false),
        ])
    func detect(_ environment: [String: String], _ isTerminal: Bool, _ expected: Bool) {
        #expect(WideErase.detect(environment: environment, isTerminal: isTerminal) == expected)
    }

    @Test("a region passes the flag to its encoder; off by default")
    func region() {
        #expect(TerminalRegion(placement: .inline, depth: .truecolor, erasesByCharacters: true).erasesByCharacters)
        #expect(TerminalRegion(placement: .inline, depth: .truecolor).erasesByCharacters == false)
    }
}
