import FoldCycle

/// Lower bounds on the bytes any cell-diff encoder must send to turn one frame into the next, in
/// the output's colour space (two RGB colours that one palette entry shows are the same colour
/// at 256 or 16 colours).
///
/// Two bounds, both for the same pair of frames (``Bound``):
/// - ``Bound/glyphs``: the UTF-8 bytes of the glyphs of the cells whose output form changed,
///   and nothing else (issue 12's first bound; not strictly a floor: blank runs may be erased
///   with fewer bytes than they have cells, and it counts no escape at all).
/// - ``Bound/floor``: what no encoder can go below in the model below: the changed glyphs, the
///   changed blanks (printed, or erased and moved past), one byte to reach every changed run the
///   cursor must enter, and the SGR sequences that establish every pen the changed cells need
///   (docs/PERFORMANCE.md#the-lower-bound gives the argument term by term).
///
/// The model (what an encoder may do, the repertoire ANSIEncoder writes): print glyphs (UTF-8);
/// move the cursor with any control (CR, LF, BS, HT: one byte each) or escape sequence; erase
/// with ECH, EL or ED in the pen's background (ECMA-48's "erased state"); change the pen with SGR
/// (ECMA-48 § 8.3.117 with xterm's `38;5;n` and `38;2;r;g;b`, at the shortest parameter for every
/// colour: `3n`/`9n` for palette entries below 16). Outside it: REP (`CSI n b`, repeat the last
/// glyph), which not every terminal has; and, because a cell diff does not know the screen's
/// contents move, scrolling (SU, SD, IND, RI), insert and delete (ICH, DCH, IL, DL) and the VT400
/// rectangle operations (DECCRA, DECFRA, DECERA). The synchronized-output brackets and the
/// frame-end SGR reset the ANSIEncoder writes are its own choices and are not counted.
package struct OutputLowerBound {
    /// A frame pair's bounds, in bytes, and the floor's terms.
    package struct Bound: Equatable, Sendable {
        /// UTF-8 bytes of the glyphs of every changed cell, a changed blank counted as 1.
        package var glyphs: Int
        /// The floor: ``glyphBytes`` + ``blankBytes`` + ``reprintBytes`` + the more of
        /// ``entryBytes`` + ``sgrBytes`` and ``penEntryBytes`` (two floors on the same moves and
        /// SGRs), with the erase-display strategy that makes it least.
        package var floor: Int { glyphBytes + blankBytes + reprintBytes + max(entryBytes + sgrBytes, penEntryBytes) }
        /// The UTF-8 bytes of the changed cells' glyphs other than plain spaces.
        package var glyphBytes: Int
        /// The changed plain spaces: per row and background, the fewer of their count (printed)
        /// and 3 (one erase, ECH or EL, is at least `CSI X` or `CSI K`) plus one byte for each
        /// stretch of them the run goes on after (erasing does not move the cursor); 3 for an ED
        /// where one erases them.
        package var blankBytes: Int
        /// The moves into every changed run holding a glyph, less the one the cursor may start in.
        package var entryBytes: Int
        /// The moves and SGRs into every run of one pen holding a glyph, less the one the frame
        /// may start in: from where the cursor may be, plus the cheapest SGR into the run's pen,
        /// or from where its pen already is.
        package var penEntryBytes: Int
        /// With an ED: the UTF-8 bytes of the unchanged glyphs it erases, which must be printed
        /// again; 0 without.
        package var reprintBytes: Int
        /// The SGR sequences: every pen the changed cells need but one is entered once, each at
        /// the cost of its cheapest SGR from another needed pen.
        package var sgrBytes: Int
        /// Whether the floor erases the display (ED) — the least of the strategies tried.
        package var erasesDisplay: Bool

        /// Creates a bound from its terms.
        package init(
            glyphs: Int, glyphBytes: Int, blankBytes: Int, entryBytes: Int, penEntryBytes: Int, reprintBytes: Int,
            sgrBytes: Int, erasesDisplay: Bool
        ) {
            self.glyphs = glyphs
            self.glyphBytes = glyphBytes
            self.blankBytes = blankBytes
            self.entryBytes = entryBytes
            self.penEntryBytes = penEntryBytes
            self.reprintBytes = reprintBytes
            self.sgrBytes = sgrBytes
            self.erasesDisplay = erasesDisplay
        }
    }

    /// The depth whose colour space the cells are compared in.
    package let depth: ColorDepth
    private var indexByColor: [RGBColor: Int] = [:]
    private var scratch: [UInt8] = []

    /// A bound in `depth`'s colour space.
    package init(depth: ColorDepth) {
        self.depth = depth
    }

    /// The bounds for drawing `current` over `previous` (every cell of `current` changed when
    /// the sizes differ).
    package mutating func bound(previous: CellBuffer, current: CellBuffer) -> Bound {
        let scan = scanCells(of: current, changed: changedCells(previous: previous, current: current))
        let blanks = blankCosts(scan)
        let entries = segmentEntries(scan)
        let sgr = sgrBytes(pens: scan.pens, blankBackgrounds: scan.blankBackgrounds)
        let penEntries = penRunEntries(scan, sgrEntries: sgr.entries)
        let strategy = Self.leastStrategy(
            kept: RowCosts(blank: blanks.kept, entries: entries.kept, penEntries: penEntries.kept),
            erased: ErasedRows(saving: blanks.erasedSaving, entries: entries.erased, penEntries: penEntries.erased),
            rowUnchangedBytes: scan.rowUnchangedBytes, largestEntry: entries.largest,
            largestPenEntry: penEntries.largest, sgr: sgr.total)
        return Bound(
            glyphs: scan.glyphs, glyphBytes: scan.glyphBytes, blankBytes: strategy.blank, entryBytes: strategy.entries,
            penEntryBytes: strategy.penEntries, reprintBytes: strategy.reprint, sgrBytes: sgr.total,
            erasesDisplay: strategy.erasesDisplay)
    }

    /// Whether each cell of `current` changed its output form since `previous` (every cell when
    /// the sizes differ); a changed wide glyph's trailing half is printed with it, whatever it
    /// held before.
    mutating func changedCells(previous: CellBuffer, current: CellBuffer) -> [Bool] {
        let sameSize = previous.width == current.width && previous.height == current.height
        let cells = current.cells
        let old = previous.cells
        var changed = [Bool](repeating: false, count: cells.count)
        for index in cells.indices {
            changed[index] = !sameSize || (old[index] != cells[index] && outputDiffers(old[index], cells[index]))
            if cells[index].isContinuation, index > 0, changed[index - 1] { changed[index] = true }
        }
        return changed
    }

    // MARK: - Terms

    /// Per row, what the changed blanks cost with the row kept (``RowBlanks/kept``) and what an
    /// ED in each background saves on them.
    ///
    /// Blanks, per row and background: printed (their count), or erased (one erase, ECH or EL, is
    /// 3 bytes at least: `CSI X`, `CSI K`) with the rest of the run entered again after each
    /// stretch it goes on past with a glyph (erasing does not move the cursor): per stretch the
    /// fewer of its length (printed after all) and that entry.
    private func blankCosts(_ scan: FrameScan) -> RowBlanks {
        var groups = [[Int: (count: Int, past: Int)]](repeating: [:], count: scan.height)
        for stretch in scan.stretches {
            let past = pastCost(stretch, scan)
            groups[stretch.row][stretch.background, default: (0, 0)].count += stretch.end - stretch.start
            groups[stretch.row][stretch.background, default: (0, 0)].past += past
        }
        var blanks = RowBlanks(
            kept: [Int](repeating: 0, count: scan.height),
            erasedSaving: [[Int: Int]](repeating: [:], count: scan.height))
        for y in 0..<scan.height {
            for (background, group) in groups[y] {
                let kept = min(group.count, 3 + group.past)
                blanks.kept[y] += kept
                // An ED in that background leaves the row's blanks only their stretches' `past`.
                blanks.erasedSaving[y][background] = kept - group.past
            }
        }
        return blanks
    }

    /// The fewer of `stretch`'s length and the entry into the rest of its run after it, when
    /// erasing it leaves a glyph of that run to print (0 when none is left).
    private func pastCost(_ stretch: Stretch, _ scan: FrameScan) -> Int {
        let length = stretch.end - stretch.start
        let segment = scan.segments[stretch.segment]
        if stretch.end < scan.width {
            // A stretch a segment starts with: the segment's own entry may be the arrival at
            // the rest (an erase from elsewhere, ECH over the gap or EL, covers the stretch).
            let startsSegment = stretch.start == segment.start && !segment.continuesAbove
            guard let lastGlyph = segment.lastGlyph, lastGlyph >= stretch.end, !startsSegment else { return 0 }
            var rest = segment
            rest.start = stretch.end
            rest.gapStart = stretch.end
            rest.excludedFrom = stretch.start + 1
            rest.continuesAbove = false
            return min(length, entryCost(rest, in: scan))
        }
        // The run goes on in the next row, which autowrap reaches only after this row's last
        // cell is printed.
        guard stretch.row + 1 < scan.height, let next = scan.firstSegment[stretch.row + 1],
            scan.segments[next].continuesAbove, scan.segments[next].lastGlyph != nil
        else { return 0 }
        var rest = scan.segments[next]
        rest.continuesAbove = false
        return min(length, entryCost(rest, in: scan))
    }

    /// Every segment with a glyph must be entered from outside it, but the one the cursor
    /// starts in. In a row an ED erased, a gap with a glyph in it is printed again (charged as
    /// reprint), which carries the cursor into the segment after it.
    private func segmentEntries(_ scan: FrameScan) -> RowEntries {
        var entries = RowEntries(height: scan.height)
        for segment in scan.segments where segment.lastGlyph != nil && !segment.continuesAbove {
            entries.add(entryCost(segment, in: scan), row: segment.row, whenErased: !segment.gapHoldsGlyph)
        }
        return entries
    }

    /// Every pen run with a glyph is entered once too, counting the SGR on the way: from the
    /// cheapest position with any pen, plus the cheapest SGR into its pen (`sgrEntries`); or from
    /// the cheapest position where its pen already is (a glyph in it, or a blank in its
    /// background). A run that goes on from the row above's last cell is reached by autowrap.
    private func penRunEntries(_ scan: FrameScan, sgrEntries: [NeededPen: Int]) -> RowEntries {
        var entries = RowEntries(height: scan.height)
        var samePen = SamePenPositions()
        for run in scan.penRuns {
            guard let pen = run.pen else { continue }
            let segment = scan.segments[run.segment]
            if run.opensSegment && segment.continuesAbove { continue }
            var target = segment
            target.start = run.start
            target.end = run.end
            target.excludedFrom = run.opensSegment ? run.start : run.start + 1
            if !run.opensSegment { target.gapStart = run.start }
            target.continuesAbove = false
            let anyPen = entryCost(target, in: scan) + (sgrEntries[pen] ?? 0)
            let same = samePen.positions(of: pen, in: scan)
            // Positions with the pen outside the run itself.
            let own = same.rows[run.row].count { $0 >= target.excludedFrom && $0 <= run.end + 1 }
            let samePenCost =
                same.count > own
                ? entryCost(target, positions: same.rows, cellBytes: scan.cellBytes, width: scan.width)
                : Self.unreachable
            entries.add(
                min(anyPen, samePenCost), row: run.row, whenErased: !(run.opensSegment && segment.gapHoldsGlyph))
        }
        return entries
    }

    /// ``entryCost(_:positions:cellBytes:width:)`` from every position the cursor may be at.
    private func entryCost(_ segment: Segment, in scan: FrameScan) -> Int {
        entryCost(segment, positions: scan.positions, cellBytes: scan.cellBytes, width: scan.width)
    }

    /// Per row, the changed blanks' bytes with no ED, and what an ED in each background saves
    /// on them.
    struct RowBlanks {
        var kept: [Int]
        var erasedSaving: [[Int: Int]]
    }

    /// Per row, the entries' bytes with no ED (`kept`) and with one (`erased`), and the largest
    /// single entry (the one the frame may start in).
    struct RowEntries {
        var kept: [Int]
        var erased: [Int]
        var largest = 0

        init(height: Int) {
            kept = [Int](repeating: 0, count: height)
            erased = kept
        }

        /// Counts an entry of `cost` in `row`, in the erased rows' sum too when `whenErased`.
        mutating func add(_ cost: Int, row: Int, whenErased: Bool) {
            kept[row] += cost
            if whenErased { erased[row] += cost }
            largest = max(largest, cost)
        }
    }

    /// Per pen, the positions where the cursor may be with that pen already set (after a glyph
    /// in it, or after or at the start of blanks in its background), sorted per row, with their
    /// count; built on first use.
    struct SamePenPositions {
        private var known: [NeededPen: (rows: [[Int]], count: Int)] = [:]

        mutating func positions(of pen: NeededPen, in scan: FrameScan) -> (rows: [[Int]], count: Int) {
            if let positions = known[pen] { return positions }
            let glyphRows = scan.penPositions[pen] ?? Array(repeating: [], count: scan.height)
            let blankRows = scan.backgroundPositions[pen.background] ?? Array(repeating: [], count: scan.height)
            let rows = zip(glyphRows, blankRows).map { ($0 + $1).sorted() }
            let positions = (rows: rows, count: rows.reduce(0) { $0 + $1.count })
            known[pen] = positions
            return positions
        }
    }

    /// A run of changed cells in one row whose glyphs share one pen and whose blanks its
    /// background (columns `start...end`), in segment `segment`; nil `pen` while it has only
    /// blanks.
    struct PenRun {
        var row: Int
        var start: Int
        var end: Int
        var pen: NeededPen?
        var background: Int
        var segment: Int
        /// Whether it is its segment's first (entered from outside the segment; the others may
        /// be entered from the run before them, with an SGR).
        var opensSegment: Bool
    }

    /// A stretch of changed plain spaces in one background: row, columns `start..<end`, and the
    /// index of the segment it is in.
    struct Stretch {
        var row: Int
        var background: Int
        var start: Int
        var end: Int
        var segment: Int
    }

    // MARK: - Cells

    /// A plain space: U+0020 without underline or reverse, which shows only its background.
    static func isPlainSpace(_ cell: Cell) -> Bool {
        cell.glyph == 0x20 && cell.attributes.rawValue & blankVisibleAttributes == 0
    }

    /// Whether two cells that differ somewhere differ in their output form.
    mutating func outputDiffers(_ a: Cell, _ b: Cell) -> Bool {
        guard a.glyph == b.glyph, a.width == b.width, a.attributes == b.attributes else { return true }
        return output(a.foregroundBits) != output(b.foregroundBits)
            || output(a.backgroundBits) != output(b.backgroundBits)
    }

    /// A packed colour (``Cell/foregroundBits``) as the depth sends it: 0 for the default, the RGB
    /// value + 1 at truecolor, the palette index + 1 at 256 or 16 colours, and a palette entry
    /// kept as one (``TerminalColor/paletteIndex(packed:)``) at truecolor as
    /// ``truecolorPaletteBase`` + its index; every colour is 0 at ``ColorDepth/none``.
    mutating func output(_ packed: UInt32) -> Int {
        guard case .rgb(let rgb) = TerminalColor(packed: packed) else { return 0 }
        if depth != .none, let index = TerminalColor.paletteIndex(packed: packed),
            depth != .ansi16 || index < 16
        {
            return (depth == .truecolor ? Self.truecolorPaletteBase : 1) + Int(index)
        }
        switch depth {
        case .truecolor: return 1 + (Int(rgb.red) << 16 | Int(rgb.green) << 8 | Int(rgb.blue))
        case .none: return 0
        case .ansi256, .ansi16:
            if let known = indexByColor[rgb] { return known }
            let index =
                1 + Int(depth == .ansi256 ? ColorDepth.ansi256Index(for: rgb) : ColorDepth.ansi16Index(for: rgb))
            indexByColor[rgb] = index
            return index
        }
    }

    /// Where palette entries start among ``output(_:)``'s values at truecolor (past every RGB + 1).
    static let truecolorPaletteBase = 1 + 0x100_0000

    /// A cell's UTF-8 bytes (0 for a continuation cell).
    mutating func utf8Count(_ cell: Cell) -> Int {
        guard !cell.isContinuation else { return 0 }
        let glyph = cell.glyph
        // A scalar value's UTF-8 length (surrogates are written as U+FFFD, 3 bytes); an interned
        // cluster's from the table.
        guard glyph >= GlyphTable.firstInternedID else {
            return glyph < 0x80 ? 1 : glyph < 0x800 ? 2 : glyph < 0x10000 ? 3 : 4
        }
        scratch.removeAll(keepingCapacity: true)
        GlyphTable.shared.appendUTF8(of: glyph, to: &scratch)
        return scratch.count
    }
}
