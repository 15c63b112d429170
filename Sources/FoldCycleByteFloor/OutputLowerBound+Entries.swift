import FoldCycle

// The floor's cursor entries: runs of changed cells and the cheapest move into each
// (docs/PERFORMANCE.md#the-lower-bound, term 3).

extension OutputLowerBound {
    /// The cost of an entry no position reaches (large, and far from overflowing when summed).
    static let unreachable = 1 << 40

    /// A row's maximal run of changed cells, columns `start...end`.
    struct Segment {
        var row: Int
        var start: Int
        var end: Int
        /// The first column after the row's previous segment (0 when none): the unchanged gap
        /// before it starts there.
        var gapStart: Int
        /// The positions of its row from this column to `end + 1` are its own (the cursor is
        /// there only inside it): `start`, or a stretch's column + 1 for the rest of a segment
        /// after an erased stretch.
        var excludedFrom: Int
        /// Whether an unchanged glyph (not a plain space) is in that gap.
        var gapHoldsGlyph: Bool
        /// The column of its last cell other than a plain space, nil when it has none (a run of
        /// blanks alone may be erased from elsewhere and never entered).
        var lastGlyph: Int?
        /// Whether it starts at column 0 and the row above's last cell changed (autowrap).
        var continuesAbove: Bool
    }

    /// The fewest bytes that bring the cursor into `segment` (any of its cells) from a position
    /// outside it: the cheapest of every row's nearest positions left and right of it and its
    /// pending wrap, over the moves a correct encoder can use without knowing the terminal's tab
    /// stops or the tty's ONLCR (so no HT, and LF only after CR): CUU/CUD or VPA, then CUF,
    /// CUB, BS or HPA (from a known column); CR, then LFs or CUU/CUD, then CUF; CUP; or printing
    /// the unchanged cells before it again.
    func entryCost(_ segment: Segment, positions: [[Int]], cellBytes: [Int], width: Int) -> Int {
        let y = segment.row
        let moves = AbsoluteMoves(segment, reprint: GapReprint(segment, cellBytes: cellBytes, width: width))
        // A row the cursor can come from: one with a position outside the segment.
        func hasSource(_ row: Int) -> Bool {
            row != y
                ? !positions[row].isEmpty
                : positions[row].contains { $0 < segment.excludedFrom || $0 > segment.end + 1 }
        }
        guard positions.indices.contains(where: hasSource) else { return Self.unreachable }
        var best = moves.absolute
        for source in positions.indices where hasSource(source) {
            best = min(
                best, entryCost(segment, fromRow: source, positions: positions[source], moves: moves, width: width))
        }
        return best
    }

    /// The fewest bytes into `segment` from row `source`, whose positions are `row`.
    private func entryCost(
        _ segment: Segment, fromRow source: Int, positions row: [Int], moves: AbsoluteMoves, width: Int
    ) -> Int {
        let dr = segment.row - source
        // CUU/CUD, or VPA (`CSI n d`) to the row.
        let vertical = min(Self.cursorVertical(dr), dr == 0 ? 0 : 3 + moves.rowDigits)
        // CR, then LFs down (one byte each) or CUU/CUD, then the tail.
        let afterReturn = dr > 0 ? min(dr, vertical) : vertical
        // Or HPA after the vertical move.
        var best = min(1 + afterReturn + moves.tailFromLeftEdge, vertical + moves.horizontalAbsolute)
        // Relative, from the nearest known columns outside the segment.
        for column in nearest(row, around: segment, excluding: source == segment.row) where column < width {
            var horizontal: Int
            if column < segment.start {
                horizontal = Self.cursorForward(segment.start - column)
                if source == segment.row { horizontal = min(horizontal, moves.reprint.cost(from: column)) }
            } else if column > segment.end {
                horizontal = min(column - segment.end, Self.cursorVertical(column - segment.end))
            } else {
                horizontal = 0
            }
            best = min(best, vertical + horizontal)
        }
        return best
    }

    /// Printing the cells of a segment's gap again, from column g up to the segment:
    /// bytes[g..<start], g in its gap.
    struct GapReprint {
        let gapStart: Int
        let start: Int
        private var suffix: [Int]

        init(_ segment: Segment, cellBytes: [Int], width: Int) {
            gapStart = segment.gapStart
            start = segment.start
            let row = segment.row * width
            suffix = [Int](repeating: 0, count: start - gapStart + 1)
            for g in stride(from: start - 1, through: gapStart, by: -1) {
                suffix[g - gapStart] = suffix[g - gapStart + 1] + cellBytes[row + g]
            }
        }

        /// The bytes from column `g` (unreachable outside the gap).
        func cost(from g: Int) -> Int {
            g >= gapStart && g <= start ? suffix[g - gapStart] : OutputLowerBound.unreachable
        }
    }

    /// The moves into a segment that do not depend on where the cursor comes from.
    struct AbsoluteMoves {
        let reprint: GapReprint
        /// The digits of the segment's row in CUP or VPA (none for the first row).
        let rowDigits: Int
        /// From column 0 of the row (after CR, or CUP/HPA to column 1 of it): CUF, HPA, or printing.
        let tailFromLeftEdge: Int
        /// CUP to the segment, or to a cell of its gap (`;` and a digit at least) and printing on.
        let absolute: Int
        /// HPA to the segment, or to a cell of its gap and printing on.
        let horizontalAbsolute: Int

        init(_ segment: Segment, reprint: GapReprint) {
            self.reprint = reprint
            let start = segment.start
            let gapStart = segment.gapStart
            let unreachable = OutputLowerBound.unreachable
            let fromLineStart = gapStart == 0 ? reprint.cost(from: 0) : unreachable
            rowDigits = segment.row > 0 ? OutputLowerBound.digits(segment.row + 1) : 0
            tailFromLeftEdge = min(
                start == 0 ? 0 : OutputLowerBound.cursorForward(start), fromLineStart,
                start > gapStart ? 3 + 1 : unreachable)
            absolute =
                3 + rowDigits
                + min(
                    start > 0 ? 1 + OutputLowerBound.digits(start + 1) : 0, fromLineStart,
                    start > gapStart ? 2 + 1 : unreachable)
            horizontalAbsolute =
                3
                + min(
                    start > 0 ? OutputLowerBound.digits(start + 1) : 0, fromLineStart,
                    start > gapStart ? 1 + 1 : unreachable)
        }
    }

    /// The positions of a row nearest a segment on either side (outside it when it is in this
    /// row: the segment's own cells put the cursor in `excludedFrom...end + 1`).
    func nearest(_ row: [Int], around segment: Segment, excluding: Bool) -> [Int] {
        var result: [Int] = []
        // The largest position left of the segment (or at or before its end when not excluded).
        let leftLimit = excluding ? segment.excludedFrom - 1 : segment.end
        let rightLimit = excluding ? segment.end + 2 : segment.end + 1
        // The first position above `limit` (the row is sorted).
        func firstAbove(_ limit: Int) -> Int {
            var low = 0
            var high = row.count
            while low < high {
                let middle = (low + high) / 2
                if row[middle] <= limit { low = middle + 1 } else { high = middle }
            }
            return low
        }
        let left = firstAbove(leftLimit)
        if left > 0 { result.append(row[left - 1]) }
        let right = firstAbove(rightLimit - 1)
        if right < row.count { result.append(row[right]) }
        return result
    }

    /// CUF or CUB by `n` columns, or CUU or CUD by `n` rows: `CSI n C` (3 bytes when n is 1);
    /// 0 for no move.
    static func cursorVertical(_ n: Int) -> Int { n == 0 ? 0 : abs(n) == 1 ? 3 : 3 + digits(abs(n)) }

    /// CUF by `n` columns.
    static func cursorForward(_ n: Int) -> Int { cursorVertical(n) }

    /// HPA to 0-based column `x`: `CSI x+1 G` (3 bytes for column 0).
    static func columnAbsolute(_ x: Int) -> Int { x == 0 ? 3 : 3 + digits(x + 1) }
}
