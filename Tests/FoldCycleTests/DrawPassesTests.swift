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

    @Test("a row crossing three colour zones is drawn zone by zone at truecolor, row-major at 16 colours")
    func zones() {
        let current = Self.row([("aaa", Self.red), ("bbb", Self.navy), ("ccc", Self.red)])
        let previous = CellBuffer(width: current.width, height: 1)
        // Pass 1 draws the red cells ("ccc" after a CUF over "bbb"); pass 2 the navy ones, from
        // the pending-wrap state (CR first).
        #expect(
            Self.diff(previous, current, depth: .truecolor)
                == "\u{1B}[?2026h\u{1B}[38;2;255;0;0maaa\u{1B}[3Cccc\r\u{1B}[3C\u{1B}[38;2;0;0;128mbbb\u{1B}[0m\u{1B}[?2026l"
        )
        #expect(
            Self.diff(previous, current, depth: .ansi16)
                == "\u{1B}[?2026h\u{1B}[91maaa\u{1B}[34mbbb\u{1B}[91mccc\u{1B}[0m\u{1B}[?2026l")
    }

    @Test("a pass admits the colours of its first cell; a plain space fixes only the background")
    func penGroup() {
        let redOnNavy = Cell("a", foreground: Self.red, background: Self.navy)
        var group = ANSIEncoder.PenGroup(defers: true)
        #expect(group.admits(redOnNavy, plainSpace: false))
        group.record(.space(background: Self.navy), plainSpace: true)
        // Background fixed, foreground not yet.
        #expect(group.admits(Cell("b", foreground: Self.navy, background: Self.navy), plainSpace: false))
        #expect(!group.admits(.blank, plainSpace: true))
        group.record(redOnNavy, plainSpace: false)
        #expect(group.admits(redOnNavy, plainSpace: false))
        #expect(!group.admits(Cell("b", foreground: Self.navy, background: Self.navy), plainSpace: false))
        #expect(group.admits(Cell(glyph: 0x20, foreground: Self.navy, background: Self.navy), plainSpace: true))
        // The last pass draws everything.
        var last = ANSIEncoder.PenGroup(defers: false)
        last.record(redOnNavy, plainSpace: false)
        #expect(last.admits(.blank, plainSpace: true))
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
            RunCase(name: "3 spaces never", row: "___x", marked: [0, 1, 2, 3], erase: 4, end: nil),
            // ECH 4 + CUF 4 (8 bytes) lose to 4 spaces; 9 spaces win (4 + 4 < 9).
            RunCase(name: "4 spaces before a marked cell", row: "____x", marked: [0, 1, 2, 3, 4], erase: 5, end: nil),
            RunCase(name: "9 spaces before a marked cell", row: "_________x", marked: Array(0...9), erase: 10, end: 9),
            // At the row's end no CUF follows: ECH 5 (4 bytes) beats 5 spaces, ECH 4 does not beat 4.
            RunCase(name: "4 spaces at the row's end", row: "x____", marked: [1, 2, 3, 4], erase: 5, end: nil),
            RunCase(name: "5 spaces at the row's end", row: "_____", marked: [0, 1, 2, 3, 4], erase: 5, end: 5),
            // The run ends at its last marked cell; an unmarked space after it is left alone.
            RunCase(
                name: "unmarked spaces after the last mark", row: "________", marked: [0, 1, 2, 3, 4], erase: 8,
                end: 5),
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
        var marks = cells.indices.map { testCase.marked.contains($0) }
        var scanned = 0
        let encoder = ANSIEncoder(mode: .inline, depth: .truecolor)
        let end = cells.withUnsafeBufferPointer { cells in
            marks.withUnsafeMutableBufferPointer { marks in
                encoder.erasableRun(
                    from: testCase.marked[0], row: 0, width: cells.count, erase: testCase.erase,
                    cells: cells, marks: marks, scannedTo: &scanned)
            }
        }
        #expect(end == testCase.end)
    }
}
