import FoldCycle

// The floor's erase-the-display strategies (docs/PERFORMANCE.md#the-lower-bound, term 4).

extension OutputLowerBound {
    /// Per row: its blanks' and its entries' bytes.
    struct RowCosts {
        var blank: [Int]
        var entries: [Int]
    }

    /// Per row, when an ED erased it: what an ED in each background saves on its blanks, and its
    /// entries' bytes.
    struct ErasedRows {
        var saving: [[Int: Int]]
        var entries: [Int]
    }

    /// The erase strategy with the fewest bytes for blanks, entries and reprints: none, an ED 0
    /// in row `b` (the rows after it erased), an ED 1 in row `b` (the rows before it erased), or
    /// an ED 1 in row `a` and an ED 0 in row `b` (3 bytes each at least), each ED in the
    /// background that saves most. The rows an ED erases are charged their blanks less that
    /// saving, their `erased` entries and the unchanged glyphs on them (printed again); a row an
    /// ED is written in is charged as erased but for its unchanged glyphs (those before or
    /// after the ED's column stay); the others their `kept` costs. The largest entry is free
    /// (the cursor may start there).
    static func leastStrategy(kept: RowCosts, erased: ErasedRows, rowUnchangedBytes: [Int], largestEntry: Int) -> (
        blank: Int, entries: Int, reprint: Int, erasesDisplay: Bool
    ) {
        let rows = kept.blank.count
        // Prefix sums: p[i] is the sum over rows 0..<i.
        func prefix(_ values: [Int]) -> [Int] {
            var sums = [0]
            sums.reserveCapacity(values.count + 1)
            for value in values { sums.append(sums[sums.count - 1] + value) }
            return sums
        }
        let blank = prefix(kept.blank)
        let entries = prefix(kept.entries)
        let erasedEntries = prefix(erased.entries)
        let unchanged = prefix(rowUnchangedBytes)
        let backgrounds = Set(erased.saving.flatMap(\.keys)).sorted()
        let savings = backgrounds.map { background in prefix(erased.saving.map { $0[background] ?? 0 }) }
        func sum(_ sums: [Int], _ range: (Int, Int)) -> Int { sums[range.1] - sums[range.0] }
        func keptCost(_ range: (Int, Int)) -> (blank: Int, entries: Int) {
            (sum(blank, range), sum(entries, range))
        }
        // Rows `range` erased by one ED in the background that saves most.
        func erasedCost(_ range: (Int, Int)) -> (blank: Int, entries: Int, reprint: Int) {
            let saving = savings.reduce(0) { max($0, sum($1, range)) }
            return (sum(blank, range) - saving, sum(erasedEntries, range), sum(unchanged, range))
        }
        // The row an ED is written in: erased from (or up to) some column, so at least its
        // erased costs, and none of its unchanged glyphs need be erased.
        func edRowCost(_ row: Int) -> (blank: Int, entries: Int, reprint: Int) {
            let erased = erasedCost((row, row + 1))
            return (erased.blank, erased.entries, 0)
        }
        var best = (
            blank: blank[rows], entries: max(entries[rows] - largestEntry, 0), reprint: 0, erasesDisplay: false
        )
        func consider(eds: Int, kept: (blank: Int, entries: Int), erased: [(blank: Int, entries: Int, reprint: Int)]) {
            let blank = 3 * eds + kept.blank + erased.reduce(0) { $0 + $1.blank }
            let entries = max(kept.entries + erased.reduce(0) { $0 + $1.entries } - largestEntry, 0)
            let reprint = erased.reduce(0) { $0 + $1.reprint }
            if blank + entries + reprint < best.blank + best.entries + best.reprint {
                best = (blank, entries, reprint, true)
            }
        }
        for b in 0..<rows {
            // ED 0 in row b: the rows below erased.
            consider(eds: 1, kept: keptCost((0, b)), erased: [edRowCost(b), erasedCost((b + 1, rows))])
            // ED 1 in row b: the rows above erased.
            consider(eds: 1, kept: keptCost((b + 1, rows)), erased: [erasedCost((0, b)), edRowCost(b)])
            // ED 1 in row a and ED 0 in row b: the rows between them keep their contents.
            for a in 0...b {
                let inside = a + 1 < b ? (a + 1, b) : (b, b)
                let edRows = a == b ? [edRowCost(a)] : [edRowCost(a), edRowCost(b)]
                consider(
                    eds: 2, kept: keptCost(inside), erased: edRows + [erasedCost((0, a)), erasedCost((b + 1, rows))])
            }
        }
        return best
    }
}
