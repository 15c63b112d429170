import Testing

@testable import FoldCycle

/// How a changed row is cut into spans (``ANSIEncoder/segmentRow(_:marks:width:old:new:eraseFrom:spans:keys:glyphs:)``):
/// each span's kind, columns and bytes.
@Suite("Diff spans")
struct DiffSpanTests {
    static let navy = TerminalColor.rgb(RGBColor(red: 0, green: 0, blue: 128))
    static let red = TerminalColor.rgb(RGBColor(red: 255, green: 0, blue: 0))

    static func row(_ text: String, foreground: TerminalColor = .default, background: TerminalColor = .default)
        -> [Cell]
    {
        var cells: [Cell] = []
        for character in text {
            let cell = Cell(character, foreground: foreground, background: background)
            cells.append(cell)
            if cell.width == 2 { cells.append(.continuation(of: cell)) }
        }
        return cells
    }

    /// The spans of a row as `kind start..<end` plus a draw span's bytes (ESC as ⎋).
    static func spans(old: [Cell], new: [Cell]) -> [String] {
        precondition(old.count == new.count)
        let width = old.count
        var marks = [UInt64](repeating: 0, count: CellDiff.wordsPerRow(width))
        var spans: [DiffSpan] = []
        var keys = PenKeys()
        var glyphs = GlyphStream()
        var whole = false
        old.withUnsafeBufferPointer { old in
            new.withUnsafeBufferPointer { new in
                marks.withUnsafeMutableBufferPointer { marks in
                    let (o, n, m) = (old.baseAddress!, new.baseAddress!, marks.baseAddress!)
                    guard CellDiff.markChanges(old: o, new: n, width: width, marks: m) else { return }
                    whole = !ANSIEncoder.segmentRow(
                        0, marks: m, width: width, old: o, new: n,
                        eraseFrom: CellDiff.trailingBlanksStart(new, row: 0, width: width), spans: &spans, keys: &keys,
                        glyphs: &glyphs)
                }
            }
        }
        if whole { return ["whole row"] + spans.map { "\($0.kind)" } }
        return spans.map { span in
            var text = "\(span.kind) \(span.start)..<\(span.end)"
            if span.kind == .draw {
                let bytes = glyphs.bytes[Int(span.bytesStart)..<Int(span.bytesStart + span.bytesCount)]
                text += " " + String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "\u{1B}", with: "⎋")
            }
            return text
        }
    }

    struct Case: CustomStringConvertible, Sendable {
        let name: String
        let old: [Cell]
        let new: [Cell]
        let spans: [String]
        var description: String { name }

        init(_ name: String, _ old: [Cell], _ new: [Cell], _ spans: [String]) {
            self.name = name
            self.old = old
            self.new = new
            self.spans = spans
        }
    }

    /// "你x" whose continuation alone changed colour.
    static let recolouredContinuation: [Cell] = {
        var cells = row("你x")
        cells[1] = Cell(glyph: 0x20, width: 0, background: navy)
        return cells
    }()

    /// "你x" with a narrow "a" over the lead and the old continuation left (a stray one).
    static let strayContinuation: [Cell] = {
        var cells = row("你x")
        cells[0] = Cell("a")
        return cells
    }()

    @Test(
        "the spans of a changed row",
        arguments: [
            Case("unchanged", row("abc"), row("abc"), []),
            Case("one narrow cell", row("abc"), row("aXc"), ["draw 1..<2 X"]),
            Case(
                "a colour change alone", row("abc"), row("a") + row("b", background: navy) + row("c"), ["draw 1..<2 b"]),
            Case("narrow cells over a wide glyph", row("你c"), row("abc"), ["draw 0..<2 ab"]),
            Case("a wide glyph over narrow cells", row("abcd"), row("a你d"), ["draw 1..<3 你"]),
            Case("a wide glyph over a wide glyph", row("a你"), row("a好"), ["draw 1..<3 好"]),
            Case("a wide glyph one column left", row("a你d"), row("你cd"), ["draw 0..<3 你c"]),
            Case("a changed continuation draws its lead", row("你x"), recolouredContinuation, ["draw 0..<2 你"]),
            // The old continuation's half is blanked by the terminal; the stray one is never drawn.
            Case(
                "a narrow glyph over a wide lead, a stray continuation after it", row("你x"), strayContinuation,
                [
                    "draw 0..<1 a"
                ]),
            // Rewriting "b" (1 byte) beats CUF 1 (3 bytes); "bcde" (4 bytes) does not beat CUF 4.
            Case("a short gap is rewritten", row("abc"), row("XbY"), ["draw 0..<3 XbY"]),
            Case("a longer gap is moved over inside the span", row("abcdef"), row("Xbcdeg"), ["draw 0..<6 X⎋[4Cg"]),
            Case(
                "another pen starts another span", row("aaaa"),
                row("xx", foreground: red) + row("yy", foreground: navy),
                ["draw 0..<2 xx", "draw 2..<4 yy"]),
            // Nine spaces: ECH 9 and CUF 9 (8 bytes) beat them; the x after them is drawn.
            Case(
                "a long run of changed spaces is erased", row("aaaaaaaaax"),
                row("         ", background: navy) + row("y", background: navy), ["erase 0..<9", "draw 9..<10 y"]),
            Case("a changed trailing default blank erases the line", row("abcd"), row("ab  "), ["eraseLine 2..<4"]),
            Case("an interned cluster is a span of its own", row("abc"), row("ae\u{301}c"), ["cluster 1..<2"]),
            // A disputed cluster (a skin tone): the row is drawn whole, after the spans, with no span.
            Case(
                "a changed disputed cluster draws the row whole", row("abcd"), row("a\u{1F44D}\u{1F3FD}d"),
                ["whole row"]),
            Case(
                "an unchanged disputed cluster does not", row("a\u{1F44D}\u{1F3FD}d"), row("a\u{1F44D}\u{1F3FD}e"),
                ["draw 3..<4 e"]),
        ])
    func spans(_ testCase: Case) {
        #expect(Self.spans(old: testCase.old, new: testCase.new) == testCase.spans)
    }

    @Test("a pen key admits plain spaces in its background, and a plain key takes the first glyph's rendition")
    func penKeys() {
        let redOnNavy = Cell("a", foreground: Self.red, background: Self.navy)
        var key = PenKey(plain: .space(background: Self.navy))
        #expect(key.plain)
        let admitsBlank = key.admit(.blank, plainSpace: true)
        #expect(!admitsBlank)
        let admitsGlyph = key.admit(redOnNavy, plainSpace: false)
        #expect(admitsGlyph)
        #expect(key == PenKey(exact: redOnNavy))
        let admitsOtherForeground = key.admit(
            Cell("b", foreground: Self.navy, background: Self.navy), plainSpace: false)
        #expect(!admitsOtherForeground)
        let admitsSpace = key.admit(Cell(glyph: 0x20, foreground: Self.navy, background: Self.navy), plainSpace: true)
        #expect(admitsSpace)
        // An underlined pen would underline the spaces: it admits none, and a plain key refuses it.
        var underlined = PenKey(exact: Cell("u", background: Self.navy, attributes: .underline))
        let underlinedAdmitsSpace = underlined.admit(.space(background: Self.navy), plainSpace: true)
        #expect(!underlinedAdmitsSpace)
        var plain = PenKey(plain: .space(background: Self.navy))
        let plainAdmitsUnderline = plain.admit(
            Cell("u", background: Self.navy, attributes: .underline), plainSpace: false)
        #expect(!plainAdmitsUnderline)
        #expect(PenKey(exact: redOnNavy).takes(PenKey(plain: .space(background: Self.navy))))
        #expect(!PenKey(exact: redOnNavy).takes(PenKey(plain: .blank)))
    }

    struct RunCase: CustomStringConvertible, Sendable {
        let name: String
        /// The row: `_` a navy plain space, `x` a navy "x"; `marked` the marked columns.
        let row: String
        let marked: [Int]
        /// The row's EL column.
        let erase: Int
        let end: Int?
        var description: String { name }
    }

    @Test(
        "an erasable run of plain spaces: ECH (and the CUF over it) must be shorter than the spaces",
        arguments: [
            RunCase(name: "4 spaces never", row: "____x", marked: [0, 1, 2, 3, 4], erase: 5, end: nil),
            // ECH 8 + CUF 8 (8 bytes) tie with 8 spaces; 9 spaces win (4 + 4 < 9).
            RunCase(name: "8 spaces before a marked cell", row: "________x", marked: Array(0...8), erase: 9, end: nil),
            RunCase(name: "9 spaces before a marked cell", row: "_________x", marked: Array(0...9), erase: 10, end: 9),
            // At the row's end no CUF follows: ECH 5 (4 bytes) beats 5 spaces.
            RunCase(name: "5 spaces at the row's end", row: "_____", marked: [0, 1, 2, 3, 4], erase: 5, end: 5),
            // The run ends at its last marked cell; an unmarked space after it is left alone.
            RunCase(
                name: "unmarked spaces after the last mark", row: "________", marked: [0, 1, 2, 3, 4], erase: 8, end: 5),
            RunCase(
                name: "the EL column ends the run (a CUF to it follows)", row: "_____   ", marked: [0, 1, 2, 3, 4],
                erase: 5, end: nil),
        ])
    func erasableRun(_ testCase: RunCase) {
        let cells = testCase.row.map { character -> Cell in
            switch character {
            case "_": return .space(background: Self.navy)
            case "x": return Cell("x", background: Self.navy)
            default: return .blank
            }
        }
        var marks = [UInt64](repeating: 0, count: CellDiff.wordsPerRow(cells.count))
        var scanned = 0
        let end = cells.withUnsafeBufferPointer { cells in
            marks.withUnsafeMutableBufferPointer { marks in
                for x in testCase.marked { CellDiff.mark(marks.baseAddress!, x) }
                return ANSIEncoder.erasableRun(
                    from: testCase.marked[0], width: cells.count, erase: testCase.erase, cells: cells.baseAddress!,
                    marks: marks.baseAddress!, scannedTo: &scanned)
            }
        }
        #expect(end == testCase.end)
    }
}
