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
/// 1 KiB stack block that is appended a block at a time, and the diff's per-row marks are a
/// reused array.
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
public struct ANSIEncoder: Sendable {
    /// How the cursor is positioned.
    public enum Mode: Hashable, Sendable {
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
    public let mode: Mode
    /// The colour depth SGR colours are downsampled to; ``ColorDepth/none`` writes no colour.
    public var depth: ColorDepth { sgr.depth }
    /// The table glyph ids refer to.
    public let glyphs: GlyphTable

    /// The cursor's row relative to the region (nil when unknown).
    public internal(set) var cursorRow: Int?
    /// The cursor's column relative to the region (nil when unknown, e.g. after the last column).
    public internal(set) var cursorColumn: Int?
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
    public var columnsBeyondFrame = false
    /// Whether this frame turned autowrap off (for a disputed cluster); the frame's end turns it
    /// back on.
    var autowrapIsOff = false

    /// The current rendition (the pen, nil when unknown) and the SGRs that change it.
    var sgr: SGRState
    /// The diff's marks, one per cell (all false between frames), reused.
    private var marks: [Bool] = []
    /// The diff's rows still to draw, reused.
    private var pendingRows: [PendingRow] = []

    /// Creates an encoder.
    ///
    /// - Parameters:
    ///   - mode: ``Mode/inline`` (cursor assumed at the region's top-left) or
    ///     ``Mode/absolute(originRow:originColumn:)`` (cursor unknown until the first CUP).
    ///   - depth: the output's colour depth.
    ///   - glyphs: the glyph table of the buffers' cells, default ``GlyphTable/shared``.
    public init(mode: Mode, depth: ColorDepth, glyphs: GlyphTable = .shared) {
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
        sgr = SGRState(depth: depth)
    }

    /// Forgets the cursor column and the pen (e.g. after other output was written to the
    /// terminal): the next frame starts with CR (inline) or CUP (absolute) and an SGR reset.
    /// In inline mode the row is kept, since only the caller's own writes can change it.
    public mutating func invalidate() {
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
    public mutating func encodeFull(_ buffer: CellBuffer, into bytes: inout [UInt8]) {
        lineFeedRows = buffer.height
        defer { lineFeedRows = 0 }
        bytes.reserveCapacity(bytes.count + 64 + buffer.cells.count * 4)
        EscapeSequence.beginSynchronizedUpdate.append(to: &bytes)
        buffer.cells.withUnsafeBufferPointer { cells in
            ByteSink.withSink(flushingTo: &bytes) { sink, bytes in
                let width = buffer.width
                for y in 0..<buffer.height {
                    let row = y * width
                    // The row's trailing default blanks, from `end` on, are erased with one EL.
                    let end = CellDiff.trailingBlanksStart(cells, row: row, width: width)
                    var x = 0
                    // One past the last column a disputed cluster may have overrun (cells are drawn
                    // left to right, so the ones after it are redrawn anyway).
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
                        // The cursor is at x: draw the cells after it that draw(_:...) would draw
                        // without a move or an SGR (scalar glyphs the pen draws) in one loop.
                        let penHigh = sgr.penHigh
                        let penForeground = sgr.penForeground
                        let runStart = x
                        while x < end {
                            let next = cells[row &+ x]
                            let high = next.high ^ penHigh
                            guard next.width != 0, next.glyph < GlyphTable.firstInternedID,
                                high & Pen.renditionMask == 0 && next.foregroundBits == penForeground
                                    || high & Pen.plainSpaceMask == 0 && Pen.isPlainSpace(next)
                            else { break }
                            sink.writeScalarUTF8(next.glyph, flushingTo: &bytes)
                            x &+= Int(next.width)
                        }
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
            }
        }
        endFrame(into: &bytes)
    }

    /// Appends a frame that draws only the cells of `current` that differ from `previous`
    /// (which must be what the terminal shows), or nothing at all when none differ.
    ///
    /// A cell is redrawn when it changed, plus the repairs terminals need: the lead of a changed
    /// continuation; the cell after a wide cluster that a narrow glyph replaces (terminals blank
    /// the other half of a wide character that is half overwritten); the lead before a
    /// continuation that is overwritten. Continuation cells are never written themselves.
    /// Unchanged cells between two redrawn ones in a row are rewritten instead of skipped when
    /// their glyph bytes are fewer than the cursor move over them and the pen already draws them.
    ///
    /// Order: at ``ColorDepth/truecolor`` and ``ColorDepth/ansi256`` the cells are drawn in
    /// passes, each pass row-major over what is left: a pass draws the cells in the colours of
    /// its first cell (a plain space only fixes the background) and leaves the others for a later
    /// pass, so a row that crosses several colour zones (a horizontal fold: outgoing card, edge
    /// column, incoming card) costs a cursor move per zone instead of a truecolor SGR per zone.
    /// After ``maximumGroupedPasses`` passes the rest is drawn in one row-major pass, as at the
    /// other depths. The order is free: the repairs above make every marked cell's final
    /// content independent of when it is drawn.
    ///
    /// A run of at least a few plain spaces in one background (see ``Pen/isPlainSpace(_:)``; the
    /// run may include unchanged ones) that ends at a redrawn cell is erased with ECH
    /// (``EscapeSequence/eraseCharacters(_:)``) when that and the cursor move over it are
    /// shorter than the spaces. This assumes background colour erase (BCE), which xterm, VTE,
    /// kitty, iTerm2, WezTerm, Alacritty and tmux implement. The pen then has no underline or
    /// reverse (which terminals erase differently); the repairs above also cover ECH over half
    /// of a wide character (terminals blank both halves).
    ///
    /// When one of the default blanks (``Cell/blank``) that end a row is redrawn, the whole run is
    /// erased with EL 0 from its first column instead, as in ``encodeFull(_:into:)`` (and under
    /// the same assumption: the region owns its rows up to the terminal's right edge). A wide
    /// glyph is never a default blank, so the run starts after any glyph's trailing half; EL over
    /// the trailing half of an old wide glyph blanks its lead too, which the repairs above redraw
    /// (in either order: a redrawn lead removes the old glyph first).
    ///
    /// - Parameters:
    ///   - previous: the frame on screen. When its size differs from `current`'s, the whole of
    ///     `current` is drawn (``encodeFull(_:into:)``).
    ///   - current: the new frame.
    ///   - bytes: the caller's output buffer, appended to.
    ///
    /// - Complexity: O(cells × passes) at worst; an unchanged row costs one pass of word compares,
    ///   a changed row the marking passes and, per drawing pass, a scan of the span of its cells
    ///   still to draw plus one draw per redrawn cell.
    public mutating func encodeDiff(previous: CellBuffer, current: CellBuffer, into bytes: inout [UInt8]) {
        guard previous.width == current.width, previous.height == current.height else {
            encodeFull(current, into: &bytes)
            return
        }
        let width = current.width
        let height = current.height
        lineFeedRows = height
        defer { lineFeedRows = 0 }
        // The marks and the rows to draw live in locals while this frame is encoded, so that
        // `draw` (mutating) and their pointers do not overlap accesses to `self`. Between frames
        // every mark is false.
        var marks = self.marks
        self.marks = []
        if marks.count != width * height { marks = Array(repeating: false, count: width * height) }
        var rows = self.pendingRows
        self.pendingRows = []
        rows.removeAll(keepingCapacity: true)
        let grouping = depth == .truecolor || depth == .ansi256
        previous.cells.withUnsafeBufferPointer { old in
            current.cells.withUnsafeBufferPointer { new in
                marks.withUnsafeMutableBufferPointer { marks in
                    CellDiff.markFrame(old: old, new: new, width: width, height: height, marks: marks, rows: &rows)
                    guard !rows.isEmpty else { return }
                    EscapeSequence.beginSynchronizedUpdate.append(to: &bytes)
                    ByteSink.withSink(flushingTo: &bytes) { sink, bytes in
                        var pass = 0
                        while !rows.isEmpty {
                            var group = PenGroup(defers: grouping && pass < Self.maximumGroupedPasses - 1)
                            var kept = 0
                            for index in rows.indices {
                                var row = rows[index]
                                if drawRow(
                                    &row, group: &group, width: width, cells: new, marks: marks,
                                    sink: &sink, bytes: &bytes)
                                {
                                    rows[kept] = row
                                    kept += 1
                                }
                            }
                            rows.removeLast(rows.count - kept)
                            pass += 1
                        }
                    }
                    endFrame(into: &bytes)
                }
            }
        }
        self.marks = marks
        self.pendingRows = rows
    }

    // MARK: - Cursor

    /// Appends the shortest cursor move (``CursorMove``; no LF, since it is outside a frame) to a
    /// 0-based region-relative position (for callers that leave the cursor below the region,
    /// say), and tracks it.
    public mutating func moveCursor(toRow row: Int, column: Int, into bytes: inout [UInt8]) {
        ByteSink.withSink(flushingTo: &bytes) { sink, _ in
            // The sink is empty: it has room for any move.
            move(toX: column, y: row, sink: &sink)
        }
    }

    // MARK: - Frame end

    /// Ends a frame: SGR reset (the pen is then the default rendition) and the end of
    /// synchronized output.
    private mutating func endFrame(into bytes: inout [UInt8]) {
        if autowrapIsOff {
            EscapeSequence.enableAutowrap.append(to: &bytes)
            autowrapIsOff = false
        }
        EscapeSequence.resetAttributes.append(to: &bytes)
        sgr.pen = Pen.initial
        EscapeSequence.endSynchronizedUpdate.append(to: &bytes)
    }
}
