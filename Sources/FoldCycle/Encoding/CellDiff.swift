/// Which cells of a frame ``ANSIEncoder/encodeDiff(previous:current:into:)`` redraws: the cells
/// that changed plus the repairs terminals need around wide clusters, one mark per cell, and for
/// each row with marks the span they lie in (a ``PendingRow``). Also where a row's trailing
/// default blanks start, which both frame encoders erase with EL instead of drawing.
///
/// The repairs: the lead of a changed continuation; the cell after a wide cluster that a narrow
/// glyph replaces (terminals blank the other half of a wide character that is half
/// overwritten); the lead before a continuation that is overwritten. Continuation cells are
/// never written themselves (a marked one is drawn with its lead).
enum CellDiff {
    /// Marks the cells to redraw in every row of two frames of `width` × `height` cells
    /// (``markDirty(old:new:row:width:marks:)``) and appends a ``PendingRow`` to `rows` for each
    /// row with marks, top to bottom.
    ///
    /// - Parameters:
    ///   - old: the frame on screen, row-major, `width * height` cells.
    ///   - new: the frame to draw, the same size.
    ///   - marks: one mark per cell, all written.
    ///   - rows: appended to.
    /// - Complexity: O(width × height).
    static func markFrame(
        old: UnsafeBufferPointer<Cell>, new: UnsafeBufferPointer<Cell>, width: Int, height: Int,
        marks: UnsafeMutableBufferPointer<Bool>, rows: inout [PendingRow]
    ) {
        for y in 0..<height {
            if let span = markDirty(old: old, new: new, row: y * width, width: width, marks: marks) {
                let blanks = trailingBlanksStart(new, row: y * width, width: width)
                rows.append(
                    PendingRow(
                        y: y, start: span.lowerBound, end: span.upperBound,
                        erase: blanks < span.upperBound ? blanks : width))
            }
        }
    }

    /// Marks `marks[row + x]` for the cells of one row to redraw; returns the span of marked
    /// columns, or nil when none is marked.
    ///
    /// The repairs (see ``CellDiff``) take two linear passes: left to right, a lead counts as
    /// changed when its continuation did, and a changed cell over an old wide lead marks the
    /// cell after it (which may chain rightwards); right to left, a changed continuation, or a
    /// changed cell over an old continuation, marks the cell before it (which may chain
    /// leftwards). A mark made leftwards never calls for one rightwards that is not already
    /// made: the cell after it is the changed cell that made it, or that cell's lead. Both
    /// passes are skipped for a row where no cell, old or new, is wide.
    ///
    /// - Parameters:
    ///   - old: the frame on screen.
    ///   - new: the frame to draw (the same size).
    ///   - row: the index of the row's first cell (`y * width`).
    ///   - width: the row's length in cells.
    ///   - marks: one mark per cell; the row's `width` marks are all written.
    /// - Complexity: O(width): an unchanged row costs one branch-free pass of word compares
    ///   (cells are 16 bytes with no padding) that writes false marks; a changed row up to three.
    static func markDirty(
        old: UnsafeBufferPointer<Cell>, new: UnsafeBufferPointer<Cell>,
        row: Int, width: Int, marks: UnsafeMutableBufferPointer<Bool>
    ) -> Range<Int>? {
        guard let base = marks.baseAddress, let oldRow = old.baseAddress, let newRow = new.baseAddress else {
            return nil
        }
        let dirty = base + row
        let oldCells = oldRow + row
        let newCells = newRow + row
        // One pass marks the changed cells (an unchanged row's marks stay false) and ORs the
        // differences, and (width ^ 1) over both rows: nonzero when a cell is wide.
        var difference: UInt64 = 0
        var wide: UInt64 = 0
        for x in 0..<width {
            let before = oldCells[x]
            let after = newCells[x]
            let changed = (before.low ^ after.low) | (before.high ^ after.high)
            dirty[x] = changed != 0
            difference |= changed
            wide |= (before.high ^ 1 << 32) | (after.high ^ 1 << 32)
        }
        guard difference != 0 else { return nil }
        if wide & 0xFF << 32 != 0 {
            var x = 0
            while x < width {
                let newWidth = newCells[x].width
                if newWidth <= 1 {
                    // Narrow (a stray continuation counts as narrow): only the repair below.
                    if dirty[x] && x &+ 1 < width && oldCells[x].width == 2 { dirty[x &+ 1] = true }
                    x &+= 1
                    continue
                }
                let end = x + Int(newWidth)
                if newWidth == 2 && end <= width && dirty[x + 1] { dirty[x] = true }
                // Writing over the lead of an old wide glyph blanks its trailing half.
                if dirty[x] && end <= width && oldCells[end - 1].width == 2 && end < width { dirty[end] = true }
                x = end
            }
            x = width - 1
            while x > 0 {
                // A changed continuation needs its lead; writing over the trailing half of an old
                // wide glyph blanks its lead.
                if dirty[x] && (newCells[x].width == 0 || oldCells[x].width == 0) { dirty[x - 1] = true }
                x -= 1
            }
        }
        var first = 0
        while !dirty[first] { first += 1 }
        var end = width
        while !dirty[end - 1] { end -= 1 }
        return first..<end
    }

    /// The column from which every cell of the row at `row` is a default blank (``Cell/blank``),
    /// or `width` when its last cell is not one.
    ///
    /// - Complexity: O(length of the trailing run).
    @inline(__always)
    static func trailingBlanksStart(_ cells: UnsafeBufferPointer<Cell>, row: Int, width: Int) -> Int {
        let blank = Cell.blank
        var start = width
        while start > 0 {
            let cell = cells[row + start - 1]
            guard cell.low == blank.low, cell.high == blank.high else { break }
            start -= 1
        }
        return start
    }
}

/// A row with marked cells, and the span of columns they lie in: what is left of it to draw
/// while ``ANSIEncoder/encodeDiff(previous:current:into:)`` makes its drawing passes
/// (``ANSIEncoder/drawRow(_:group:width:cells:marks:sink:bytes:)`` narrows it).
struct PendingRow: Equatable {
    /// The row (0-based, region-relative).
    var y: Int
    /// The first column still to draw.
    var start: Int
    /// One past the last column still to draw.
    var end: Int
    /// The first of the row's trailing default blanks when one of them is marked (they are
    /// erased with EL from there, not drawn), or the row's width.
    var erase: Int
    /// A column from which every cell up to `end` is in ``tailBackground`` and whose cell a
    /// pass deferred (so it is marked and not a continuation), or -1. A later pass that has
    /// drawn a cell in another background defers the cells from there to `end` without
    /// scanning them again.
    var tail = -1
    /// The background of the cells from ``tail`` on (packed).
    var tailBackground: UInt32 = 0
}
