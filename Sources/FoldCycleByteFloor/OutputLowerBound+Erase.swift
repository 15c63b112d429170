import FoldCycle

// The floor's erase-the-display strategies (docs/PERFORMANCE.md#the-lower-bound, term 4).

extension OutputLowerBound {
    /// Per row: its blanks', its entries' and its pen-run entries' bytes.
    struct RowCosts {
        var blank: [Int]
        var entries: [Int]
        var penEntries: [Int]
    }

    /// Per row, when an ED erased it: what an ED in each background saves on its blanks, and its
    /// entries' and pen-run entries' bytes.
    struct ErasedRows {
        var saving: [[Int: Int]]
        var entries: [Int]
        var penEntries: [Int]
    }

    /// An erase strategy's bytes: blanks, entries (moves alone), pen-run entries (moves and the
    /// SGRs on the way), the unchanged glyphs printed again, and whether it erases the display.
    struct StrategyCost {
        var blank: Int
        var entries: Int
        var penEntries: Int
        var reprint: Int
        var erasesDisplay: Bool

        /// With the SGR term: the entries and SGRs, or the pen-run entries, whichever is more
        /// (both are floors on the same bytes), and the rest.
        func total(sgr: Int) -> Int { blank + reprint + max(entries + sgr, penEntries) }
    }

    /// The erase strategy with the fewest bytes for blanks, entries and reprints: none, an ED 0
    /// in row `b` (the rows after it erased), an ED 1 in row `b` (the rows before it erased), or
    /// an ED 1 in row `a` and an ED 0 in row `b` (3 bytes each at least), each ED in the
    /// background that saves most. The rows an ED erases are charged their blanks less that
    /// saving, their `erased` entries and the unchanged glyphs on them (printed again); a row an
    /// ED is written in is charged as erased but for its unchanged glyphs (those before or
    /// after the ED's column stay); the others their `kept` costs. The largest entry of each
    /// kind is free (the cursor may start there).
    static func leastStrategy(
        kept: RowCosts, erased: ErasedRows, rowUnchangedBytes: [Int], largestEntry: Int, largestPenEntry: Int,
        sgr: Int
    ) -> StrategyCost {
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
        let penEntries = prefix(kept.penEntries)
        let erasedPenEntries = prefix(erased.penEntries)
        let unchanged = prefix(rowUnchangedBytes)
        let backgrounds = Set(erased.saving.flatMap(\.keys)).sorted()
        let savings = backgrounds.map { background in prefix(erased.saving.map { $0[background] ?? 0 }) }
        func sum(_ sums: [Int], _ range: (Int, Int)) -> Int { sums[range.1] - sums[range.0] }
        typealias Part = (blank: Int, entries: Int, penEntries: Int, reprint: Int)
        func keptCost(_ range: (Int, Int)) -> Part {
            (sum(blank, range), sum(entries, range), sum(penEntries, range), 0)
        }
        // Rows `range` erased by one ED in the background that saves most.
        func erasedCost(_ range: (Int, Int)) -> Part {
            let saving = savings.reduce(0) { max($0, sum($1, range)) }
            return (
                sum(blank, range) - saving, sum(erasedEntries, range), sum(erasedPenEntries, range),
                sum(unchanged, range)
            )
        }
        // The row an ED is written in: erased from (or up to) some column, so at least its
        // erased costs, and none of its unchanged glyphs need be erased.
        func edRowCost(_ row: Int) -> Part {
            var erased = erasedCost((row, row + 1))
            erased.reprint = 0
            return erased
        }
        func strategy(eds: Int, _ parts: [Part]) -> StrategyCost {
            StrategyCost(
                blank: 3 * eds + parts.reduce(0) { $0 + $1.blank },
                entries: max(parts.reduce(0) { $0 + $1.entries } - largestEntry, 0),
                penEntries: max(parts.reduce(0) { $0 + $1.penEntries } - largestPenEntry, 0),
                reprint: parts.reduce(0) { $0 + $1.reprint }, erasesDisplay: eds > 0)
        }
        var best = strategy(eds: 0, [keptCost((0, rows))])
        func consider(eds: Int, kept: Part, erased: [Part]) {
            let candidate = strategy(eds: eds, [kept] + erased)
            if candidate.total(sgr: sgr) < best.total(sgr: sgr) { best = candidate }
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
