// MARK: - Drawing one cell or one erase

extension ANSIEncoder {
    /// Draws one cell: the glyph's UTF-8 into the sink, after a cursor move and an SGR when
    /// needed. The common case (cursor in place, pen matching, a scalar glyph) is inlined; the
    /// rest goes through ``drawSlow(_:x:y:regionWidth:sink:bytes:)``.
    @inline(__always)
    mutating func draw(
        _ cell: Cell, x: Int, y: Int, regionWidth: Int,
        sink: inout ByteSink, bytes: inout [UInt8]
    ) {
        let glyph = cell.glyph
        guard cursorColumn == x, cursorRow == y, glyph < GlyphTable.firstInternedID, sgr.penMatches(cell) else {
            drawSlow(cell, x: x, y: y, regionWidth: regionWidth, sink: &sink, bytes: &bytes)
            return
        }
        sink.writeScalarUTF8(glyph, flushingTo: &bytes)
        let next = x + Int(cell.width)
        cursorColumn = next >= regionWidth ? nil : next
    }

    /// ``draw(_:x:y:regionWidth:sink:bytes:)`` with a cursor move, a pen change or an interned
    /// glyph: the move and the SGR are written into the sink too; an interned glyph's bytes are
    /// appended to `bytes` after flushing the sink.
    ///
    /// A cluster of disputed width (``GlyphTable/isDisputed(_:)``) is drawn so that any width a
    /// terminal gives it leaves the cells around it as they should be (docs/DESIGN.md#disputed-widths):
    /// autowrap is turned off for the rest of the frame (an overflow at the right margin is clipped,
    /// never wrapped or scrolled); a 2-cell cluster's cells are erased first (a terminal that
    /// advances 1 leaves no stale half); and afterwards the cursor column counts as unknown, so
    /// the next move starts from CR (inline) or CUP (absolute) rather than from wherever the
    /// terminal's advance put it. The caller redraws the cells the cluster may have overrun
    /// (``repairAfterDisputed(at:width:y:row:regionWidth:erase:cells:marks:pending:sink:bytes:)``).
    @inline(never)
    mutating func drawSlow(
        _ cell: Cell, x: Int, y: Int, regionWidth: Int,
        sink: inout ByteSink, bytes: inout [UInt8]
    ) {
        sink.reserve(ByteSink.escapeRoom, flushingTo: &bytes)
        if cursorRow != y || cursorColumn != x { move(toX: x, y: y, sink: &sink) }
        let disputed = GlyphTable.isDisputed(cell.glyph)
        if disputed {
            if !autowrapIsOff {
                sink.write(.disableAutowrap)
                autowrapIsOff = true
            }
            if cell.width == 2 {
                // ECH needs a pen without underline or reverse: a plain space in the background.
                let space = Cell.space(background: cell.background)
                if !sgr.penMatches(space) { sgr.changePen(space, sink: &sink, bytes: &bytes) }
                sink.write(.eraseCharacters(2))
                sink.reserve(ByteSink.escapeRoom, flushingTo: &bytes)
            }
        }
        if !sgr.penMatches(cell) { sgr.changePen(cell, sink: &sink, bytes: &bytes) }
        if cell.glyph < GlyphTable.firstInternedID {
            sink.writeScalarUTF8(cell.glyph, flushingTo: &bytes)
        } else {
            sink.flush(to: &bytes)
            glyphs.appendUTF8(of: cell.glyph, to: &bytes)
        }
        let next = x + Int(cell.width)
        cursorColumn = disputed || next >= regionWidth ? nil : next
    }

    /// Redraws, after a disputed cluster drawn at column `x` of row `y` (`width` cells, 1 or 2),
    /// the cells up to ``GlyphTable/widestAdvance(of:)`` columns from `x` that a terminal
    /// advancing further may have overwritten (tmux draws a skin-toned emoji as its base and the
    /// modifier, 2 + 2 cells; pyte a ZWJ family as each member; a disputed cell among them
    /// extends the span), unmarking
    /// them; the row's trailing default blanks, when reached, are erased with one EL from `erase`
    /// (which also clears any overflow to the right margin). When the span passes the frame's
    /// right edge and the terminal has columns there (``columnsBeyondFrame``), they are erased
    /// with EL too, and the cursor column counts as unknown (a terminal exactly as wide clamps the
    /// move). Returns the column to go on from.
    mutating func repairAfterDisputed(
        at x: Int, width: Int, y: Int, row: Int, regionWidth: Int, erase: Int,
        cells: UnsafeBufferPointer<Cell>, marks: UnsafeMutableBufferPointer<Bool>?, pending: inout Int,
        sink: inout ByteSink, bytes: inout [UInt8]
    ) -> Int {
        var limit = x + glyphs.widestAdvance(of: cells[row + x].glyph)
        var column = x + width
        while column < min(limit, regionWidth) {
            if column >= erase {
                eraseToEndOfLine(x: erase, y: y, sink: &sink, bytes: &bytes)
                if let marks { for index in erase..<regionWidth { marks[row + index] = false } }
                pending = regionWidth
                return regionWidth
            }
            let next = cells[row + column]
            let step = max(Int(next.width), 1)
            if let marks { for index in column..<min(column + step, regionWidth) { marks[row + index] = false } }
            draw(next, x: column, y: y, regionWidth: regionWidth, sink: &sink, bytes: &bytes)
            if GlyphTable.isDisputed(next.glyph) { limit = max(limit, column + glyphs.widestAdvance(of: next.glyph)) }
            column += step
        }
        if limit > regionWidth && columnsBeyondFrame {
            eraseToEndOfLine(x: regionWidth, y: y, sink: &sink, bytes: &bytes)
            cursorColumn = nil
        }
        return column
    }

    /// Erases from (x, y) to the end of the line with EL 0, after a cursor move (also out of the
    /// pending-wrap state, where the column is unknown) and an SGR when the pen's background is
    /// not the default or it has underline or reverse. The cursor stays at x.
    mutating func eraseToEndOfLine(x: Int, y: Int, sink: inout ByteSink, bytes: inout [UInt8]) {
        sink.reserve(ByteSink.escapeRoom + EscapeSequence.maximumByteCount, flushingTo: &bytes)
        if cursorRow != y || cursorColumn != x { move(toX: x, y: y, sink: &sink) }
        if !sgr.penMatches(.blank) { sgr.changePen(.blank, sink: &sink, bytes: &bytes) }
        sink.write(.eraseToEndOfLine)
    }

    /// Erases `count` cells from (x, y) with ECH in `cell`'s background (a plain space), after a
    /// cursor move and an SGR when needed. The cursor stays at x.
    mutating func erase(
        _ cell: Cell, x: Int, y: Int, count: Int, sink: inout ByteSink,
        bytes: inout [UInt8]
    ) {
        sink.reserve(ByteSink.escapeRoom + EscapeSequence.maximumByteCount, flushingTo: &bytes)
        if cursorRow != y || cursorColumn != x { move(toX: x, y: y, sink: &sink) }
        if !sgr.penMatches(cell) { sgr.changePen(cell, sink: &sink, bytes: &bytes) }
        sink.write(.eraseCharacters(count))
    }

    /// Writes the shortest move to (x, y) into the sink (which has ``ByteSink/escapeRoom``), as
    /// ``CursorMove/shortest(fromRow:column:toRow:column:mode:lineFeedRows:)`` chooses it from
    /// the tracked cursor (LF only inside a frame: ``lineFeedRows``), and tracks it.
    mutating func move(toX x: Int, y: Int, sink: inout ByteSink) {
        let choice = CursorMove.Choice(
            fromRow: cursorRow, column: cursorColumn, toRow: y, column: x, mode: mode, lineFeedRows: lineFeedRows)
        // The sequences of the chosen move, written straight from the comparison (the same as
        // ``CursorMove/shortest(fromRow:column:toRow:column:mode:lineFeedRows:)``'s).
        let rowDelta = y - (cursorRow ?? y)
        // Each sequence written as ``EscapeSequence/write(to:)`` writes it, without forming it.
        switch choice.kind {
        case .none:
            break
        case .position:
            if case .absolute(let originRow, let originColumn) = mode {
                sink.write(.cursorPosition(row: originRow + y + 1, column: originColumn + x + 1))
            }
        case .relative:
            if rowDelta > 0 {
                sink.writeCounted(rowDelta, final: UInt8(ascii: "B"))
            } else if rowDelta < 0 {
                sink.writeCounted(-rowDelta, final: UInt8(ascii: "A"))
            }
            let columnDelta = x - (cursorColumn ?? x)
            if columnDelta > 0 {
                sink.writeCounted(columnDelta, final: UInt8(ascii: "C"))
            } else if choice.backspaces > 0 {
                for _ in 0..<choice.backspaces { sink.writeByte(0x08) }
            } else if columnDelta < 0 {
                sink.writeCounted(-columnDelta, final: UInt8(ascii: "D"))
            }
        case .carriageReturn:
            sink.writeByte(0x0D)
            if choice.lineFeeds > 0 {
                for _ in 0..<choice.lineFeeds { sink.writeByte(0x0A) }
            } else if rowDelta > 0 {
                sink.writeCounted(rowDelta, final: UInt8(ascii: "B"))
            } else if rowDelta < 0 {
                sink.writeCounted(-rowDelta, final: UInt8(ascii: "A"))
            }
            var leftMargin = 0
            if case .absolute(_, let originColumn) = mode { leftMargin = originColumn }
            if leftMargin + x > 0 { sink.writeCounted(leftMargin + x, final: UInt8(ascii: "C")) }
        }
        cursorRow = y
        cursorColumn = x
    }
}
