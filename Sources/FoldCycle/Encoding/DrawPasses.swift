/// The drawing passes of ``ANSIEncoder/encodeDiff(previous:current:into:)`` over its
/// ``PendingRow``s: each pass draws, row by row, the marked cells in the colours of its first
/// cell (``ANSIEncoder/PenGroup``) and leaves the others for a later pass. Within a row,
/// ``ANSIEncoder/drawRow(_:group:width:cells:marks:sink:bytes:)`` erases runs of plain spaces
/// with ECH (``ANSIEncoder/erasableRun(from:row:width:erase:cells:marks:scannedTo:)``), rewrites
/// short gaps of unchanged cells instead of moving over them
/// (``ANSIEncoder/rewritableGap(from:row:width:erase:cells:marks:group:)``) and draws runs of
/// glyphs the pen draws in one loop
/// (``ANSIEncoder/drawGlyphRun(from:row:end:width:cells:marks:sink:bytes:)``).
extension ANSIEncoder {
    /// How many drawing passes ``encodeDiff(previous:current:into:)`` makes at most; the last one
    /// draws everything left.
    static let maximumGroupedPasses = 6

    /// The colours one drawing pass draws: unset until the pass draws its first cell, then that
    /// cell's background, and its foreground once a cell that is not a plain space is drawn.
    struct PenGroup {
        /// Whether the pass leaves cells in other colours for a later pass (false: draws all).
        let defers: Bool
        /// The background (low 32 bits) or ``unset``.
        var background: UInt64 = PenGroup.unset
        /// The foreground (low 32 bits) or ``unset``.
        var foreground: UInt64 = PenGroup.unset

        static let unset: UInt64 = 1 << 63

        init(defers: Bool) {
            self.defers = defers
        }

        /// Whether the pass draws `cell` (a plain space when `plainSpace`).
        @inline(__always)
        func admits(_ cell: Cell, plainSpace: Bool) -> Bool {
            guard defers, background != Self.unset else { return true }
            guard UInt64(cell.backgroundBits) == background else { return false }
            return plainSpace || foreground == Self.unset || UInt64(cell.foregroundBits) == foreground
        }

        /// Records that the pass draws `cell`.
        @inline(__always)
        mutating func record(_ cell: Cell, plainSpace: Bool) {
            if background == Self.unset { background = UInt64(cell.backgroundBits) }
            if !plainSpace && foreground == Self.unset { foreground = UInt64(cell.foregroundBits) }
        }
    }

    /// Draws the marked cells of one row that `group` admits (and cheap gaps between them) and
    /// unmarks them; narrows `pending` to the cells left. Returns whether any are left.
    mutating func drawRow(
        _ pending: inout PendingRow, group: inout PenGroup, width: Int,
        cells new: UnsafeBufferPointer<Cell>, marks: UnsafeMutableBufferPointer<Bool>,
        sink: inout ByteSink, bytes: inout [UInt8]
    ) -> Bool {
        let y = pending.y
        let row = y * width
        let end = pending.end
        let eraseFrom = pending.erase
        var x = pending.start
        // The tail holds only while no pass draws in its background: in this row that needs the
        // pass's background set and another one (it stays so while the row is drawn).
        let tail =
            group.defers && group.background != PenGroup.unset && pending.tail >= 0
                && UInt64(pending.tailBackground) != group.background ? pending.tail : -1
        pending.tail = -1
        var leftStart = -1
        var leftEnd = -1
        // The run of plain spaces that ``erasableRun`` last scanned and rejected ends here: its
        // later cells need no new scan.
        var spacesScanned = 0
        while x < end {
            if x >= eraseFrom {
                // The trailing default blanks, all from `eraseFrom` (some marked): one EL in the
                // default background, when the pass draws that background.
                if group.admits(.blank, plainSpace: true) {
                    group.record(.blank, plainSpace: true)
                    eraseToEndOfLine(x: eraseFrom, y: y, sink: &sink, bytes: &bytes)
                    for column in eraseFrom..<end { marks[row + column] = false }
                    pending.erase = width
                } else {
                    if leftStart < 0 { leftStart = x }
                    leftEnd = end
                }
                x = end
                continue
            }
            let cell = new[row + x]
            if cell.width == 0 {
                // Drawn with its lead (marked too).
                marks[row + x] = false
                x += 1
                continue
            }
            if !marks[row + x] {
                // The cursor stands here after a redrawn cell: rewriting the gap up to the next
                // redrawn cell may beat the move over it.
                if cursorColumn == x && cursorRow == y,
                    let gapEnd = rewritableGap(
                        from: x, row: row, width: width, erase: eraseFrom, cells: new, marks: marks,
                        group: group)
                {
                    while x < gapEnd {
                        let gapCell = new[row + x]
                        draw(gapCell, x: x, y: y, regionWidth: width, sink: &sink, bytes: &bytes)
                        x += Int(gapCell.width)
                    }
                } else {
                    x += 1
                }
                continue
            }
            // Fast path: a glyph (not a space, which may start an erasable run) that the pen
            // draws where the cursor stands. The pass admits it: its colours are the pen's, which
            // are the pass's once it has drawn a cell (and any order is correct anyway).
            let glyph = cell.glyph
            if glyph != 0x20 && cursorColumn == x && cursorRow == y && glyph < GlyphTable.firstInternedID
                && sgr.penMatches(cell)
            {
                group.record(cell, plainSpace: false)
                x = drawGlyphRun(
                    from: x, row: row, end: min(end, eraseFrom), width: width, cells: new, marks: marks,
                    sink: &sink, bytes: &bytes)
                cursorColumn = x >= width ? nil : x
                continue
            }
            let plainSpace = Pen.isPlainSpace(cell)
            guard group.admits(cell, plainSpace: plainSpace) else {
                if leftStart < 0 { leftStart = x }
                if x == tail {
                    // As the scan below would find: every cell to the end is in the tail's
                    // background, which is not the pass's.
                    pending.tail = tail
                    x = end
                    leftEnd = end
                    continue
                }
                let deferred = x
                x += Int(cell.width)
                if UInt64(cell.backgroundBits) != group.background {
                    // Every cell in this background is left for a later pass too.
                    let background = cell.backgroundBits
                    while x < end && new[row + x].backgroundBits == background { x += 1 }
                    if x == end {
                        pending.tail = deferred
                        pending.tailBackground = background
                    }
                }
                leftEnd = x
                continue
            }
            group.record(cell, plainSpace: plainSpace)
            if plainSpace && x >= spacesScanned && cell.width == 1,
                let runEnd = erasableRun(
                    from: x, row: row, width: width, erase: eraseFrom, cells: new, marks: marks,
                    scannedTo: &spacesScanned)
            {
                erase(cell, x: x, y: y, count: runEnd - x, sink: &sink, bytes: &bytes)
                for column in x..<runEnd { marks[row + column] = false }
                x = runEnd
                continue
            }
            marks[row + x] = false
            draw(cell, x: x, y: y, regionWidth: width, sink: &sink, bytes: &bytes)
            if GlyphTable.isDisputed(cell.glyph) {
                // Redraw what a terminal that advanced further may have overwritten, now.
                var erase = pending.erase
                x = repairAfterDisputed(
                    at: x, width: Int(cell.width), y: y, row: row, regionWidth: width, erase: eraseFrom,
                    cells: new, marks: marks, pending: &erase, sink: &sink, bytes: &bytes)
                pending.erase = erase
                if erase == width && eraseFrom < width {
                    // The trailing blanks were erased: nothing after them is left in this row.
                    x = max(x, end)
                }
                continue
            }
            x += Int(cell.width)
        }
        pending.start = leftStart
        pending.end = leftEnd
        return leftStart >= 0
    }

    /// Draws the run of cells from column `start` (a marked scalar glyph other than a space that
    /// the pen draws, with the cursor on it) that continues while the next cell is the same
    /// kind, or a single plain space, unmarking them; returns the column after the run. Each
    /// further cell is one that ``drawRow`` would draw as it is, with the same bytes: a glyph
    /// passes the checks of its fast path (marked, not a continuation, a scalar glyph other than
    /// a space, ``SGRState/penMatches(_:)``); a space is marked, a plain space of width 1 the pen draws,
    /// and the next cell does not continue it as a run ``erasableRun`` could erase (one space
    /// is never erased), so it is drawn as a space. The pen and the cursor row stay put, so they
    /// are read once, and the pass's colours need no update (the first cell set both, and a
    /// cell the pen draws has the pass's background).
    @inline(__always)
    func drawGlyphRun(
        from start: Int, row: Int, end: Int, width: Int, cells: UnsafeBufferPointer<Cell>,
        marks: UnsafeMutableBufferPointer<Bool>, sink: inout ByteSink,
        bytes: inout [UInt8]
    ) -> Int {
        let penHigh = sgr.penHigh
        let penForeground = sgr.penForeground
        var x = start
        var cell = cells[row + x]
        while true {
            marks[row &+ x] = false
            sink.writeScalarUTF8(cell.glyph, flushingTo: &bytes)
            x &+= Int(cell.width)
            guard x < end else { return x }
            cell = cells[row &+ x]
            let glyph = cell.glyph
            guard marks[row &+ x] else { return x }
            if glyph == 0x20 {
                // A lone plain space in the pen's background (penMatches(_:) for a plain space).
                let key = cell.high & Self.erasableMask
                guard cell.width == 1, Pen.isPlainSpace(cell), (cell.high ^ penHigh) & Pen.plainSpaceMask == 0
                else { return x }
                if x &+ 1 < width {
                    let next = cells[row &+ x &+ 1]
                    if next.glyph == 0x20 && next.high & Self.erasableMask == key { return x }
                }
                continue
            }
            // For a glyph other than a space, penMatches(_:) is the rendition compare alone.
            guard glyph < GlyphTable.firstInternedID, cell.width != 0,
                (cell.high ^ penHigh) & Pen.renditionMask == 0, cell.foregroundBits == penForeground
            else { return x }
        }
    }

    /// The end of the run of plain spaces in `cells[row + start]`'s background (width 1, no
    /// underline or reverse) that starts at the marked column `start` and ends at its last
    /// marked cell before `erase` (the row's EL column, or its width), when erasing it (ECH,
    /// then a CUF over it if a marked cell or the EL follows at once) is shorter than writing its
    /// spaces. Otherwise nil. `scannedTo` is set to the end of the scanned run of plain spaces,
    /// so the caller scans a rejected run only once.
    ///
    /// - Complexity: O(length of the run of plain spaces).
    @inline(__always)
    func erasableRun(
        from start: Int, row: Int, width: Int, erase: Int, cells: UnsafeBufferPointer<Cell>,
        marks: UnsafeMutableBufferPointer<Bool>, scannedTo: inout Int
    ) -> Int? {
        let key = cells[row + start].high & Self.erasableMask
        var x = start + 1
        var end = x
        while x < erase {
            let cell = cells[row + x]
            guard cell.glyph == 0x20, cell.high & Self.erasableMask == key else { break }
            x += 1
            if marks[row + x - 1] { end = x }
        }
        scannedTo = x
        let count = end - start
        // ECH is at least 3 bytes: 3 spaces never lose.
        guard count > 3 else { return nil }
        let following = end == erase ? erase < width : marks[row + end]
        let cost =
            EscapeSequence.eraseCharacters(count).byteCount
            + (following ? EscapeSequence.cursorForward(count).byteCount : 0)
        return cost < count ? end : nil
    }

    /// The bits of `high` an erased run shares: background, width (1), underline and reverse.
    static let erasableMask: UInt64 = Pen.plainSpaceMask | 0xFF << 32

    /// The end of the run of unchanged cells starting at column `start` (the cursor's column)
    /// when rewriting them is shorter than moving over them: the next marked column or the row's
    /// EL column `erase` (whichever comes first), if `group` draws it, the cells before it are
    /// scalar glyphs the pen already draws and their UTF-8 is shorter than the CUF to it.
    /// Otherwise nil.
    ///
    /// - Complexity: O(1): the scan stops once the bytes reach the longest CUF it could beat.
    func rewritableGap(
        from start: Int, row: Int, width: Int, erase: Int, cells: UnsafeBufferPointer<Cell>,
        marks: UnsafeMutableBufferPointer<Bool>, group: PenGroup
    ) -> Int? {
        var x = start
        var gapBytes = 0
        while x < width {
            let cell = x < erase ? cells[row + x] : .blank
            if x >= erase || marks[row + x] {
                guard group.admits(cell, plainSpace: Pen.isPlainSpace(cell)) else { return nil }
                return gapBytes < EscapeSequence.cursorForward(x - start).byteCount ? x : nil
            }
            let glyph = cell.glyph
            guard cell.width != 0, glyph < GlyphTable.firstInternedID, sgr.penMatches(cell) else { return nil }
            gapBytes += ByteSink.utf8Length(of: glyph)
            // A CUF of under 1000 columns is at most 6 bytes; the gap cannot beat it past that.
            if gapBytes >= 6 { return nil }
            x += Int(cell.width)
        }
        return nil
    }
}
