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
        let sameSize = previous.width == current.width && previous.height == current.height
        let width = current.width
        let height = current.height
        let cells = current.cells
        let old = previous.cells
        var changed = [Bool](repeating: false, count: cells.count)
        for index in cells.indices {
            changed[index] = !sameSize || (old[index] != cells[index] && outputDiffers(old[index], cells[index]))
            // A changed wide glyph's trailing half is printed with it, whatever it held before.
            if cells[index].isContinuation, index > 0, changed[index - 1] { changed[index] = true }
        }
        // Each cell's UTF-8 bytes if printed (0 for a continuation), for gaps that may be printed
        // again to carry the cursor.
        var cellBytes = [Int](repeating: 0, count: cells.count)
        for index in cells.indices { cellBytes[index] = utf8Count(cells[index]) }

        var glyphs = 0
        var glyphBytes = 0
        var rowUnchangedBytes = [Int](repeating: 0, count: height)
        var pens = Set<NeededPen>()
        var blankBackgrounds = Set<Int>()
        // Where the cursor may be between two steps, per row: after a printed changed cell (the
        // row's width: pending wrap, column unknown) or at the start of a stretch of blanks (an
        // erase leaves it there).
        var positions = [[Int]](repeating: [], count: height)
        var segments: [Segment] = []
        // Each row's first segment (its index in `segments`), and the row's stretches of changed
        // plain spaces in one background.
        var firstSegment = [Int?](repeating: nil, count: height)
        var stretches: [Stretch] = []
        // Runs of one pen inside the segments, and where the cursor may be with each pen: after a
        // glyph printed in it, or after (or at the start of) blanks in its background.
        var penRuns: [PenRun] = []
        var penPositions: [NeededPen: [[Int]]] = [:]
        var backgroundPositions: [Int: [[Int]]] = [:]

        for y in 0..<height {
            let row = y * width
            // Since the previous segment: whether an unchanged glyph (other than a plain space)
            // lies in the gap, which an ED would make the encoder print again.
            var gapHoldsGlyph = false
            var stretch: Stretch?
            var segment: Segment?
            var previousEnd: Int?
            var penRun: PenRun?
            func closePenRun() {
                if let open = penRun { penRuns.append(open) }
                penRun = nil
            }
            func addPosition(_ x: Int, pen: NeededPen?, background: Int) {
                if let pen {
                    penPositions[pen, default: Array(repeating: [], count: height)][y].append(x)
                } else {
                    backgroundPositions[background, default: Array(repeating: [], count: height)][y].append(x)
                }
            }
            func closeStretch(at x: Int) {
                guard var open = stretch else { return }
                open.end = x
                stretches.append(open)
                stretch = nil
            }
            func closeSegment() {
                guard let open = segment else { return }
                if firstSegment[y] == nil { firstSegment[y] = segments.count }
                segments.append(open)
                previousEnd = open.end
                segment = nil
            }
            for x in 0..<width {
                let cell = cells[row + x]
                guard changed[row + x] else {
                    closeStretch(at: x)
                    closePenRun()
                    closeSegment()
                    if !cell.isContinuation, !Self.isPlainSpace(cell) {
                        rowUnchangedBytes[y] += cellBytes[row + x]
                        gapHoldsGlyph = true
                    }
                    continue
                }
                let opensSegment = segment == nil
                if segment == nil {
                    // A segment at column 0 that goes on from the row above's last cell is reached
                    // by autowrap (when that cell is printed: see `Stretch`).
                    let continues = x == 0 && y > 0 && changed[row - 1]
                    segment = Segment(
                        row: y, start: x, end: x, gapStart: previousEnd.map { $0 + 1 } ?? 0, excludedFrom: x,
                        gapHoldsGlyph: gapHoldsGlyph, lastGlyph: nil, continuesAbove: continues)
                    gapHoldsGlyph = false
                }
                segment?.end = x
                let plainSpace = !cell.isContinuation && Self.isPlainSpace(cell)
                let background = plainSpace ? output(cell.background) : 0
                if let open = stretch, !plainSpace || open.background != background {
                    closeStretch(at: x)
                }
                if cell.isContinuation {
                    segment?.lastGlyph = x
                    penRun?.end = x
                    continue
                }
                let pen: NeededPen? =
                    plainSpace
                    ? nil
                    : NeededPen(
                        foreground: output(cell.foreground), background: output(cell.background),
                        attributes: cell.attributes.rawValue)
                // The pen run goes on while its glyphs keep one pen and its blanks that pen's background.
                let runBackground = pen?.background ?? background
                if let open = penRun, open.background == runBackground, pen == nil || open.pen == nil || open.pen == pen
                {
                    penRun?.end = x
                    if let pen { penRun?.pen = pen }
                } else {
                    closePenRun()
                    penRun = PenRun(
                        row: y, start: x, end: x, pen: pen, background: runBackground, segment: segments.count,
                        opensSegment: opensSegment)
                }
                positions[y].append(x + Int(max(cell.width, 1)))
                addPosition(x + Int(max(cell.width, 1)), pen: pen, background: background)
                if plainSpace {
                    glyphs += 1
                    blankBackgrounds.insert(background)
                    if stretch == nil {
                        stretch = Stretch(row: y, background: background, start: x, end: x, segment: segments.count)
                        positions[y].append(x)
                        addPosition(x, pen: nil, background: background)
                    }
                    continue
                }
                segment?.lastGlyph = x
                if let pen { pens.insert(pen) }
                glyphs += cellBytes[row + x]
                glyphBytes += cellBytes[row + x]
            }
            closeStretch(at: width)
            closePenRun()
            closeSegment()
            positions[y].sort()
        }
        for key in penPositions.keys { penPositions[key] = penPositions[key]?.map { $0.sorted() } }
        for key in backgroundPositions.keys {
            backgroundPositions[key] = backgroundPositions[key]?.map { $0.sorted() }
        }

        // Blanks, per row and background: printed (their count), or erased (one erase, ECH or
        // EL, is 3 bytes at least: `CSI X`, `CSI K`) with the rest of the run entered again after
        // each stretch it goes on past with a glyph (erasing does not move the cursor): per
        // stretch the fewer of its length (printed after all) and that entry.
        var groups = [[Int: (count: Int, past: Int)]](repeating: [:], count: height)
        for stretch in stretches {
            let length = stretch.end - stretch.start
            var past = 0
            let segment = segments[stretch.segment]
            if stretch.end < width {
                // A stretch a segment starts with: the segment's own entry may be the arrival at
                // the rest (an erase from elsewhere, ECH over the gap or EL, covers the stretch).
                let startsSegment = stretch.start == segment.start && !segment.continuesAbove
                if let lastGlyph = segment.lastGlyph, lastGlyph >= stretch.end, !startsSegment {
                    var rest = segment
                    rest.start = stretch.end
                    rest.gapStart = stretch.end
                    rest.excludedFrom = stretch.start + 1
                    rest.continuesAbove = false
                    past = min(length, entryCost(rest, positions: positions, cellBytes: cellBytes, width: width))
                }
            } else if stretch.row + 1 < height, let next = firstSegment[stretch.row + 1],
                segments[next].continuesAbove, segments[next].lastGlyph != nil
            {
                // The run goes on in the next row, which autowrap reaches only after this row's
                // last cell is printed.
                var rest = segments[next]
                rest.continuesAbove = false
                past = min(length, entryCost(rest, positions: positions, cellBytes: cellBytes, width: width))
            }
            groups[stretch.row][stretch.background, default: (0, 0)].count += length
            groups[stretch.row][stretch.background, default: (0, 0)].past += past
        }
        var rowBlank = [Int](repeating: 0, count: height)
        // Per row and background: what an ED in that background saves on the row's blanks (they
        // then cost only their stretches' `past`).
        var rowErasedSaving = [[Int: Int]](repeating: [:], count: height)
        for y in 0..<height {
            for (background, group) in groups[y] {
                let kept = min(group.count, 3 + group.past)
                rowBlank[y] += kept
                rowErasedSaving[y][background] = kept - group.past
            }
        }

        // Every segment with a glyph must be entered from outside it, but the one the cursor
        // starts in.
        var rowEntries = [Int](repeating: 0, count: height)
        // In a row an ED erased, a gap with a glyph in it is printed again (charged as reprint),
        // which carries the cursor into the segment after it.
        var rowEntriesErased = [Int](repeating: 0, count: height)
        var largestEntry = 0
        for segment in segments where segment.lastGlyph != nil && !segment.continuesAbove {
            let cost = entryCost(segment, positions: positions, cellBytes: cellBytes, width: width)
            rowEntries[segment.row] += cost
            if !segment.gapHoldsGlyph { rowEntriesErased[segment.row] += cost }
            largestEntry = max(largestEntry, cost)
        }

        let sgr = sgrBytes(pens: pens, blankBackgrounds: blankBackgrounds)

        // Every pen run with a glyph is entered once too, counting the SGR on the way: from the
        // cheapest position with any pen, plus the cheapest SGR into its pen; or from the
        // cheapest position where its pen already is (a glyph in it, or a blank in its
        // background). A run that goes on from the row above's last cell is reached by autowrap.
        var rowPenEntries = [Int](repeating: 0, count: height)
        var rowPenEntriesErased = [Int](repeating: 0, count: height)
        var largestPenEntry = 0
        var samePenPositions: [NeededPen: [[Int]]] = [:]
        var samePenCounts: [NeededPen: Int] = [:]
        for run in penRuns {
            guard let pen = run.pen else { continue }
            let segment = segments[run.segment]
            if run.opensSegment && segment.continuesAbove { continue }
            var target = segment
            target.start = run.start
            target.end = run.end
            target.excludedFrom = run.opensSegment ? run.start : run.start + 1
            if !run.opensSegment { target.gapStart = run.start }
            target.continuesAbove = false
            let anyPen =
                entryCost(target, positions: positions, cellBytes: cellBytes, width: width) + (sgr.entries[pen] ?? 0)
            if samePenPositions[pen] == nil {
                let glyphRows = penPositions[pen] ?? Array(repeating: [], count: height)
                let blankRows = backgroundPositions[pen.background] ?? Array(repeating: [], count: height)
                samePenPositions[pen] = zip(glyphRows, blankRows).map { ($0 + $1).sorted() }
            }
            let same = samePenPositions[pen] ?? []
            if samePenCounts[pen] == nil { samePenCounts[pen] = same.reduce(0) { $0 + $1.count } }
            // Positions with the pen outside the run itself.
            let own = same[run.row].count { $0 >= target.excludedFrom && $0 <= run.end + 1 }
            let hasOther = (samePenCounts[pen] ?? 0) > own
            let samePen =
                hasOther ? entryCost(target, positions: same, cellBytes: cellBytes, width: width) : Self.unreachable
            let cost = min(anyPen, samePen)
            rowPenEntries[run.row] += cost
            if !(run.opensSegment && segment.gapHoldsGlyph) { rowPenEntriesErased[run.row] += cost }
            largestPenEntry = max(largestPenEntry, cost)
        }

        let strategy = Self.leastStrategy(
            kept: RowCosts(blank: rowBlank, entries: rowEntries, penEntries: rowPenEntries),
            erased: ErasedRows(saving: rowErasedSaving, entries: rowEntriesErased, penEntries: rowPenEntriesErased),
            rowUnchangedBytes: rowUnchangedBytes, largestEntry: largestEntry, largestPenEntry: largestPenEntry,
            sgr: sgr.total)
        return Bound(
            glyphs: glyphs, glyphBytes: glyphBytes, blankBytes: strategy.blank, entryBytes: strategy.entries,
            penEntryBytes: strategy.penEntries, reprintBytes: strategy.reprint, sgrBytes: sgr.total,
            erasesDisplay: strategy.erasesDisplay)
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
    private mutating func outputDiffers(_ a: Cell, _ b: Cell) -> Bool {
        guard a.glyph == b.glyph, a.width == b.width, a.attributes == b.attributes else { return true }
        return output(a.foreground) != output(b.foreground) || output(a.background) != output(b.background)
    }

    /// A colour as the depth sends it: 0 for the default, the RGB value + 1 at truecolor, the
    /// palette index + 1 at 256 or 16 colours; every colour is 0 at ``ColorDepth/none``.
    mutating func output(_ color: TerminalColor) -> Int {
        guard case .rgb(let rgb) = color else { return 0 }
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

    /// A cell's UTF-8 bytes (0 for a continuation cell).
    private mutating func utf8Count(_ cell: Cell) -> Int {
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
