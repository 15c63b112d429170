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
    @inline(never)
    mutating func drawSlow(
        _ cell: Cell, x: Int, y: Int, regionWidth: Int,
        sink: inout ByteSink, bytes: inout [UInt8]
    ) {
        sink.reserve(ByteSink.escapeRoom, flushingTo: &bytes)
        if cursorRow != y || cursorColumn != x { move(toX: x, y: y, sink: &sink) }
        if !sgr.penMatches(cell) { sgr.changePen(cell, sink: &sink) }
        if cell.glyph < GlyphTable.firstInternedID {
            sink.writeScalarUTF8(cell.glyph, flushingTo: &bytes)
        } else {
            sink.flush(to: &bytes)
            glyphs.appendUTF8(of: cell.glyph, to: &bytes)
        }
        let next = x + Int(cell.width)
        cursorColumn = next >= regionWidth ? nil : next
    }

    /// Erases from (x, y) to the end of the line with EL 0, after a cursor move (also out of the
    /// pending-wrap state, where the column is unknown) and an SGR when the pen's background is
    /// not the default or it has underline or reverse. The cursor stays at x.
    mutating func eraseToEndOfLine(x: Int, y: Int, sink: inout ByteSink, bytes: inout [UInt8]) {
        sink.reserve(ByteSink.escapeRoom + EscapeSequence.maximumByteCount, flushingTo: &bytes)
        if cursorRow != y || cursorColumn != x { move(toX: x, y: y, sink: &sink) }
        if !sgr.penMatches(.blank) { sgr.changePen(.blank, sink: &sink) }
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
        if !sgr.penMatches(cell) { sgr.changePen(cell, sink: &sink) }
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
        switch choice.kind {
        case .none:
            break
        case .position:
            if case .absolute(let originRow, let originColumn) = mode {
                sink.write(.cursorPosition(row: originRow + y + 1, column: originColumn + x + 1))
            }
        case .relative:
            if rowDelta > 0 {
                sink.write(.cursorDown(rowDelta))
            } else if rowDelta < 0 {
                sink.write(.cursorUp(-rowDelta))
            }
            let columnDelta = x - (cursorColumn ?? x)
            if columnDelta > 0 {
                sink.write(.cursorForward(columnDelta))
            } else if choice.backspaces > 0 {
                for _ in 0..<choice.backspaces { sink.write(.backspace) }
            } else if columnDelta < 0 {
                sink.write(.cursorBackward(-columnDelta))
            }
        case .carriageReturn:
            sink.write(.carriageReturn)
            if choice.lineFeeds > 0 {
                for _ in 0..<choice.lineFeeds { sink.write(.lineFeed) }
            } else if rowDelta > 0 {
                sink.write(.cursorDown(rowDelta))
            } else if rowDelta < 0 {
                sink.write(.cursorUp(-rowDelta))
            }
            var leftMargin = 0
            if case .absolute(_, let originColumn) = mode { leftMargin = originColumn }
            if leftMargin + x > 0 { sink.write(.cursorForward(leftMargin + x)) }
        }
        cursorRow = y
        cursorColumn = x
    }
}
