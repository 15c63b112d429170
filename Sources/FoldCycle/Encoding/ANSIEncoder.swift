/// Encodes ``CellBuffer`` frames as terminal bytes: whole frames or only the cells that changed,
/// with minimal SGR changes and the shortest cursor moves. With its parts in `Encoding/`
/// (``CellDiff``: which cells changed; ``CursorMove``: the shortest moves; ``SGRState``: pen
/// changes; the drawing passes; ``ByteSink``: the bytes), the only writer of escape bytes
/// besides ``EscapeSequence``.
///
/// Every frame is wrapped in synchronized output (`CSI ?2026h` … `CSI ?2026l`) and ends with
/// an SGR reset (`CSI 0m`), so the terminal is left in its default rendition between frames.
///
/// The encoder is stateful: it tracks the cursor position it leaves behind (relative to the
/// region's top-left) and the current rendition (the "pen"), so the next frame starts from
/// what the terminal really shows. Bytes are appended to a caller-owned array; after the first
/// frames no call allocates: glyphs, cursor moves and SGRs are written through a pointer into a
/// 1 KiB stack block that is appended a block at a time, and the diff's marks (a bit per cell),
/// spans and passes are reused arrays.
///
/// A plain space (U+0020 without underline or reverse) shows neither its foreground nor bold,
/// dim or italic, so for such a cell only the background (and the absence of underline and
/// reverse) must match the pen: text runs separated by padding need no SGR at all. SGRs change
/// only what differs (`22`/`23`/`24`/`27` turn attributes off) unless a reset is shorter.
///
/// A row's trailing default blanks are erased with EL 0 (`CSI K`) in the default background
/// rather than written as spaces, so terminals that rewrap lines on resize see each row end at
/// its last visible cell. EL reaches the terminal's right edge: the region's rows must belong to
/// FoldCycle up to that edge (inline mode reserves whole lines; absolute mode draws the whole
/// screen), even when the frame is narrower.
///
/// - Important: after the last column of a row the cursor column is treated as unknown: if the
///   region reaches the terminal's right margin the terminal is in the "pending wrap" state
///   (VT100), so the next move starts with CR (inline) or CUP (absolute). No byte ever prints
///   and no erase (ECH, EL) or relative move (CUF, CUB, BS) is written in that state, so output
///   never wraps. Nothing scrolls either: a frame's LFs (cursor moves down to a row) follow a CR
///   and only reach the region's rows, which are all on screen (inline mode reserves them;
///   absolute mode draws on the screen), and outside a frame the encoder writes no LF.
package struct ANSIEncoder: Sendable {
    /// How the cursor is positioned.
    package enum Mode: Hashable, Sendable {
        /// A region of rows in the normal screen, redrawn in place with relative moves only
        /// (CR, LF, CUU, CUD, CUF, CUB, BS; nothing that scrolls). LF is written only inside a
        /// frame, right after a CR, from a region row to a region row below it: the region's
        /// rows are reserved on screen beforehand, so it never starts on the bottom margin. The
        /// region's top-left is (0, 0); the cursor must be there before the first frame.
        case inline
        /// The region's top-left is at a 0-based screen position (e.g. (0, 0) on the alternate
        /// screen); the first move of a frame with an unknown cursor is a CUP.
        case absolute(originRow: Int, originColumn: Int)
    }

    /// The cursor-positioning mode.
    package let mode: Mode
    /// The colour depth SGR colours are downsampled to; ``ColorDepth/none`` writes no colour.
    package var depth: ColorDepth { sgr.depth }
    /// Whether cells' links (``Cell/linkID``) are written as OSC 8 hyperlinks: opened before the
    /// first cell of a link, closed (or replaced) before the first cell after it, and closed at
    /// every frame's end. Off by default: only a terminal known to take OSC 8 gets it.
    package var hyperlinks: Bool {
        get { sgr.hyperlinks }
        set { sgr.hyperlinks = newValue }
    }
    /// The table glyph ids refer to.
    package let glyphs: GlyphTable

    /// The cursor's row relative to the region (nil when unknown).
    package internal(set) var cursorRow: Int?
    /// The cursor's column relative to the region (nil when unknown, e.g. after the last column).
    package internal(set) var cursorColumn: Int?
    /// The rows of the frame being encoded (the region's), which a move may reach with LF; 0
    /// outside a frame, where moves (``moveCursor(toRow:column:into:)``, which may leave the
    /// region) use no LF.
    var lineFeedRows = 0

    /// Whether the terminal has columns right of the frame that belong to the region (an inline
    /// region narrower than the terminal, whose rows it owns up to the right edge, as EL assumes):
    /// there a disputed cluster's overflow past the frame's right edge is erased with EL. False
    /// (the default) when the frame's right edge is the terminal's, or may be: autowrap off then
    /// clips the overflow, and an EL moved to a column past the edge would land on the frame's
    /// last cell instead. ``TerminalRegion`` sets it from the terminal's width when known.
    package var columnsBeyondFrame = false
    /// Whether this frame turned autowrap off (for a disputed cluster); the frame's end turns it
    /// back on.
    var autowrapIsOff = false

    /// The current rendition (the pen, nil when unknown) and the SGRs that change it.
    var sgr: SGRState
    /// The diff's marks, spans and passes, reused from frame to frame.
    private var scratch = DiffScratch()
    /// The move search's hashes, moved screen and second encoding, reused from frame to frame.
    private var moves = MoveScratch()
    /// Whether ``encodeDiff(previous:current:into:)`` may send line and character moves (IL, DL,
    /// ICH, DCH) when they make the frame shorter: on by default; off gives the cell-diff
    /// encoding alone (for the bench's comparison).
    package var usesMoves = true
    /// Whether the diff writes a run of one narrow glyph as the glyph and REP (`CSI n b`,
    /// ``EscapeSequence/repeatCharacter(_:)``) where that is shorter (``RepeatRuns``). Off by
    /// default: only a terminal known to take REP gets it (docs/decisions/0255). The whole-frame
    /// encoder never writes REP.
    package var repeats = false
    /// Whether the terminal's ECH (`CSI n X`) is taken to count characters where a row holds wide
    /// ones (mlterm 3.9.0 erases fewer cells there, ``WideErase``): the diff then erases no run
    /// whose cells on screen hold a wide character with ECH, and writes its spaces instead. Off
    /// by default (docs/decisions/0256).
    package var erasesByCharacters = false

    /// Creates an encoder.
    ///
    /// - Parameters:
    ///   - mode: ``Mode/inline`` (cursor assumed at the region's top-left) or
    ///     ``Mode/absolute(originRow:originColumn:)`` (cursor unknown until the first CUP).
    ///   - depth: the output's colour depth.
    ///   - glyphs: the glyph table of the buffers' cells, default ``GlyphTable/shared``.
    ///   - hyperlinks: whether links are written as OSC 8 (``hyperlinks``).
    package init(mode: Mode, depth: ColorDepth, glyphs: GlyphTable = .shared, hyperlinks: Bool = false) {
        self.mode = mode
        self.glyphs = glyphs
        switch mode {
        case .inline:
            cursorRow = 0
            cursorColumn = 0
        case .absolute:
            cursorRow = nil
            cursorColumn = nil
        }
        sgr = SGRState(depth: depth, hyperlinks: hyperlinks)
    }

    /// Forgets the cursor column and the pen (e.g. after other output was written to the
    /// terminal): the next frame starts with CR (inline) or CUP (absolute) and an SGR reset.
    /// In inline mode the row is kept, since only the caller's own writes can change it.
    package mutating func invalidate() {
        cursorColumn = nil
        sgr.pen = nil
        if case .absolute = mode { cursorRow = nil }
    }

    // MARK: - Frames

    /// Appends a frame that draws every cell of `buffer`.
    ///
    /// A row that ends with default blanks (``Cell/blank``: a space in the default colours with
    /// no attributes) is drawn up to the first of them, which is erased to the end of the line
    /// with EL 0 (``EscapeSequence/eraseToEndOfLine``) in the default background instead of being
    /// written as spaces: terminals that rewrap lines on resize (tmux, VTE, kitty, iTerm2) then
    /// see the row end at its last visible cell. EL erases up to the terminal's right margin, past
    /// the buffer's width: this assumes the region's rows belong to FoldCycle up to the right
    /// edge, as they do (inline mode reserves whole lines; absolute mode draws the whole screen).
    ///
    /// - Parameters:
    ///   - buffer: the frame.
    ///   - bytes: the caller's output buffer, appended to.
    package mutating func encodeFull(_ buffer: CellBuffer, into bytes: inout [UInt8]) {
        // The move search's row hashes are of the last diff's frame, no longer on screen.
        moves.hashedScreen = 0
        lineFeedRows = buffer.height
        defer { lineFeedRows = 0 }
        bytes.reserveCapacity(bytes.count + 64 + buffer.cells.count * 4)
        EscapeSequence.beginSynchronizedUpdate.append(to: &bytes)
        buffer.cells.withUnsafeBufferPointer { cells in
            ByteSink.withSink(flushingTo: &bytes) { sink, bytes in
                let width = buffer.width
                for y in 0..<buffer.height {
                    drawWholeRow(y, width: width, cells: cells, sink: &sink, bytes: &bytes)
                }
            }
        }
        endFrame(into: &bytes)
    }

    /// Draws every cell of row `y` of a frame `width` cells wide, left to right, as
    /// ``encodeFull(_:into:)`` draws its rows: glyphs from the first column, the trailing default
    /// blanks erased with EL, a disputed cluster's possible overrun past the frame's right edge
    /// erased when ``columnsBeyondFrame``. Also the diff's way to draw a row with a changed
    /// disputed cluster (everything after such a cluster is drawn after it, so whatever width a
    /// terminal gives it, the row ends right).
    mutating func drawWholeRow(
        _ y: Int, width: Int, cells: UnsafeBufferPointer<Cell>, sink: inout ByteSink, bytes: inout [UInt8]
    ) {
        let row = y * width
        // The row's trailing default blanks, from `end` on, are erased with one EL.
        let end = CellDiff.trailingBlanksStart(cells, row: row, width: width)
        var x = 0
        // One past the last column a disputed cluster may have overrun (cells are drawn left to
        // right, so the ones after it are redrawn anyway).
        var overrun = 0
        while x < end {
            let cell = cells[row + x]
            if cell.width == 0 {
                x += 1
                continue
            }
            draw(cell, x: x, y: y, regionWidth: width, sink: &sink, bytes: &bytes)
            if GlyphTable.isDisputed(cell.glyph) {
                // The cursor column is unknown: no run without a move.
                overrun = max(overrun, x + glyphs.widestAdvance(of: cell.glyph))
                x += Int(cell.width)
                continue
            }
            x += Int(cell.width)
            // The cursor is at x: draw the cells after it that draw(_:...) would draw without a
            // move or an SGR (scalar glyphs the pen draws) in one loop.
            guard let base = cells.baseAddress, x < end else { continue }
            let runStart = x
            x = Self.writePenRun(
                base + row, from: x, to: end, penHigh: sgr.penHigh, penForeground: sgr.penForeground, sink: &sink,
                bytes: &bytes)
            if x != runStart { cursorColumn = x >= width ? nil : x }
        }
        if end < width {
            eraseToEndOfLine(x: end, y: y, sink: &sink, bytes: &bytes)
        } else if overrun > width && columnsBeyondFrame {
            // A disputed cluster near the right edge may have run past the frame.
            eraseToEndOfLine(x: width, y: y, sink: &sink, bytes: &bytes)
            cursorColumn = nil
        }
    }

    /// Writes the glyphs of `cells[start..<end]` (the cursor at `start`) while each is one that
    /// ``draw(_:x:y:regionWidth:sink:bytes:)`` would draw with no move and no SGR: a scalar glyph
    /// (not a continuation) in the pen's rendition (`penHigh`, `penForeground`: see
    /// ``SGRState``), or a plain space in the pen's background when the pen has neither underline
    /// nor reverse. Returns the column after the last cell written.
    ///
    /// - Complexity: O(run), a few instructions a cell: the full frame's common case.
    @inline(never)
    static func writePenRun(
        _ cells: UnsafePointer<Cell>, from start: Int, to end: Int, penHigh: UInt64, penForeground: UInt32,
        sink: inout ByteSink, bytes: inout [UInt8]
    ) -> Int {
        let rendition = penHigh & Pen.renditionMask
        let foreground = UInt64(penForeground)
        // A plain narrow space in the pen's background (the pen known, with neither underline nor
        // reverse): these bits of its `high` word (width 1).
        let spaceHigh =
            penHigh & Pen.plainSpaceMask & ~PenKey.plainBits == 0 ? penHigh & PenKey.plainBits | 1 << 32 : ~0
        var x = start
        while x < end {
            let chunkEnd = min(end, x &+ 128)
            sink.reserve(4 &* (chunkEnd &- x) &+ 4, flushingTo: &bytes)
            // The sink's block and count in locals for the loop (the sink is not touched in it).
            let block = sink.block.baseAddress.unsafelyUnwrapped
            var count = sink.count
            defer { sink.count = count }
            while x < chunkEnd {
                let cell = cells[x]
                let high = cell.high
                let low = cell.low
                let glyph = UInt32(truncatingIfNeeded: low)
                let admitted =
                    (high & Pen.renditionMask ^ rendition) | (low >> 32 ^ foreground) == 0
                    || glyph == 0x20 && high & RowCutter.spaceBits == spaceHigh
                guard admitted, high & 0xFF_0000_0000 != 0, glyph < GlyphTable.firstInternedID else { return x }
                count &+= ByteSink.writeUTF8Unchecked(of: glyph, to: block + count)
                x &+= Int(truncatingIfNeeded: high >> 32 & 0xFF)
            }
        }
        return x
    }

    /// Appends a frame that draws only the cells of `current` that differ from `previous`
    /// (which must be what the terminal shows), or nothing at all when none differ.
    ///
    /// Changed cells as the output shows them (``CellDiff``), with the repairs wide clusters
    /// need, cut into one-pen spans (``DiffSpan``: glyphs, clusters, ECH, EL) and drawn in the
    /// cheaper of two orders (``DrawPasses``); a row with a changed cluster of disputed width is
    /// drawn whole. Which cells, why the order is free, and what ECH and EL assume:
    /// docs/DESIGN.md#encoding.
    ///
    /// - Parameters:
    ///   - previous: the frame on screen. When its size differs from `current`'s, the whole of
    ///     `current` is drawn (``encodeFull(_:into:)``).
    ///   - current: the new frame.
    ///   - bytes: the caller's output buffer, appended to.
    ///
    /// - Complexity: O(cells) for the compare (two word compares and a bit per cell), plus per
    ///   changed row a scan of the span of its marked cells, plus one write per redrawn cell.
    package mutating func encodeDiff(previous: CellBuffer, current: CellBuffer, into bytes: inout [UInt8]) {
        guard previous.width == current.width, previous.height == current.height else {
            encodeFull(current, into: &bytes)
            return
        }
        let width = current.width
        let height = current.height
        guard width > 0, height > 0 else { return }
        lineFeedRows = height
        defer { lineFeedRows = 0 }
        // The diff's scratch lives in a local while this frame is encoded, so that `draw`
        // (mutating) and its pointers do not overlap accesses to `self` (swapped, not copied: no
        // array of its is retained or released). The move search's scratch is searched in place;
        // it is swapped out only for a frame encoded twice.
        var scratch = DiffScratch()
        swap(&scratch, &self.scratch)
        let depth = self.depth
        let searches = usesMoves
        let repeats = self.repeats
        let erasesByCharacters = self.erasesByCharacters
        let lines = linesMayMove
        previous.cells.withUnsafeBufferPointer { old in
            current.cells.withUnsafeBufferPointer { new in
                guard let oldBase = old.baseAddress, let newBase = new.baseAddress else { return }
                // The cell diff's spans are cut once: the move search reads the rows it found
                // changed, and a frame with moves is weighed against these spans.
                scratch.prepare(width: width, height: height)
                scratch.collectSpans(
                    old: oldBase, new: newBase, width: width, height: height, depth: depth, repeats: repeats,
                    erasesByCharacters: erasesByCharacters)
                if searches, scratch.changedRowCount > 0,
                    self.moves.plan(
                        old: oldBase, new: newBase, width: width, height: height,
                        changed: scratch.changedRows, changedRows: scratch.changedRowCount,
                        firstChanges: scratch.firstChanges, changeEnds: scratch.changeEnds, lines: lines),
                    self.moves.estimatedSaving(old: oldBase, new: newBase, width: width, height: height) > 0
                {
                    var moves = MoveScratch()
                    swap(&moves, &self.moves)
                    moves.buildShifted(old: oldBase, width: width, height: height)
                    encodeCheaper(
                        new: new, width: width, height: height, scratch: &scratch, moves: &moves,
                        into: &bytes)
                    swap(&moves, &self.moves)
                } else {
                    emitChanges(new: new, width: width, moves: nil, scratch: &scratch, into: &bytes)
                }
            }
        }
        swap(&scratch, &self.scratch)
    }

    /// Encodes the changes from `old` (the frame on screen, or what the moves leave of it) to
    /// `new` as a frame: the moves first (``writeMoves(_:width:into:)``), then the changed cells
    /// in the cheaper of two orders; nothing when there is neither.
    mutating func encodeChanges(
        old: UnsafePointer<Cell>, new: UnsafeBufferPointer<Cell>, width: Int, height: Int, moves: MoveScratch?,
        scratch: inout DiffScratch, into bytes: inout [UInt8]
    ) {
        guard let newBase = new.baseAddress else { return }
        scratch.prepare(width: width, height: height)
        scratch.collectSpans(
            old: old, new: newBase, width: width, height: height, depth: depth, repeats: repeats,
            erasesByCharacters: erasesByCharacters)
        emitChanges(new: new, width: width, moves: moves, scratch: &scratch, into: &bytes)
    }

    /// Writes the frame whose spans `scratch` holds (``DiffScratch/collectSpans(old:new:width:height:depth:)``
    /// from the screen, or what `moves` leave of it, to `new`): the moves first
    /// (``writeMoves(_:width:into:)``), then the spans in the cheaper of two orders and the rows
    /// drawn whole; nothing when there is neither a span nor a move.
    mutating func emitChanges(
        new: UnsafeBufferPointer<Cell>, width: Int, moves: MoveScratch?, scratch: inout DiffScratch,
        into bytes: inout [UInt8]
    ) {
        guard !scratch.spans.isEmpty || !scratch.wholeRows.isEmpty || moves != nil else { return }
        let depth = self.depth
        EscapeSequence.beginSynchronizedUpdate.append(to: &bytes)
        if let moves { writeMoves(moves, width: width, into: &bytes) }
        scratch.passes.plan(
            spans: scratch.spans, keys: scratch.keys, width: width, cursorRow: cursorRow,
            cursorColumn: cursorColumn, mode: mode, lineFeedRows: lineFeedRows, depth: depth)
        scratch.glyphs.bytes.withUnsafeBufferPointer { stream in
            ByteSink.withSink(flushingTo: &bytes) { sink, bytes in
                for index in scratch.passes.order {
                    let index = Int(index)
                    draw(
                        scratch.spans[index], pass: scratch.keys[scratch.passes.passes[index]], width: width,
                        glyphs: stream, cells: new, sink: &sink, bytes: &bytes)
                }
                for y in scratch.wholeRows {
                    drawWholeRow(Int(y), width: width, cells: new, sink: &sink, bytes: &bytes)
                }
            }
        }
        endFrame(into: &bytes)
    }

    // MARK: - Cursor

    /// Appends the shortest cursor move (``CursorMove``; no LF, since it is outside a frame) to a
    /// 0-based region-relative position (for callers that leave the cursor below the region,
    /// say), and tracks it.
    package mutating func moveCursor(toRow row: Int, column: Int, into bytes: inout [UInt8]) {
        ByteSink.withSink(flushingTo: &bytes) { sink, _ in
            // The sink is empty: it has room for any move.
            move(toX: column, y: row, sink: &sink)
        }
    }

    // MARK: - Frame end

    /// Ends a frame: the open hyperlink closed (OSC 8, so no link is ever left open between
    /// frames or at exit), SGR reset (the pen is then the default rendition) and the end of
    /// synchronized output.
    mutating func endFrame(into bytes: inout [UInt8]) {
        if let link = sgr.pen?.link, link != 0 {
            if sgr.hyperlinks { bytes += EscapeSequence.closeHyperlink }
            sgr.pen?.link = 0
        }
        if autowrapIsOff {
            EscapeSequence.enableAutowrap.append(to: &bytes)
            autowrapIsOff = false
        }
        EscapeSequence.resetAttributes.append(to: &bytes)
        sgr.pen = Pen.initial
        EscapeSequence.endSynchronizedUpdate.append(to: &bytes)
    }
}
