import Testing

@testable import FoldCycle

@Suite("CellDiff")
struct CellDiffTests {
    /// One row from text, a cell per character (a wide one followed by its continuation), in
    /// `background`.
    static func row(_ text: String, background: TerminalColor = .default) -> [Cell] {
        var cells: [Cell] = []
        for character in text {
            let cell = Cell(character, background: background)
            cells.append(cell)
            if cell.width == 2 { cells.append(.continuation(of: cell)) }
        }
        return cells
    }

    static let navy = TerminalColor.rgb(RGBColor(red: 0, green: 0, blue: 128))
    /// Two greens that downsample to the same 256-colour entry (28, #008700), and one that does not.
    static let green = TerminalColor.rgb(RGBColor(red: 0, green: 128, blue: 0))
    static let nearGreen = TerminalColor.rgb(RGBColor(red: 0, green: 131, blue: 2))
    static let lime = TerminalColor.rgb(RGBColor(red: 0, green: 255, blue: 0))

    /// The marked columns of one row after ``CellDiff/markChanges(old:new:width:marks:)`` (and,
    /// below truecolor, ``CellDiff/unmarkInvisibleChanges(old:new:width:marks:colors:)``).
    static func marked(old: [Cell], new: [Cell], depth: ColorDepth = .truecolor) -> [Int] {
        precondition(old.count == new.count)
        var marks = [UInt64](repeating: ~0, count: CellDiff.wordsPerRow(old.count))
        var colors = OutputColors(depth: depth)
        old.withUnsafeBufferPointer { old in
            new.withUnsafeBufferPointer { new in
                marks.withUnsafeMutableBufferPointer { marks in
                    let (o, n, m) = (old.baseAddress!, new.baseAddress!, marks.baseAddress!)
                    if CellDiff.markChanges(old: o, new: n, width: old.count, marks: m), depth != .truecolor {
                        _ = CellDiff.unmarkInvisibleChanges(old: o, new: n, width: old.count, marks: m, colors: &colors)
                    }
                }
            }
        }
        return marks.withUnsafeBufferPointer { marks in
            (0..<old.count).filter { CellDiff.isMarked(marks.baseAddress!, $0) }
        }
    }

    struct RowCase: CustomStringConvertible, Sendable {
        let name: String
        let old: [Cell]
        let new: [Cell]
        let depth: ColorDepth
        let columns: [Int]
        var description: String { name }

        init(_ name: String, _ old: [Cell], _ new: [Cell], depth: ColorDepth = .truecolor, _ columns: [Int]) {
            self.name = name
            self.old = old
            self.new = new
            self.depth = depth
            self.columns = columns
        }
    }

    @Test(
        "which cells of a row changed, in the output's colour space",
        arguments: [
            RowCase("unchanged", row("abc"), row("abc"), []),
            RowCase("one narrow cell", row("abc"), row("aXc"), [1]),
            RowCase("a colour change alone", row("abc"), row("a") + row("b", background: navy) + row("c"), [1]),
            RowCase("narrow cells over a wide glyph", row("你c"), row("abc"), [0, 1]),
            // Continuations are compared like any cell: here they are equal (a space in the same colours).
            RowCase("a wide glyph over a wide glyph", row("a你"), row("a好"), [1]),
            RowCase("changes at both ends", row("abcdef"), row("Xbcdeg"), [0, 5]),
            RowCase(
                "256 colours: a blend that lands on the same entry does not show",
                row("ab", background: green), row("ab", background: nearGreen), depth: .ansi256, []),
            RowCase(
                "256 colours: another entry shows", row("ab", background: green),
                row("a", background: green)
                    + row("b", background: lime), depth: .ansi256, [1]),
            RowCase(
                "256 colours: a glyph change shows whatever the colours", row("ab", background: green),
                row("aX", background: nearGreen), depth: .ansi256, [1]),
            RowCase(
                "no colour: only glyphs and attributes show", row("ab", background: green), row("ab", background: lime),
                depth: .none, []),
        ])
    func marks(_ testCase: RowCase) {
        #expect(Self.marked(old: testCase.old, new: testCase.new, depth: testCase.depth) == testCase.columns)
    }

    @Test("marks across words: the next marked and unmarked column and the end of the marks, 130 columns")
    func wordBoundaries() {
        var marks = [UInt64](repeating: 0, count: CellDiff.wordsPerRow(130))
        #expect(marks.count == 3)
        marks.withUnsafeMutableBufferPointer { buffer in
            let m = buffer.baseAddress!
            #expect(CellDiff.nextMarked(m, from: 0, width: 130) == 130)
            #expect(CellDiff.endOfMarks(m, width: 130) == 0)
            for x in [3, 63, 64, 65, 127, 129] { CellDiff.mark(m, x) }
            #expect(CellDiff.nextMarked(m, from: 4, width: 130) == 63)
            #expect(CellDiff.nextUnmarked(m, from: 63, width: 130) == 66)
            #expect(CellDiff.nextMarked(m, from: 66, width: 130) == 127)
            #expect(CellDiff.nextUnmarked(m, from: 129, width: 130) == 130)
            #expect(CellDiff.endOfMarks(m, width: 130) == 130)
            CellDiff.unmark(m, 129)
            #expect(CellDiff.endOfMarks(m, width: 130) == 128)
            #expect(CellDiff.isMarked(m, 64) && !CellDiff.isMarked(m, 66))
        }
    }

    static let trailingBlankRows: [(cells: [Cell], start: Int)] = [
        (row("ab  "), 2), (row("    "), 0), (row("abc"), 3), (row("你  "), 2),
        // A space in another background, or with an attribute, is not a default blank.
        (row("a") + row(" ", background: navy), 2),
        (row("a ") + [Cell(glyph: 0x20, attributes: .underline)] + row(" "), 3),
    ]

    @Test("where a row's trailing default blanks start", arguments: trailingBlankRows)
    func trailingBlanks(_ cells: [Cell], _ start: Int) {
        let found = cells.withUnsafeBufferPointer { CellDiff.trailingBlanksStart($0, row: 0, width: cells.count) }
        #expect(found == start)
    }
}
