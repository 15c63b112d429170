import Testing

@testable import FoldCycle

@Suite("CursorMove")
struct CursorMoveTests {
    struct Case: CustomStringConvertible, Sendable {
        let mode: ANSIEncoder.Mode
        /// The cursor's row and column (nil: unknown).
        let row: Int?
        let column: Int?
        let to: (row: Int, column: Int)
        /// The frame's height (LF allowed), or 0 outside a frame.
        let lineFeedRows: Int
        let expected: String

        init(
            _ mode: ANSIEncoder.Mode = .inline, from row: Int?, _ column: Int?, to: (Int, Int), lineFeedRows: Int = 0,
            _ expected: String
        ) {
            self.mode = mode
            self.row = row
            self.column = column
            self.to = to
            self.lineFeedRows = lineFeedRows
            self.expected = expected
        }

        var description: String {
            "\(mode) (\(row.map(String.init) ?? "?"), \(column.map(String.init) ?? "?")) → \(to), LF rows \(lineFeedRows)"
        }
    }

    static let absolute = ANSIEncoder.Mode.absolute(originRow: 0, originColumn: 0)
    static let offset = ANSIEncoder.Mode.absolute(originRow: 10, originColumn: 20)

    @Test(
        "the shortest move, as exact bytes",
        arguments: [
            // Already there: nothing.
            Case(from: 2, 3, to: (2, 3), ""),
            // CUF; CUF 1 has no parameter.
            Case(from: 0, 0, to: (0, 5), "\u{1B}[5C"),
            Case(from: 0, 0, to: (0, 1), "\u{1B}[C"),
            // BS while fewer bytes than CUB (3 BS beat CSI 3 D); CUB from 4 columns on (a tie).
            Case(from: 0, 2, to: (0, 1), "\u{8}"),
            Case(from: 0, 5, to: (0, 2), "\u{8}\u{8}\u{8}"),
            Case(from: 0, 9, to: (0, 5), "\u{1B}[4D"),
            // CR when column 0 (or just after it) is nearer than the cursor.
            Case(from: 0, 3, to: (0, 0), "\r"),
            Case(from: 0, 12, to: (0, 1), "\r\u{1B}[C"),
            // CUU / CUD, alone or with a horizontal part after a CR.
            Case(from: 2, 3, to: (0, 3), "\u{1B}[2A"),
            Case(from: 0, 0, to: (1, 0), "\u{1B}[B"),
            Case(from: 3, 7, to: (1, 0), "\r\u{1B}[2A"),
            // Outside a frame (no LF rows) a move down to column 0 is CR CUD.
            Case(from: 0, 3, to: (2, 0), "\r\u{1B}[2B"),
            // Inside a frame: CR LF… while fewer bytes than CUD, and only to rows of the frame.
            Case(from: 0, 4, to: (1, 0), lineFeedRows: 5, "\r\n"),
            Case(from: 0, 3, to: (2, 0), lineFeedRows: 3, "\r\n\n"),
            Case(from: 0, 4, to: (2, 0), lineFeedRows: 2, "\r\u{1B}[2B"),
            Case(from: 0, 4, to: (5, 0), lineFeedRows: 6, "\r\u{1B}[5B"),
            // A tie between CUD 3 (4 bytes) and CR LF LF LF (4 bytes) goes to the relative move.
            Case(from: 0, 0, to: (3, 0), lineFeedRows: 5, "\u{1B}[3B"),
            // Unknown column (pending wrap): never a relative horizontal move.
            Case(from: 1, nil, to: (1, 4), "\r\u{1B}[4C"),
            Case(from: 1, nil, to: (2, 0), lineFeedRows: 3, "\r\n"),
            Case(from: 1, nil, to: (2, 0), "\r\u{1B}[B"),
            // An inline region's row is never unknown; were it, no move is written.
            Case(from: nil, nil, to: (1, 1), ""),
            // Absolute: CUP from an unknown cursor, or when shorter than both other forms.
            Case(absolute, from: nil, nil, to: (2, 4), "\u{1B}[3;5H"),
            Case(absolute, from: 0, 0, to: (0, 1), "\u{1B}[C"),
            Case(absolute, from: 0, 0, to: (5, 30), "\u{1B}[6;31H"),
            Case(absolute, from: 0, nil, to: (0, 0), "\r"),
            // A tie between CUU BS and CR CUU (4 bytes each) goes to the relative move.
            Case(.absolute(originRow: 10, originColumn: 0), from: 1, 1, to: (0, 0), "\u{1B}[A\u{8}"),
            Case(offset, from: 1, 5, to: (0, 1), "\u{1B}[A\u{1B}[4D"),
            Case(offset, from: 1, 5, to: (2, 0), "\u{1B}[B\u{1B}[5D"),
            // CR goes to the screen's column 0, `originColumn` columns left of the region's.
            Case(offset, from: 1, nil, to: (1, 0), "\r\u{1B}[20C"),
            Case(offset, from: 1, nil, to: (1, 30), "\r\u{1B}[50C"),
            Case(offset, from: 5, nil, to: (0, 30), "\u{1B}[11;51H"),
        ])
    func shortest(_ testCase: Case) {
        let move = CursorMove.shortest(
            fromRow: testCase.row, column: testCase.column, toRow: testCase.to.row,
            column: testCase.to.column, mode: testCase.mode,
            lineFeedRows: testCase.lineFeedRows)
        #expect(String(decoding: move.sequences.flatMap(\.bytes), as: UTF8.self) == testCase.expected)
        // The sink gets the same bytes as the sequences.
        var written: [UInt8] = []
        ByteSink.withSink(flushingTo: &written) { sink, _ in move.forEachSequence { sink.write($0) } }
        #expect(String(decoding: written, as: UTF8.self) == testCase.expected)
    }

    @Test("the move's form and sequences")
    func forms() {
        #expect(
            CursorMove.shortest(fromRow: 0, column: 3, toRow: 2, column: 0, mode: .inline, lineFeedRows: 3)
                == .carriageReturn(lineFeeds: 2, vertical: nil, forward: nil))
        #expect(
            CursorMove.shortest(fromRow: 0, column: 3, toRow: 2, column: 0, mode: .inline, lineFeedRows: 3)
                .sequences == [.carriageReturn, .lineFeed, .lineFeed])
        #expect(
            CursorMove.shortest(fromRow: 4, column: 15, toRow: 1, column: 1, mode: .inline, lineFeedRows: 5)
                == .carriageReturn(lineFeeds: 0, vertical: .cursorUp(3), forward: .cursorForward(1)))
        #expect(
            CursorMove.shortest(fromRow: 1, column: 5, toRow: 1, column: 3, mode: .inline, lineFeedRows: 0)
                == .relative(vertical: nil, horizontal: nil, backspaces: 2))
        #expect(
            CursorMove.shortest(fromRow: nil, column: nil, toRow: 0, column: 0, mode: Self.offset, lineFeedRows: 0)
                .sequences == [.cursorPosition(row: 11, column: 21)])
    }
}
