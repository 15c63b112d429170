internal import FoldCyclePlatform

/// Where one line of a face's text goes in the destination cells its row covers
/// (docs/DESIGN.md#text-on-turned-faces): the line is laid out contiguously, never sampled.
///
/// A line is the cells of one source row from its first glyph to the end of its last
/// (``LayerContentProfile/lineSpan(ofRow:)``), spaces between words included. In a run of `N`
/// destination cells (the cells of the row the face covers whole):
/// - a line of `L ≤ N` cells is drawn whole, its centre at the column its projected centre lands
///   in (rounded), shifted into the run where that would stick out;
/// - a longer line keeps its first whole clusters that fit in `N − 1` cells (trailing spaces
///   dropped) and ends with "…", from the run's start (the layout's rule for a line wider than
///   its card, docs/DESIGN.md#terminal-rendering); where not one cluster fits before the "…"
///   the run shows no glyph (a lone "…" on a sliver of a face would be noise).
struct LineFit: Equatable {
    /// The run index (0 = the run's first cell) of the line's first cell.
    var start: Int
    /// How many of the line's cells are drawn, from its first (whole clusters).
    var shown: Int
    /// Whether an "…" follows them.
    var ellipsis: Bool

    /// The ellipsis, U+2026.
    static let ellipsisGlyph: UInt32 = 0x2026

    /// The longest run written whole; a longer one (wider than any terminal) is written only in
    /// the window that is drawn (``write(line:window:into:blank:)``).
    static let longestWrittenRun = 4096

    /// The fit of the line `line` (its cells, left to right) in a run of `runLength` cells, its
    /// centre projected to `centre` run cells from the run's start.
    static func fit(line: UnsafeBufferPointer<Cell>, runLength: Int, centre: Double) -> LineFit {
        let length = line.count
        guard runLength > 0, length > 0 else { return LineFit(start: 0, shown: 0, ellipsis: false) }
        if length <= runLength {
            let wanted = centre - Double(length) / 2
            let start = wanted.isFinite ? Int(max(min(wanted, Double(runLength)), -1).rounded()) : 0
            return LineFit(start: min(max(start, 0), runLength - length), shown: length, ellipsis: false)
        }
        // The cut: `runLength − 1` cells, less the lead of a cluster that would straddle it (its
        // continuation is the cell at the cut), less trailing spaces.
        var shown = runLength - 1
        if line[shown].width == 0 && shown > 0 { shown -= 1 }
        while shown > 0 && line[shown - 1].glyph == 0x20 && line[shown - 1].width == 1 { shown -= 1 }
        // An "…" alone would be noise on a face too narrow to read: it stays blank.
        return LineFit(start: 0, shown: shown, ellipsis: shown > 0)
    }

    /// Writes the fitted line into `run` (`runLength` cells): `blank` (a space in the run's
    /// background) everywhere else, the line's cells (a lead with its continuation, a stray
    /// continuation as `blank`) and the "…" in the colours and attributes of the cell it replaces.
    /// `run` may be uninitialized (``Cell`` is trivial): every cell is written.
    /// `canonical`: the line's wide clusters are canonical (``LayerContentProfile/canonicalClusters``),
    /// so its shown cells (whole clusters) are one copy.
    func write(
        line: UnsafeBufferPointer<Cell>, into run: UnsafeMutablePointer<Cell>, runLength: Int, blank: Cell,
        canonical: Bool = false
    ) {
        run.initialize(repeating: blank, count: start)
        let after = start + shown
        (run + after).initialize(repeating: blank, count: runLength - after)
        if canonical {
            (run + start).initialize(from: line.baseAddress.unsafelyUnwrapped, count: shown)
        } else {
            (run + start).initialize(repeating: blank, count: shown)
        }
        var x = 0
        while !canonical && x < shown {
            let cell = line[x]
            if cell.width == 2 && x + 1 < shown {
                run[start + x] = cell
                run[start + x + 1] = .continuation(of: cell)
                x += 2
                continue
            }
            if cell.width == 1 { run[start + x] = cell }
            x += 1
        }
        if ellipsis && start + shown < runLength {
            run[start + shown] = ProjectiveDraw.ellipsis(replacing: line[min(shown, line.count - 1)])
        }
    }

    /// Writes the cells of the run's `window` (run indices) as ``write(line:into:runLength:blank:canonical:)``
    /// writes them, each on its own, at `run + index`: only the window's cells are touched.
    func write(line: UnsafeBufferPointer<Cell>, window: Range<Int>, into run: UnsafeMutablePointer<Cell>, blank: Cell) {
        for index in window {
            let x = index - start
            var cell = blank
            if x >= 0 && x < shown {
                let here = line[x]
                if here.width == 2 && x + 1 < shown {
                    cell = here
                } else if here.width == 0 && x > 0 && line[x - 1].width == 2 {
                    cell = .continuation(of: line[x - 1])
                } else if here.width == 1 {
                    cell = here
                }
            } else if ellipsis && x == shown {
                cell = ProjectiveDraw.ellipsis(replacing: line[min(shown, line.count - 1)])
            }
            (run + index).initialize(to: cell)
        }
    }
}
