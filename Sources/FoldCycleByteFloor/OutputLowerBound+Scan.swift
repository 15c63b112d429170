import FoldCycle

// The floor's one walk over the changed cells, row by row: the runs it is made of (segments,
// stretches of blanks, pen runs) and where the cursor may be between them
// (docs/PERFORMANCE.md#the-lower-bound).

extension OutputLowerBound {
    /// What the walk over a frame's changed cells collects; the floor's terms are computed from it.
    struct FrameScan {
        let width: Int
        let height: Int
        /// Whether each cell's output form changed.
        let changed: [Bool]
        /// Each cell's UTF-8 bytes if printed (0 for a continuation), for gaps that may be
        /// printed again to carry the cursor.
        let cellBytes: [Int]
        var glyphs = 0
        var glyphBytes = 0
        /// Per row, the UTF-8 bytes of its unchanged glyphs (other than plain spaces).
        var rowUnchangedBytes: [Int]
        var pens = Set<NeededPen>()
        var blankBackgrounds = Set<Int>()
        /// Where the cursor may be between two steps, per row: after a printed changed cell (the
        /// row's width: pending wrap, column unknown) or at the start of a stretch of blanks (an
        /// erase leaves it there).
        var positions: [[Int]]
        var segments: [Segment] = []
        /// Each row's first segment (its index in `segments`).
        var firstSegment: [Int?]
        /// The rows' stretches of changed plain spaces in one background.
        var stretches: [Stretch] = []
        /// Runs of one pen inside the segments.
        var penRuns: [PenRun] = []
        /// Where the cursor may be with each pen: after a glyph printed in it, or after (or at
        /// the start of) blanks in its background.
        var penPositions: [NeededPen: [[Int]]] = [:]
        var backgroundPositions: [Int: [[Int]]] = [:]

        init(width: Int, height: Int, changed: [Bool], cellBytes: [Int]) {
            self.width = width
            self.height = height
            self.changed = changed
            self.cellBytes = cellBytes
            rowUnchangedBytes = [Int](repeating: 0, count: height)
            positions = [[Int]](repeating: [], count: height)
            firstSegment = [Int?](repeating: nil, count: height)
        }

        /// Records that the cursor may be at column `x` of row `y` with `pen` (or, for a blank,
        /// with any pen of `background`).
        mutating func addPosition(_ x: Int, row y: Int, pen: NeededPen?, background: Int) {
            if let pen {
                penPositions[pen, default: Array(repeating: [], count: height)][y].append(x)
            } else {
                backgroundPositions[background, default: Array(repeating: [], count: height)][y].append(x)
            }
        }

        /// Sorts every pen's and background's positions per row.
        mutating func sortPenPositions() {
            for key in penPositions.keys { penPositions[key] = penPositions[key]?.map { $0.sorted() } }
            for key in backgroundPositions.keys {
                backgroundPositions[key] = backgroundPositions[key]?.map { $0.sorted() }
            }
        }
    }

    /// The runs open while the walk crosses one row.
    struct RowScan {
        let y: Int
        /// Since the previous segment: whether an unchanged glyph (other than a plain space) lies
        /// in the gap, which an ED would make the encoder print again.
        var gapHoldsGlyph = false
        var stretch: Stretch?
        var segment: Segment?
        var previousEnd: Int?
        var penRun: PenRun?

        init(y: Int) {
            self.y = y
        }

        /// Opens a segment at column `x`. One at column 0 that goes on from the row above's last
        /// cell is reached by autowrap (when that cell is printed: see `Stretch`).
        mutating func openSegment(at x: Int, in scan: FrameScan) {
            let continues = x == 0 && y > 0 && scan.changed[y * scan.width - 1]
            segment = Segment(
                row: y, start: x, end: x, gapStart: previousEnd.map { $0 + 1 } ?? 0, excludedFrom: x,
                gapHoldsGlyph: gapHoldsGlyph, lastGlyph: nil, continuesAbove: continues)
            gapHoldsGlyph = false
        }

        /// Extends the pen run to column `x`, or opens one there: the run goes on while its
        /// glyphs keep one pen and its blanks that pen's background.
        mutating func extendPenRun(
            at x: Int, pen: NeededPen?, background: Int, opensSegment: Bool, into scan: inout FrameScan
        ) {
            if let open = penRun, open.background == background, pen == nil || open.pen == nil || open.pen == pen {
                penRun?.end = x
                if let pen { penRun?.pen = pen }
            } else {
                closePenRun(into: &scan)
                penRun = PenRun(
                    row: y, start: x, end: x, pen: pen, background: background, segment: scan.segments.count,
                    opensSegment: opensSegment)
            }
        }

        /// Counts a changed plain space at column `x`, opening a stretch of blanks there when
        /// none is open (an erase leaves the cursor at its start).
        mutating func addBlank(at x: Int, background: Int, into scan: inout FrameScan) {
            scan.glyphs += 1
            scan.blankBackgrounds.insert(background)
            guard stretch == nil else { return }
            stretch = Stretch(row: y, background: background, start: x, end: x, segment: scan.segments.count)
            scan.positions[y].append(x)
            scan.addPosition(x, row: y, pen: nil, background: background)
        }

        /// Closes every open run before column `x` (an unchanged cell, or the row's end).
        mutating func closeRuns(at x: Int, into scan: inout FrameScan) {
            closeStretch(at: x, into: &scan)
            closePenRun(into: &scan)
            closeSegment(into: &scan)
        }

        mutating func closeStretch(at x: Int, into scan: inout FrameScan) {
            guard var open = stretch else { return }
            open.end = x
            scan.stretches.append(open)
            stretch = nil
        }

        mutating func closePenRun(into scan: inout FrameScan) {
            if let open = penRun { scan.penRuns.append(open) }
            penRun = nil
        }

        mutating func closeSegment(into scan: inout FrameScan) {
            guard let open = segment else { return }
            if scan.firstSegment[y] == nil { scan.firstSegment[y] = scan.segments.count }
            scan.segments.append(open)
            previousEnd = open.end
            segment = nil
        }
    }

    /// Walks every row of `current`, whose cells `changed` marks.
    mutating func scanCells(of current: CellBuffer, changed: [Bool]) -> FrameScan {
        let cells = current.cells
        var cellBytes = [Int](repeating: 0, count: cells.count)
        for index in cells.indices { cellBytes[index] = utf8Count(cells[index]) }
        var scan = FrameScan(width: current.width, height: current.height, changed: changed, cellBytes: cellBytes)
        for y in 0..<scan.height { scanRow(y, of: cells, into: &scan) }
        scan.sortPenPositions()
        return scan
    }

    /// Walks row `y`: an unchanged cell closes the open runs (and may hold a glyph an ED would
    /// erase); a changed one extends them.
    private mutating func scanRow(_ y: Int, of cells: [Cell], into scan: inout FrameScan) {
        let row = y * scan.width
        var run = RowScan(y: y)
        for x in 0..<scan.width {
            let cell = cells[row + x]
            guard scan.changed[row + x] else {
                run.closeRuns(at: x, into: &scan)
                if !cell.isContinuation, !Self.isPlainSpace(cell) {
                    scan.rowUnchangedBytes[y] += scan.cellBytes[row + x]
                    run.gapHoldsGlyph = true
                }
                continue
            }
            scanChanged(cell, at: x, row: &run, into: &scan)
        }
        run.closeRuns(at: scan.width, into: &scan)
        scan.positions[y].sort()
    }

    /// One changed cell at column `x`: it extends (or opens) the row's segment, stretch of blanks
    /// and pen run, and the cursor may be after it.
    private mutating func scanChanged(_ cell: Cell, at x: Int, row run: inout RowScan, into scan: inout FrameScan) {
        let opensSegment = run.segment == nil
        if opensSegment { run.openSegment(at: x, in: scan) }
        run.segment?.end = x
        let plainSpace = !cell.isContinuation && Self.isPlainSpace(cell)
        let background = plainSpace ? output(cell.backgroundBits) : 0
        if let open = run.stretch, !plainSpace || open.background != background {
            run.closeStretch(at: x, into: &scan)
        }
        if cell.isContinuation {
            run.segment?.lastGlyph = x
            run.penRun?.end = x
            return
        }
        let pen: NeededPen? =
            plainSpace
            ? nil
            : NeededPen(
                foreground: output(cell.foregroundBits), background: output(cell.backgroundBits),
                attributes: cell.attributes.rawValue)
        run.extendPenRun(
            at: x, pen: pen, background: pen?.background ?? background, opensSegment: opensSegment, into: &scan)
        let after = x + Int(max(cell.width, 1))
        scan.positions[run.y].append(after)
        scan.addPosition(after, row: run.y, pen: pen, background: background)
        if plainSpace {
            run.addBlank(at: x, background: background, into: &scan)
            return
        }
        run.segment?.lastGlyph = x
        if let pen { scan.pens.insert(pen) }
        let bytes = scan.cellBytes[run.y * scan.width + x]
        scan.glyphs += bytes
        scan.glyphBytes += bytes
    }
}
