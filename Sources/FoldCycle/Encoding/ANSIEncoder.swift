/// Encodes ``CellBuffer`` frames as terminal bytes: whole frames or only the cells that changed,
/// with minimal SGR changes and the shortest cursor moves. The only writer of escape bytes
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
    public let depth: ColorDepth
    /// The table glyph ids refer to.
    public let glyphs: GlyphTable

    /// The cursor's row relative to the region (nil when unknown).
    public private(set) var cursorRow: Int?
    /// The cursor's column relative to the region (nil when unknown, e.g. after the last column).
    public private(set) var cursorColumn: Int?
    /// The rows of the frame being encoded (the region's), which a move may reach with LF; 0
    /// outside a frame, where moves (``moveCursor(toRow:column:into:)``, which may leave the
    /// region) use no LF.
    private var lineFeedRows = 0

    /// The current rendition (nil when unknown).
    private var pen: Pen? {
        didSet {
            penHigh = pen.map { UInt64($0.background) | UInt64($0.attributes.rawValue) << 40 } ?? Self.unknownPen
            penForeground = pen?.foreground ?? 0
        }
    }
    /// ``pen`` laid out like ``Cell``'s `high` word (background, attributes), or ``unknownPen``.
    private var penHigh: UInt64 = ANSIEncoder.unknownPen
    /// ``pen``'s packed foreground.
    private var penForeground: UInt32 = 0
    /// The diff's marks, one per cell (all false between frames), reused.
    private var marks: [Bool] = []
    /// The diff's rows still to draw, reused.
    private var pendingRows: [PendingRow] = []
    /// Recent pen changes and their SGR bytes (``SGRCache``): a frame repeats the same few
    /// transitions on every row.
    private var sgrCache = SGRCache()

    /// Creates an encoder.
    ///
    /// - Parameters:
    ///   - mode: ``Mode/inline`` (cursor assumed at the region's top-left) or
    ///     ``Mode/absolute(originRow:originColumn:)`` (cursor unknown until the first CUP).
    ///   - depth: the output's colour depth.
    ///   - glyphs: the glyph table of the buffers' cells, default ``GlyphTable/shared``.
    public init(mode: Mode, depth: ColorDepth, glyphs: GlyphTable = .shared) {
        self.mode = mode
        self.depth = depth
        self.glyphs = glyphs
        switch mode {
        case .inline:
            cursorRow = 0
            cursorColumn = 0
        case .absolute:
            cursorRow = nil
            cursorColumn = nil
        }
        pen = nil
    }

    /// Forgets the cursor column and the pen (e.g. after other output was written to the
    /// terminal): the next frame starts with CR (inline) or CUP (absolute) and an SGR reset.
    /// In inline mode the row is kept, since only the caller's own writes can change it.
    public mutating func invalidate() {
        cursorColumn = nil
        pen = nil
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
                    let end = Self.trailingBlanksStart(cells, row: row, width: width)
                    var x = 0
                    while x < end {
                        let cell = cells[row + x]
                        if cell.width == 0 {
                            x += 1
                            continue
                        }
                        draw(cell, x: x, y: y, regionWidth: width, sink: &sink, bytes: &bytes)
                        x += Int(cell.width)
                        // The cursor is at x: draw the cells after it that draw(_:...) would draw
                        // without a move or an SGR (scalar glyphs the pen draws) in one loop.
                        let penHigh = self.penHigh
                        let penForeground = self.penForeground
                        let runStart = x
                        while x < end {
                            let next = cells[row &+ x]
                            let high = next.high ^ penHigh
                            guard next.width != 0, next.glyph < GlyphTable.firstInternedID,
                                  high & Self.renditionMask == 0 && next.foregroundBits == penForeground
                                    || high & Self.plainSpaceMask == 0 && Self.isPlainSpace(next)
                            else { break }
                            sink.writeScalarUTF8(next.glyph, flushingTo: &bytes)
                            x &+= Int(next.width)
                        }
                        if x != runStart { cursorColumn = x >= width ? nil : x }
                    }
                    if end < width { eraseToEndOfLine(x: end, y: y, sink: &sink, bytes: &bytes) }
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
    /// A run of at least a few plain spaces in one background (see ``isPlainSpace(_:)``; the
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
                    for y in 0..<height {
                        if let span = Self.markDirty(old: old, new: new, row: y * width, width: width, marks: marks) {
                            let blanks = Self.trailingBlanksStart(new, row: y * width, width: width)
                            rows.append(PendingRow(y: y, start: span.lowerBound, end: span.upperBound,
                                                   erase: blanks < span.upperBound ? blanks : width))
                        }
                    }
                    guard !rows.isEmpty else { return }
                    EscapeSequence.beginSynchronizedUpdate.append(to: &bytes)
                    ByteSink.withSink(flushingTo: &bytes) { sink, bytes in
                        var pass = 0
                        while !rows.isEmpty {
                            var group = PenGroup(defers: grouping && pass < Self.maximumGroupedPasses - 1)
                            var kept = 0
                            for index in rows.indices {
                                var row = rows[index]
                                if drawRow(&row, group: &group, width: width, cells: new, marks: marks,
                                           sink: &sink, bytes: &bytes) {
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

    /// How many drawing passes ``encodeDiff(previous:current:into:)`` makes at most; the last one
    /// draws everything left.
    static let maximumGroupedPasses = 6

    /// A row with marked cells, and the span of columns they lie in.
    private struct PendingRow {
        var y: Int
        var start: Int
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

    /// The colours one drawing pass draws: unset until the pass draws its first cell, then that
    /// cell's background, and its foreground once a cell that is not a plain space is drawn.
    private struct PenGroup {
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
    private mutating func drawRow(_ pending: inout PendingRow, group: inout PenGroup, width: Int,
                                  cells new: UnsafeBufferPointer<Cell>, marks: UnsafeMutableBufferPointer<Bool>,
                                  sink: inout ByteSink, bytes: inout [UInt8]) -> Bool {
        let y = pending.y
        let row = y * width
        let end = pending.end
        let eraseFrom = pending.erase
        var x = pending.start
        // The tail holds only while no pass draws in its background: in this row that needs the
        // pass's background set and another one (it stays so while the row is drawn).
        let tail = group.defers && group.background != PenGroup.unset && pending.tail >= 0
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
                   let gapEnd = rewritableGap(from: x, row: row, width: width, erase: eraseFrom, cells: new, marks: marks,
                                              group: group) {
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
                && penMatches(cell) {
                group.record(cell, plainSpace: false)
                x = drawGlyphRun(from: x, row: row, end: min(end, eraseFrom), width: width, cells: new, marks: marks,
                                 sink: &sink, bytes: &bytes)
                cursorColumn = x >= width ? nil : x
                continue
            }
            let plainSpace = Self.isPlainSpace(cell)
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
               let runEnd = erasableRun(from: x, row: row, width: width, erase: eraseFrom, cells: new, marks: marks,
                                        scannedTo: &spacesScanned) {
                erase(cell, x: x, y: y, count: runEnd - x, sink: &sink, bytes: &bytes)
                for column in x..<runEnd { marks[row + column] = false }
                x = runEnd
                continue
            }
            marks[row + x] = false
            draw(cell, x: x, y: y, regionWidth: width, sink: &sink, bytes: &bytes)
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
    /// a space, ``penMatches(_:)``); a space is marked, a plain space of width 1 the pen draws,
    /// and the next cell does not continue it as a run ``erasableRun`` could erase (one space
    /// is never erased), so it is drawn as a space. The pen and the cursor row stay put, so they
    /// are read once, and the pass's colours need no update (the first cell set both, and a
    /// cell the pen draws has the pass's background).
    @inline(__always)
    private func drawGlyphRun(from start: Int, row: Int, end: Int, width: Int, cells: UnsafeBufferPointer<Cell>,
                              marks: UnsafeMutableBufferPointer<Bool>, sink: inout ByteSink,
                              bytes: inout [UInt8]) -> Int {
        let penHigh = self.penHigh
        let penForeground = self.penForeground
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
                guard cell.width == 1, Self.isPlainSpace(cell), (cell.high ^ penHigh) & Self.plainSpaceMask == 0
                else { return x }
                if x &+ 1 < width {
                    let next = cells[row &+ x &+ 1]
                    if next.glyph == 0x20 && next.high & Self.erasableMask == key { return x }
                }
                continue
            }
            // For a glyph other than a space, penMatches(_:) is the rendition compare alone.
            guard glyph < GlyphTable.firstInternedID, cell.width != 0,
                  (cell.high ^ penHigh) & Self.renditionMask == 0, cell.foregroundBits == penForeground
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
    private func erasableRun(from start: Int, row: Int, width: Int, erase: Int, cells: UnsafeBufferPointer<Cell>,
                             marks: UnsafeMutableBufferPointer<Bool>, scannedTo: inout Int) -> Int? {
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
        let cost = EscapeSequence.eraseCharacters(count).byteCount
            + (following ? EscapeSequence.cursorForward(count).byteCount : 0)
        return cost < count ? end : nil
    }

    /// The bits of `high` an erased run shares: background, width (1), underline and reverse.
    private static let erasableMask: UInt64 = plainSpaceMask | 0xFF << 32

    /// The column from which every cell of the row at `row` is a default blank (``Cell/blank``),
    /// or `width` when its last cell is not one.
    ///
    /// - Complexity: O(length of the trailing run).
    @inline(__always)
    private static func trailingBlanksStart(_ cells: UnsafeBufferPointer<Cell>, row: Int, width: Int) -> Int {
        let blank = Cell.blank
        var start = width
        while start > 0 {
            let cell = cells[row + start - 1]
            guard cell.low == blank.low, cell.high == blank.high else { break }
            start -= 1
        }
        return start
    }

    /// Erases from (x, y) to the end of the line with EL 0, after a cursor move (also out of the
    /// pending-wrap state, where the column is unknown) and an SGR when the pen's background is
    /// not the default or it has underline or reverse. The cursor stays at x.
    private mutating func eraseToEndOfLine(x: Int, y: Int, sink: inout ByteSink, bytes: inout [UInt8]) {
        sink.reserve(ByteSink.escapeRoom + EscapeSequence.maximumByteCount, flushingTo: &bytes)
        if cursorRow != y || cursorColumn != x { move(toX: x, y: y, sink: &sink) }
        if !penMatches(.blank) { changePen(.blank, sink: &sink) }
        sink.write(.eraseToEndOfLine)
    }

    /// Erases `count` cells from (x, y) with ECH in `cell`'s background (a plain space), after a
    /// cursor move and an SGR when needed. The cursor stays at x.
    private mutating func erase(_ cell: Cell, x: Int, y: Int, count: Int, sink: inout ByteSink,
                                bytes: inout [UInt8]) {
        sink.reserve(ByteSink.escapeRoom + EscapeSequence.maximumByteCount, flushingTo: &bytes)
        if cursorRow != y || cursorColumn != x { move(toX: x, y: y, sink: &sink) }
        if !penMatches(cell) { changePen(cell, sink: &sink) }
        sink.write(.eraseCharacters(count))
    }

    /// Appends the shortest cursor move to a region-relative position (for callers that leave
    /// the cursor below the region, say), and tracks it.
    public mutating func moveCursor(toRow row: Int, column: Int, into bytes: inout [UInt8]) {
        ByteSink.withSink(flushingTo: &bytes) { sink, _ in
            // The sink is empty: it has room for any move.
            move(toX: column, y: row, sink: &sink)
        }
    }

    /// The end of the run of unchanged cells starting at column `start` (the cursor's column)
    /// when rewriting them is shorter than moving over them: the next marked column or the row's
    /// EL column `erase` (whichever comes first), if `group` draws it, the cells before it are
    /// scalar glyphs the pen already draws and their UTF-8 is shorter than the CUF to it.
    /// Otherwise nil.
    ///
    /// - Complexity: O(1): the scan stops once the bytes reach the longest CUF it could beat.
    private func rewritableGap(from start: Int, row: Int, width: Int, erase: Int, cells: UnsafeBufferPointer<Cell>,
                               marks: UnsafeMutableBufferPointer<Bool>, group: PenGroup) -> Int? {
        var x = start
        var gapBytes = 0
        while x < width {
            let cell = x < erase ? cells[row + x] : .blank
            if x >= erase || marks[row + x] {
                guard group.admits(cell, plainSpace: Self.isPlainSpace(cell)) else { return nil }
                return gapBytes < EscapeSequence.cursorForward(x - start).byteCount ? x : nil
            }
            let glyph = cell.glyph
            guard cell.width != 0, glyph < GlyphTable.firstInternedID, penMatches(cell) else { return nil }
            gapBytes += glyph < 0x80 ? 1 : glyph < 0x800 ? 2 : glyph < 0x10000 ? 3 : 4
            // A CUF of under 1000 columns is at most 6 bytes; the gap cannot beat it past that.
            if gapBytes >= 6 { return nil }
            x += Int(cell.width)
        }
        return nil
    }

    // MARK: - Dirty marking

    /// Marks `marks[row + x]` for the cells of one row to redraw; returns the span of marked
    /// columns, or nil when none is marked.
    ///
    /// The repairs (see ``encodeDiff(previous:current:into:)``) take two linear passes: left to
    /// right, a lead counts as changed when its continuation did, and a changed cell over an old
    /// wide lead marks the cell after it (which may chain rightwards); right to left, a changed
    /// continuation, or a changed cell over an old continuation, marks the cell before it (which
    /// may chain leftwards). A mark made leftwards never calls for one rightwards that is not
    /// already made: the cell after it is the changed cell that made it, or that cell's lead.
    /// Both passes are skipped for a row where no cell, old or new, is wide.
    ///
    /// - Complexity: O(width): an unchanged row costs one branch-free pass of word compares
    ///   (cells are 16 bytes with no padding) that writes false marks; a changed row up to three.
    private static func markDirty(old: UnsafeBufferPointer<Cell>, new: UnsafeBufferPointer<Cell>,
                                  row: Int, width: Int, marks: UnsafeMutableBufferPointer<Bool>) -> Range<Int>? {
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

    // MARK: - Drawing

    /// Draws one cell: the glyph's UTF-8 into the sink, after a cursor move and an SGR when
    /// needed. The common case (cursor in place, pen matching, a scalar glyph) is inlined; the
    /// rest goes through ``drawSlow(_:x:y:regionWidth:sink:bytes:)``.
    @inline(__always)
    private mutating func draw(_ cell: Cell, x: Int, y: Int, regionWidth: Int,
                               sink: inout ByteSink, bytes: inout [UInt8]) {
        let glyph = cell.glyph
        guard cursorColumn == x, cursorRow == y, glyph < GlyphTable.firstInternedID, penMatches(cell) else {
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
    private mutating func drawSlow(_ cell: Cell, x: Int, y: Int, regionWidth: Int,
                                   sink: inout ByteSink, bytes: inout [UInt8]) {
        sink.reserve(ByteSink.escapeRoom, flushingTo: &bytes)
        if cursorRow != y || cursorColumn != x { move(toX: x, y: y, sink: &sink) }
        if !penMatches(cell) { changePen(cell, sink: &sink) }
        if cell.glyph < GlyphTable.firstInternedID {
            sink.writeScalarUTF8(cell.glyph, flushingTo: &bytes)
        } else {
            sink.flush(to: &bytes)
            glyphs.appendUTF8(of: cell.glyph, to: &bytes)
        }
        let next = x + Int(cell.width)
        cursorColumn = next >= regionWidth ? nil : next
    }

    private mutating func endFrame(into bytes: inout [UInt8]) {
        EscapeSequence.resetAttributes.append(to: &bytes)
        pen = Pen.initial
        EscapeSequence.endSynchronizedUpdate.append(to: &bytes)
    }

    // MARK: - Cursor moves

    /// Writes the shortest move to (x, y) into the sink (which has ``ByteSink/escapeRoom``),
    /// comparing the byte counts of every candidate (ties go to the earlier one):
    /// 1. relative, when the column is known (not in the pending-wrap state): CUU or CUD, then
    ///    CUF, or CUB or as many BS (the shorter; BS never wraps, and the column is above 0);
    /// 2. CR, then CUU or CUD, or as many LF when moving down within the frame (the shorter),
    ///    then CUF from the screen's column 0;
    /// 3. CUP (absolute mode only).
    ///
    /// LF follows the CR, so the cursor lands in column 0 with or without the tty's ONLCR, and
    /// is written only inside a frame and only to reach a row below the cursor's within the
    /// frame (`y < lineFeedRows`): every row it passes is a region row on screen, so it never
    /// scrolls. (Each LF starts on a region row above another region row, never the bottom
    /// margin.)
    private mutating func move(toX x: Int, y: Int, sink: inout ByteSink) {
        defer {
            cursorRow = y
            cursorColumn = x
        }
        var absolute: EscapeSequence?
        // CR goes to the screen's column 0, which is the region's column `-leftMargin`.
        var leftMargin = 0
        if case let .absolute(originRow, originColumn) = mode {
            absolute = .cursorPosition(row: originRow + y + 1, column: originColumn + x + 1)
            leftMargin = originColumn
        }
        guard let row = cursorRow else {
            if let absolute { sink.write(absolute) }
            return
        }
        // Vertical part: CUU or CUD, or (after a CR only) `lineFeeds` LFs.
        var vertical: EscapeSequence?
        if y > row { vertical = .cursorDown(y - row) } else if y < row { vertical = .cursorUp(row - y) }
        let verticalCost = vertical?.byteCount ?? 0
        let lineFeeds = y > row && y < lineFeedRows && y - row < verticalCost ? y - row : 0
        let carriageVerticalCost = lineFeeds > 0 ? lineFeeds : verticalCost
        // Horizontal part from column 0 after CR.
        let fromStart: EscapeSequence? = leftMargin + x > 0 ? .cursorForward(leftMargin + x) : nil
        let carriageCost = 1 + carriageVerticalCost + (fromStart?.byteCount ?? 0)
        // Relative horizontal part: CUF, or CUB or `backspaces` BS.
        var relative: EscapeSequence?
        var backspaces = 0
        var relativeCost = Int.max
        if let column = cursorColumn {
            if x > column {
                relative = .cursorForward(x - column)
            } else if x < column {
                let cursorBackward = EscapeSequence.cursorBackward(column - x)
                if column - x < cursorBackward.byteCount {
                    backspaces = column - x
                } else {
                    relative = cursorBackward
                }
            }
            relativeCost = verticalCost + backspaces + (relative?.byteCount ?? 0)
        }
        let useRelative = relativeCost <= carriageCost
        if let absolute, absolute.byteCount < min(relativeCost, carriageCost) {
            sink.write(absolute)
            return
        }
        if useRelative {
            if let vertical { sink.write(vertical) }
            if let relative { sink.write(relative) }
            for _ in 0..<backspaces { sink.write(.backspace) }
        } else {
            sink.write(.carriageReturn)
            if lineFeeds > 0 {
                for _ in 0..<lineFeeds { sink.write(.lineFeed) }
            } else if let vertical {
                sink.write(vertical)
            }
            if let fromStart { sink.write(fromStart) }
        }
    }

    // MARK: - SGR

    /// A colour as the output depth renders it, packed in one word: ``outputDefault`` (0),
    /// `rgbTag | 0xrrggbb` (the same bits as ``TerminalColor/packed``), or `indexTag | n`.
    fileprivate typealias OutputColor = UInt32
    fileprivate static let outputDefault: OutputColor = 0
    private static let indexTag: OutputColor = 0x0200_0000

    /// ``Pen`` as the SGR cache stores it.
    fileprivate typealias CachedPen = Pen

    /// The current rendition, raw (as in the cells, packed) and as output.
    fileprivate struct Pen {
        var foreground: UInt32
        var background: UInt32
        var attributes: CellAttributes
        var outputForeground: OutputColor
        var outputBackground: OutputColor

        static let initial = Pen(foreground: TerminalColor.packedDefault, background: TerminalColor.packedDefault,
                                 attributes: [], outputForeground: ANSIEncoder.outputDefault,
                                 outputBackground: ANSIEncoder.outputDefault)
    }

    /// ``penHigh`` when the pen is unknown: bit 63, which no cell's `high` word has, so nothing
    /// matches.
    private static let unknownPen: UInt64 = 1 << 63
    /// The bits of `high` a cell's rendition needs from the pen: background and attributes.
    private static let renditionMask: UInt64 = 0xFFFF_FFFF | 0xFF << 40 | unknownPen
    /// Underline and reverse: the attributes that make a space's foreground visible.
    private static let foregroundVisibleAttributes: CellAttributes = [.underline, .reverse]
    /// The bits of `high` a plain space needs from the pen: background, underline and reverse.
    private static let plainSpaceMask: UInt64 =
        0xFFFF_FFFF | UInt64(foregroundVisibleAttributes.rawValue) << 40 | unknownPen

    /// How many bytes longer than the reset form a plain space's incremental SGR may be and
    /// still be chosen, when the reset would drop pen state the next text may need.
    private static let plainSpaceSlack = 2

    /// The output form of a packed cell colour at this encoder's depth.
    private func output(_ color: UInt32) -> OutputColor {
        guard color & TerminalColor.rgbTag != 0 else { return Self.outputDefault }
        switch depth {
        case .truecolor: return color
        case .ansi256: return Self.indexTag | UInt32(ColorDepth.ansi256Index(for: RGBColor(packed: color)))
        case .ansi16: return Self.indexTag | UInt32(ColorDepth.ansi16Index(for: RGBColor(packed: color)))
        case .none: return Self.outputDefault
        }
    }

    /// A plain space: U+0020 with neither underline nor reverse. It shows only its background,
    /// so its foreground, bold, dim and italic are whatever makes the SGR shortest (the pen's
    /// when only the background changes, none after a reset). Text runs separated by padding or
    /// blanked cells on the same background then need no SGR at all.
    @inline(__always)
    private static func isPlainSpace(_ cell: Cell) -> Bool {
        cell.glyph == 0x20 && cell.attributes.isDisjoint(with: foregroundVisibleAttributes)
    }

    /// Whether the pen already draws `cell` (no SGR needed): the same background, attributes
    /// and foreground, or for a plain space the same background and no underline or reverse.
    @inline(__always)
    private func penMatches(_ cell: Cell) -> Bool {
        let high = cell.high ^ penHigh
        if high & Self.renditionMask == 0 && cell.foregroundBits == penForeground { return true }
        return high & Self.plainSpaceMask == 0 && Self.isPlainSpace(cell)
    }

    /// Writes the SGR for a pen change (when ``penMatches(_:)`` is false) into the sink (which
    /// has ``ByteSink/escapeRoom``): the shorter of the incremental form (only what differs,
    /// turning attributes off with 22/23/24/27) and the reset form (`0` and everything that is
    /// not the default). For a plain space the incremental form keeps the pen's foreground,
    /// bold, dim and italic, which the text after the space most likely needs again (restoring
    /// them costs 2 to 17 bytes), so it wins even when up to ``plainSpaceSlack`` bytes longer.
    private mutating func changePen(_ cell: Cell, sink: inout ByteSink) {
        guard let pen else {
            formPenChange(cell, sink: &sink)
            return
        }
        let key = SGRCache.Key(from: pen.foreground, pen.background, pen.attributes, to: cell,
                               plainSpace: Self.isPlainSpace(cell))
        if let cached = sgrCache.lookUp(key, writingTo: &sink) {
            self.pen = cached
            return
        }
        let start = sink.count
        formPenChange(cell, sink: &sink)
        if let formed = self.pen { sgrCache.store(key, pen: formed, bytes: sink.block, from: start, to: sink.count) }
    }

    /// ``changePen(_:sink:)`` without the cache: forms both SGRs and keeps the shorter.
    private mutating func formPenChange(_ cell: Cell, sink: inout ByteSink) {
        let plainSpace = Self.isPlainSpace(cell)
        let outputBackground = output(cell.backgroundBits)
        // Reset form: a plain space keeps no foreground and no attributes.
        let resetForeground = plainSpace ? TerminalColor.packedDefault : cell.foregroundBits
        let resetPen = Pen(foreground: resetForeground, background: cell.backgroundBits,
                           attributes: plainSpace ? [] : cell.attributes,
                           outputForeground: output(resetForeground), outputBackground: outputBackground)
        let start = sink.count
        var parameters = SGRWriter(sink: sink.block, start: start)
        parameters.append(0)
        parameters.appendAttributes(resetPen.attributes)
        if resetPen.outputForeground != Self.outputDefault {
            parameters.appendColor(resetPen.outputForeground, background: false, depth: depth)
        }
        if resetPen.outputBackground != Self.outputDefault {
            parameters.appendColor(resetPen.outputBackground, background: true, depth: depth)
        }
        let resetEnd = parameters.finish()
        guard let pen else {
            sink.count = resetEnd
            self.pen = resetPen
            return
        }
        // Incremental form, written after the reset form: a plain space keeps the pen's
        // foreground, bold, dim and italic.
        let target = Pen(foreground: plainSpace ? pen.foreground : cell.foregroundBits,
                         background: cell.backgroundBits,
                         attributes: plainSpace ? pen.attributes.subtracting(Self.foregroundVisibleAttributes)
                             : cell.attributes,
                         outputForeground: plainSpace ? pen.outputForeground : output(cell.foregroundBits),
                         outputBackground: outputBackground)
        var changes = SGRWriter(sink: sink.block, start: resetEnd)
        var attributes = pen.attributes
        let removed = attributes.subtracting(target.attributes)
        if !removed.isDisjoint(with: [.bold, .dim]) {
            changes.append(22)
            attributes.subtract([.bold, .dim])
        }
        if removed.contains(.italic) { changes.append(23) }
        if removed.contains(.underline) { changes.append(24) }
        if removed.contains(.reverse) { changes.append(27) }
        changes.appendAttributes(target.attributes.subtracting(attributes))
        if pen.outputForeground != target.outputForeground {
            changes.appendColor(target.outputForeground, background: false, depth: depth)
        }
        if pen.outputBackground != target.outputBackground {
            changes.appendColor(target.outputBackground, background: true, depth: depth)
        }
        if changes.isEmpty {
            // Same rendition on screen (colours that downsample alike): just track the cell's.
            sink.count = start
            self.pen = target
            return
        }
        let changesEnd = changes.finish()
        let keepsMore = plainSpace && (pen.foreground != resetPen.foreground || pen.attributes != resetPen.attributes)
        if changesEnd - resetEnd <= resetEnd - start + (keepsMore ? Self.plainSpaceSlack : 0) {
            let length = changesEnd - resetEnd
            guard let base = sink.block.baseAddress else { return }
            (base + start).update(from: base + resetEnd, count: length)
            sink.count = start + length
            self.pen = target
        } else {
            sink.count = resetEnd
            self.pen = resetPen
        }
    }
}

/// A direct-mapped cache of pen changes: (pen, cell rendition) → the SGR bytes and the pen
/// after them. The SGR depends only on those (and the encoder's fixed depth), so a hit writes
/// the same bytes as forming them again.
private struct SGRCache {
    /// The raw pen and the cell's rendition (colours, attributes, whether a plain space).
    struct Key: Equatable {
        var pen: UInt64
        var cell: UInt64
        var attributes: UInt32

        init(from foreground: UInt32, _ background: UInt32, _ attributes: CellAttributes, to cell: Cell,
             plainSpace: Bool) {
            pen = UInt64(foreground) << 32 | UInt64(background)
            self.cell = UInt64(cell.foregroundBits) << 32 | UInt64(cell.backgroundBits)
            self.attributes = UInt32(attributes.rawValue) | UInt32(cell.attributes.rawValue) << 8
                | (plainSpace ? 1 << 16 : 0)
        }

        var slot: Int {
            let mixed = (pen &* 0x9E37_79B9_7F4A_7C15) ^ (cell &* 0xC2B2_AE3D_27D4_EB4F) ^ UInt64(attributes)
            return Int(truncatingIfNeeded: (mixed ^ mixed >> 29) & UInt64(SGRCache.slots - 1))
        }
    }

    struct Entry {
        var key: Key?
        var pen: ANSIEncoder.CachedPen
        var length: Int
    }

    static let slots = 16
    /// The longest SGR kept; longer ones (rare: many attributes) are formed each time.
    static let maximumLength = 64

    private var entries: [Entry] = []
    private var bytes: [UInt8] = []

    /// On a hit, writes the cached bytes into the sink (which has room) and returns the pen.
    @inline(__always)
    mutating func lookUp(_ key: Key, writingTo sink: inout ByteSink) -> ANSIEncoder.CachedPen? {
        guard !entries.isEmpty else { return nil }
        let slot = key.slot
        let entry = entries[slot]
        guard entry.key == key else { return nil }
        bytes.withUnsafeBufferPointer { stored in
            guard let from = stored.baseAddress, let to = sink.block.baseAddress else { return }
            (to + sink.count).update(from: from + slot * Self.maximumLength, count: entry.length)
        }
        sink.count += entry.length
        return entry.pen
    }

    /// Keeps the bytes `block[start..<end]` for `key`, evicting the slot's previous entry.
    mutating func store(_ key: Key, pen: ANSIEncoder.CachedPen, bytes block: UnsafeMutableBufferPointer<UInt8>,
                        from start: Int, to end: Int) {
        let length = end - start
        guard length <= Self.maximumLength else { return }
        if entries.isEmpty {
            entries = Array(repeating: Entry(key: nil, pen: pen, length: 0), count: Self.slots)
            bytes = Array(repeating: 0, count: Self.slots * Self.maximumLength)
        }
        let slot = key.slot
        entries[slot] = Entry(key: key, pen: pen, length: length)
        bytes.withUnsafeMutableBufferPointer { stored in
            guard let to = stored.baseAddress, let from = block.baseAddress else { return }
            (to + slot * Self.maximumLength).update(from: from + start, count: length)
        }
    }
}

/// Writes one SGR (`CSI` parameters `m`) through a pointer into a ``ByteSink``'s block, from
/// `start`; the caller has made room (``ByteSink/escapeRoom`` covers two full SGRs).
private struct SGRWriter {
    let pointer: UnsafeMutablePointer<UInt8>
    let start: Int
    var count: Int

    init(sink block: UnsafeMutableBufferPointer<UInt8>, start: Int) {
        // The sink's block always has a base address (its capacity is not 0).
        pointer = block.baseAddress.unsafelyUnwrapped
        self.start = start
        count = start + EscapeSequence.writeIntroducer(to: pointer + start)
    }

    /// Whether no parameter has been written.
    var isEmpty: Bool { count == start + 2 }

    /// Writes the final byte; returns the end offset.
    mutating func finish() -> Int {
        pointer[count] = UInt8(ascii: "m")
        return count + 1
    }

    @inline(__always)
    mutating func append(_ value: Int) {
        if !isEmpty {
            pointer[count] = UInt8(ascii: ";")
            count += 1
        }
        count += EscapeSequence.writeDecimal(value, to: pointer + count)
    }

    mutating func appendAttributes(_ attributes: CellAttributes) {
        guard !attributes.isEmpty else { return }
        for (attribute, code) in CellAttributes.sgrCodes where attributes.contains(attribute) {
            append(Int(code))
        }
    }

    mutating func appendColor(_ color: UInt32, background: Bool, depth: ColorDepth) {
        if color == 0 {
            append(background ? 49 : 39)
        } else if color & TerminalColor.rgbTag != 0 {
            append(background ? 48 : 38)
            append(2)
            append(Int((color >> 16) & 0xFF))
            append(Int((color >> 8) & 0xFF))
            append(Int(color & 0xFF))
        } else {
            let index = UInt8(truncatingIfNeeded: color)
            if depth == .ansi16 {
                let base = index < 8 ? (background ? 40 : 30) : (background ? 100 : 90)
                append(base + Int(index % 8))
            } else {
                append(background ? 48 : 38)
                append(5)
                append(Int(index))
            }
        }
    }
}

/// The frame's bytes (glyphs, cursor moves, SGRs), written through a pointer into a 1 KiB stack
/// block and appended to the caller's array a block at a time, so a byte costs no uniqueness or
/// capacity check. Whoever writes to the array directly flushes the sink first, keeping the order.
private struct ByteSink {
    /// The block's size: bytes written between flushes.
    static let capacity = 1024

    let block: UnsafeMutableBufferPointer<UInt8>
    var count = 0

    /// Calls `body` with an empty sink and `bytes`, then flushes the sink to `bytes`.
    static func withSink<Result>(flushingTo bytes: inout [UInt8],
                                 _ body: (inout ByteSink, inout [UInt8]) -> Result) -> Result {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { block in
            var sink = ByteSink(block: block)
            let result = body(&sink, &bytes)
            sink.flush(to: &bytes)
            return result
        }
    }

    /// Room for a cursor move and two SGRs (the reset and the incremental form, each under
    /// 100 bytes: 10 attribute parameters and two truecolor colours).
    static let escapeRoom = 256

    /// Flushes when fewer than `room` bytes are free.
    @inline(__always)
    mutating func reserve(_ room: Int, flushingTo bytes: inout [UInt8]) {
        if count > block.count - room { flush(to: &bytes) }
    }

    /// Writes an escape sequence (the caller has reserved ``EscapeSequence/maximumByteCount``).
    @inline(__always)
    mutating func write(_ sequence: EscapeSequence) {
        guard let base = block.baseAddress else { return }
        count += sequence.write(to: base + count)
    }

    /// Appends the written bytes to `bytes` and empties the sink.
    @inline(__always)
    mutating func flush(to bytes: inout [UInt8]) {
        guard count > 0 else { return }
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: block[..<count]))
        count = 0
    }

    /// Writes one scalar value as UTF-8, as ``GlyphTable/appendScalarUTF8(_:to:)`` (surrogates
    /// and out-of-range values as U+FFFD).
    @inline(__always)
    mutating func writeScalarUTF8(_ scalar: UInt32, flushingTo bytes: inout [UInt8]) {
        if count > block.count - 4 { flush(to: &bytes) }
        let value = (0xD800..<0xE000).contains(scalar) || scalar >= 0x110000 ? 0xFFFD : scalar
        if value < 0x80 {
            block[count] = UInt8(truncatingIfNeeded: value)
            count += 1
        } else if value < 0x800 {
            block[count] = UInt8(truncatingIfNeeded: 0xC0 | (value >> 6))
            block[count + 1] = UInt8(truncatingIfNeeded: 0x80 | (value & 0x3F))
            count += 2
        } else if value < 0x10000 {
            block[count] = UInt8(truncatingIfNeeded: 0xE0 | (value >> 12))
            block[count + 1] = UInt8(truncatingIfNeeded: 0x80 | ((value >> 6) & 0x3F))
            block[count + 2] = UInt8(truncatingIfNeeded: 0x80 | (value & 0x3F))
            count += 3
        } else {
            block[count] = UInt8(truncatingIfNeeded: 0xF0 | (value >> 18))
            block[count + 1] = UInt8(truncatingIfNeeded: 0x80 | ((value >> 12) & 0x3F))
            block[count + 2] = UInt8(truncatingIfNeeded: 0x80 | ((value >> 6) & 0x3F))
            block[count + 3] = UInt8(truncatingIfNeeded: 0x80 | (value & 0x3F))
            count += 4
        }
    }
}
