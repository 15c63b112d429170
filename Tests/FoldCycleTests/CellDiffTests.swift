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

    /// The marked columns of one row and the span ``CellDiff/markDirty`` returns.
    static func marked(old: [Cell], new: [Cell]) -> (columns: [Int], span: Range<Int>?) {
        precondition(old.count == new.count)
        var marks = Array(repeating: true, count: old.count)
        let span = old.withUnsafeBufferPointer { old in
            new.withUnsafeBufferPointer { new in
                marks.withUnsafeMutableBufferPointer { marks in
                    CellDiff.markDirty(old: old, new: new, row: 0, width: old.count, marks: marks)
                }
            }
        }
        return (marks.indices.filter { marks[$0] }, span)
    }

    struct RowCase: CustomStringConvertible, Sendable {
        let name: String
        let old: [Cell]
        let new: [Cell]
        let columns: [Int]
        var description: String { name }
    }

    static let navy = TerminalColor.rgb(RGBColor(red: 0, green: 0, blue: 128))

    /// "你" in its lead and a continuation whose colours changed alone.
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
        "which columns of a row are marked",
        arguments: [
            RowCase(name: "unchanged", old: row("abc"), new: row("abc"), columns: []),
            RowCase(name: "one narrow cell", old: row("abc"), new: row("aXc"), columns: [1]),
            RowCase(
                name: "a colour change alone", old: row("abc"), new: row("a") + row("b", background: navy) + row("c"),
                columns: [1]),
            RowCase(name: "narrow cells over a wide glyph", old: row("你c"), new: row("abc"), columns: [0, 1]),
            RowCase(name: "a wide glyph over narrow cells", old: row("abcd"), new: row("a你d"), columns: [1, 2]),
            // The continuations are equal (a space in the same colours): only the lead is marked.
            RowCase(name: "a wide glyph over a wide glyph", old: row("a你"), new: row("a好"), columns: [1]),
            RowCase(name: "a wide glyph one column left", old: row("a你d"), new: row("你cd"), columns: [0, 1, 2]),
            RowCase(
                name: "a changed continuation marks its lead", old: row("你x"), new: recolouredContinuation,
                columns: [0, 1]),
            RowCase(
                name: "a narrow glyph over a wide lead marks the cell after it", old: row("你x"), new: strayContinuation,
                columns: [0, 1]),
            RowCase(name: "changes at both ends", old: row("abcdef"), new: row("Xbcdeg"), columns: [0, 5]),
        ])
    func markDirty(_ testCase: RowCase) {
        let (columns, span) = Self.marked(old: testCase.old, new: testCase.new)
        #expect(columns == testCase.columns)
        let expectedSpan = testCase.columns.first.flatMap { first in testCase.columns.last.map { first..<($0 + 1) } }
        #expect(span == expectedSpan)
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

    @Test("a frame's pending rows: the span of marks and the EL column of each changed row")
    func pendingRows() {
        let old = Self.row("abcd") + Self.row("efgh") + Self.row("wxyz")
        let new = Self.row("ab  ") + Self.row("efgh") + Self.row("wxyQ")
        var marks = Array(repeating: true, count: old.count)
        var rows: [PendingRow] = []
        old.withUnsafeBufferPointer { old in
            new.withUnsafeBufferPointer { new in
                marks.withUnsafeMutableBufferPointer { marks in
                    CellDiff.markFrame(old: old, new: new, width: 4, height: 3, marks: marks, rows: &rows)
                }
            }
        }
        // Row 0's marked blanks are erased from column 2; row 1 is unchanged; row 2 has no
        // marked blank (its EL column is the width).
        #expect(rows == [PendingRow(y: 0, start: 2, end: 4, erase: 2), PendingRow(y: 2, start: 3, end: 4, erase: 4)])
        #expect(marks.indices.filter { marks[$0] } == [2, 3, 11])
    }
}
