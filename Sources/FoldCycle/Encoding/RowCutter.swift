internal import FoldCyclePlatform

/// The state of cutting one row into spans
/// (``ANSIEncoder/segmentRow(_:marks:width:old:new:eraseFrom:spans:keys:glyphs:)``).
struct RowCutter {
    let row: Int32
    let width: Int
    let old: UnsafePointer<Cell>
    let new: UnsafePointer<Cell>
    /// The row's changed cells; repairs add to them.
    let drawn: UnsafeMutablePointer<UInt64>
    /// The frame's glyph stream (with room for the row: ``GlyphStream/room(forRowOf:)``) and the
    /// bytes written in it.
    let stream: UnsafeMutablePointer<UInt8>
    var streamCount: Int
    /// The open span's first column, or -1.
    var spanStart = -1
    /// The end of the open span's last drawn cell, and of its bytes: a span goes on over gaps of
    /// unchanged cells (rewritten or moved over) when its pen draws the cell after them.
    var spanEnd = -1
    var spanEndBytes = 0
    /// Where the open span's bytes start.
    var spanBytes = 0
    /// The open span's key.
    var key = PenKey(plain: .blank)
    /// The end of the last span (drawn or erased): a span that starts there follows it.
    var lastEnd = -1
    /// Set when a repair marked a cell the cut has passed or is cutting: the row is cut again.
    var redo = false
    /// Set when a changed cell is a cluster of disputed width: the cut stops (the row is drawn
    /// whole instead).
    var disputed = false
    /// The row's cells on screen when the terminal erases by characters
    /// (``ANSIEncoder/erasesByCharacters``): no ECH over a wide character there. Nil otherwise.
    let onScreen: UnsafePointer<Cell>?

    /// The bits of `high` that make a space plain and narrow in a background: the background,
    /// the width, underline and reverse.
    static let spaceBits: UInt64 = PenKey.plainBits | 0xFF << 32 | PenKey.visibleSpaceAttributeBits

    init(
        row: Int32, width: Int, old: UnsafePointer<Cell>, new: UnsafePointer<Cell>, drawn: UnsafeMutablePointer<UInt64>,
        stream: UnsafeMutablePointer<UInt8>, streamCount: Int, onScreen: UnsafePointer<Cell>? = nil
    ) {
        self.row = row
        self.width = width
        self.old = old
        self.new = new
        self.drawn = drawn
        self.stream = stream
        self.streamCount = streamCount
        self.onScreen = onScreen
    }

    /// Goes on with the open span from `start`, over the cells `key` admits without changing
    /// (``PenKey/admit(_:plainSpace:)``: glyphs in its exact rendition, none when it is plain;
    /// plain narrow spaces in its background when it has neither underline nor reverse): the
    /// marked ones, the lead of a marked continuation, and the unmarked ones between two of them
    /// when their UTF-8 is shorter than the CUF over them (rewritten), writing their bytes at
    /// `stream + count`. Returns the column after the last cell it took: before the first cell
    /// `key` does not admit or that is an interned cluster, before a gap of unmarked cells too
    /// long to rewrite (or one that `end` cuts off; its bytes are taken back), or before a marked
    /// space from `spacesFrom` that starts a run of spaces an ECH erases in fewer bytes
    /// (``ANSIEncoder/erasableRun(from:width:erase:cells:marks:scannedTo:)``; a run it would not
    /// erase is taken, ``ANSIEncoder/spaceRunToWrite(from:width:erase:cells:marks:)``).
    ///
    /// - Complexity: O(cells taken), a few instructions a cell: the cutter's common case.
    @inline(never)
    static func scanRow(
        _ cells: UnsafePointer<Cell>, marks: UnsafePointer<UInt64>, from start: Int, to end: Int, width: Int,
        key: PenKey, spacesFrom: Int, erase: Int, stream: UnsafeMutablePointer<UInt8>, count: inout Int,
        onScreen: UnsafePointer<Cell>? = nil
    ) -> Int {
        let scan = Scan(key: key, spacesFrom: spacesFrom, erase: erase, width: width, onScreen: onScreen)
        var written = count
        var x = start
        while x < end {
            // A run of marked cells, up to the first unmarked one (the continuation of a marked
            // lead may be unmarked: the lead takes it).
            let runEnd = min(CellDiff.nextUnmarked(marks, from: x, width: end), end)
            guard scanMarked(cells, marks: marks, to: runEnd, scan: scan, stream: stream, x: &x, written: &written)
            else {
                count = written
                return x
            }
            guard x < end else { break }
            let gapBytes = written
            // A gap that ends where it starts (an unmarked wide lead whose continuation is marked:
            // no marked run starts at it either) ends the span here; the cutter draws that cell
            // itself. Going on would loop for ever (found by the bench: a fade at 256 colours).
            guard
                let after = rewriteGap(
                    cells, marks: marks, from: x, to: end, scan: scan, stream: stream, written: &written),
                after > x
            else {
                count = gapBytes
                return x
            }
            x = after
        }
        count = written
        return x
    }

    /// The constants of one ``scanRow(_:marks:from:to:width:key:spacesFrom:erase:stream:count:)``:
    /// the cells its key admits, and where a run of spaces an ECH may erase can start.
    struct Scan {
        /// The `high` bits (background, attributes) of a glyph the key admits, or a word no cell
        /// has (a plain key admits none).
        let glyphHigh: UInt64
        /// The foreground of a glyph the key admits.
        let glyphForeground: UInt64
        /// The `high` bits of a plain narrow space the key admits, or a word no cell has.
        let spaceHigh: UInt64
        let spacesFrom: Int
        let erase: Int
        let width: Int
        /// The last column whose cell may be looked at four cells on (for an ECH run).
        let lookAheadLimit: Int
        /// ``RowCutter/onScreen``.
        let onScreen: UnsafePointer<Cell>?

        @inline(__always)
        init(key: PenKey, spacesFrom: Int, erase: Int, width: Int, onScreen: UnsafePointer<Cell>? = nil) {
            glyphHigh = key.plain ? ~0 : key.high & PenKey.renditionBits
            glyphForeground = UInt64(key.foreground)
            spaceHigh =
                key.high & PenKey.visibleSpaceAttributeBits == 0 ? key.high & PenKey.plainBits | 1 << 32 : ~0
            self.spacesFrom = spacesFrom
            self.erase = erase
            self.width = width
            lookAheadLimit = erase &- 4
            self.onScreen = onScreen
        }

        /// Whether the key draws every space of a run of spaces in one background that starts
        /// with one it admits (it has neither underline nor reverse): a run too short for an ECH
        /// is then written space by space, as ``ANSIEncoder/spaceRunToWrite`` would write it.
        var shortRunsWritten: Bool { spaceHigh != ~0 }

        /// Whether the key admits the cell of words `high` and `low` (glyph `glyph`) as it is.
        @inline(__always)
        func admits(high: UInt64, low: UInt64, glyph: UInt32) -> Bool {
            (high & PenKey.renditionBits ^ glyphHigh) | (low >> 32 ^ glyphForeground) == 0
                || glyph == 0x20 && high & spaceBits == spaceHigh
        }
    }

    /// The marked cells from `x` to `runEnd` for ``scanRow(_:marks:from:to:width:key:spacesFrom:erase:stream:count:)``:
    /// the common ones in a loop of their own (``writeRun``), the cell it stops at looked at here.
    /// Moves `x` past the cells taken, their bytes written at `stream + written`; returns false
    /// when the scan stops at `x`.
    @inline(__always)
    static func scanMarked(
        _ cells: UnsafePointer<Cell>, marks: UnsafePointer<UInt64>, to runEnd: Int, scan: Scan,
        stream: UnsafeMutablePointer<UInt8>, x: inout Int, written: inout Int
    ) -> Bool {
        while x < runEnd {
            (x, written) = writeRun(
                cells, from: x, to: runEnd, glyphLow: scan.glyphForeground << 32, glyphHigh: scan.glyphHigh,
                spaceHigh: scan.spaceHigh, spacesFrom: scan.spacesFrom, lookAheadLimit: scan.lookAheadLimit,
                stream: stream, count: written)
            guard x < runEnd else { break }
            let cell = cells[x]
            let high = cell.high
            let low = cell.low
            let glyph = UInt32(truncatingIfNeeded: low)
            guard scan.admits(high: high, low: low, glyph: glyph), high & 0xFF_0000_0000 != 0,
                glyph < GlyphTable.firstInternedID
            else { return false }
            if glyph == 0x20 && high & PenKey.visibleSpaceAttributeBits == 0 && x >= scan.spacesFrom
                && x < scan.lookAheadLimit && cells[x &+ 4].glyph == 0x20
                && !(scan.shortRunsWritten && high >> 32 & 0xFF == 1
                    && Self.endsShortSpaceRun(cells, at: x, high: high))
            {
                // A run of plain spaces an ECH might erase: the caller erases it when that
                // wins; otherwise its marked spaces are taken here, written as spaces. (An
                // underlined or reversed space shows its foreground: it is never taken with
                // a run, whose spaces may differ in it; the fuzzers found one.)
                let taken = ANSIEncoder.spaceRunToWrite(
                    from: x, width: scan.width, erase: scan.erase, cells: cells, marks: marks, onScreen: scan.onScreen)
                guard taken > x else { return false }
                for _ in x..<taken {
                    stream[written] = 0x20
                    written &+= 1
                }
                x = taken
                continue
            }
            written &+= ByteSink.writeUTF8Unchecked(of: glyph, to: stream + written)
            x &+= Int(truncatingIfNeeded: high >> 32 & 0xFF)
        }
        return true
    }

    /// A gap of unmarked cells from `start` for ``scanRow(_:marks:from:to:width:key:spacesFrom:erase:stream:count:)``:
    /// rewritten (its bytes at `stream + written`) when the span's pen draws them, the cell after
    /// them is marked (or the lead of a marked continuation) and their UTF-8 is shorter than the
    /// CUF over them. Returns the column after the gap, or nil when it is not rewritten.
    @inline(__always)
    static func rewriteGap(
        _ cells: UnsafePointer<Cell>, marks: UnsafePointer<UInt64>, from start: Int, to end: Int, scan: Scan,
        stream: UnsafeMutablePointer<UInt8>, written: inout Int
    ) -> Int? {
        let gapBytes = written
        var x = start
        while x < end {
            let cell = cells[x]
            let high = cell.high
            let low = cell.low
            let glyph = UInt32(truncatingIfNeeded: low)
            let cellWidth = Int(truncatingIfNeeded: high >> 32 & 0xFF)
            if CellDiff.isMarked(marks, x) || cellWidth == 2 && CellDiff.isMarked(marks, x &+ 1) { break }
            guard scan.admits(high: high, low: low, glyph: glyph), cellWidth != 0, glyph < GlyphTable.firstInternedID
            else { return nil }
            written &+= ByteSink.writeUTF8Unchecked(of: glyph, to: stream + written)
            // A CUF over fewer than 1000 cells is at most 6 bytes: a gap this long never wins.
            guard written &- gapBytes < 6 else { return nil }
            x &+= cellWidth
        }
        guard x < end, written &- gapBytes < CursorMove.countedCost(x &- start) else { return nil }
        return x
    }

    /// The common cells of a run of marked ones, for
    /// ``scanRow(_:marks:from:to:width:key:spacesFrom:erase:stream:count:)``: from `start` up to
    /// `end`, while each cell is one the scan writes as it comes, its UTF-8 written at
    /// `stream + count`. That is a glyph that is no space, below U+100000 (every scalar but the
    /// last plane), 1 or 2 cells wide, in the key's exact rendition (`glyphHigh`: the `high`
    /// word's background and attributes, or a word no cell has for a plain key; `glyphLow`: the
    /// foreground, in the `low` word's upper half); or a narrow space in that rendition or a plain
    /// one the key admits (`spaceHigh`: the `high` bits of such a space, or a word no cell has),
    /// unless an ECH run may start at it (a column in `spacesFrom..<lookAheadLimit` with a space
    /// four cells on) whose spaces the scan does not write one by one (see
    /// ``endsShortSpaceRun(_:at:high:)``). Every other cell stops the loop, and the scan looks at
    /// it. Returns the column after the last cell written and the new count.
    ///
    /// - Complexity: O(cells written): per cell two loads, one test of the rendition, one of the
    ///   glyph and width, and the glyph's store; a space one more test.
    @inline(never)
    static func writeRun(
        _ cells: UnsafePointer<Cell>, from start: Int, to end: Int, glyphLow: UInt64, glyphHigh: UInt64,
        spaceHigh: UInt64, spacesFrom: Int, lookAheadLimit: Int, stream: UnsafeMutablePointer<UInt8>, count: Int
    ) -> (Int, Int) {
        // Columns at which a space is looked at further: `x − spacesFrom` below this, unsigned.
        let candidates = UInt(bitPattern: max(lookAheadLimit &- spacesFrom, 0))
        // Whether a short run of spaces is written here (the key has neither underline nor reverse).
        let shortRunsWritten = spaceHigh != ~0
        var written = count
        var x = start
        while x < end {
            let low = cells[x].low
            let high = cells[x].high
            let glyph = UInt32(truncatingIfNeeded: low)
            if (low ^ glyphLow) >> 20 | (high & PenKey.renditionBits ^ glyphHigh) == 0 && glyph != 0x20 {
                // The key's exact rendition, a glyph below 0x100000 and no space.
                let step = Int(truncatingIfNeeded: high >> 32 & 0xFF)
                guard step != 0 else { break }
                written &+= ByteSink.writeUTF8Unchecked(of: glyph, to: stream + written)
                x &+= step
                continue
            }
            // A narrow space, in the key's exact rendition or a plain one it admits.
            guard glyph == 0x20, high >> 32 & 0xFF == 1,
                (low ^ glyphLow) >> 32 | (high & PenKey.renditionBits ^ glyphHigh) == 0
                    || high & spaceBits == spaceHigh
            else { break }
            if UInt(bitPattern: x &- spacesFrom) < candidates && cells[x &+ 4].glyph == 0x20 {
                guard shortRunsWritten && endsShortSpaceRun(cells, at: x, high: high) else { break }
            }
            stream[written] = 0x20
            written &+= 1
            x &+= 1
        }
        return (x, written)
    }

    /// Whether the run of spaces that erases like the narrow space at `x` (whose `high` word is
    /// `high`: the same background, underline and reverse, width 1; ``ANSIEncoder/erasableMask``)
    /// ends within the next three cells, so it is shorter than the five spaces an ECH needs
    /// (``ANSIEncoder/erasableRun(from:width:erase:cells:marks:scannedTo:)``). The caller has
    /// checked that `x + 4` is in the row.
    @inline(__always)
    static func endsShortSpaceRun(_ cells: UnsafePointer<Cell>, at x: Int, high: UInt64) -> Bool {
        let runBits = high & ANSIEncoder.erasableMask
        for offset in 1...3 {
            let cell = cells[x &+ offset]
            if cell.glyph != 0x20 || cell.high & ANSIEncoder.erasableMask != runBits { return true }
        }
        return false
    }

    /// Cuts the row (see ``ANSIEncoder/segmentRow(_:marks:width:old:new:eraseFrom:spans:keys:glyphs:)``);
    /// returns false when a repair needs the row cut again (its spans so far are to be dropped).
    mutating func cut(eraseFrom: Int, spans: inout [DiffSpan], keys: inout PenKeys) -> Bool {
        let end = CellDiff.endOfMarks(drawn, width: width)
        let limit = min(end, eraseFrom)
        var x = CellDiff.nextMarked(drawn, from: 0, width: width)
        // A changed continuation is drawn from its lead.
        if x > 0 && x < width && new[x].width == 0 { x &-= 1 }
        // The run of plain spaces ``ANSIEncoder/erasableRun`` last scanned and rejected ends here.
        var scannedTo = 0
        while x < limit {
            if spanStart >= 0 {
                // The common case: the open span goes on (``scanRow``).
                x = RowCutter.scanRow(
                    new, marks: drawn, from: x, to: limit, width: width, key: key, spacesFrom: scannedTo,
                    erase: eraseFrom, stream: stream, count: &streamCount, onScreen: onScreen)
                spanEnd = x
                spanEndBytes = streamCount
                if x >= limit { break }
            }
            let cell = new[x]
            let cellWidth = Int(cell.width)
            let marked =
                CellDiff.isMarked(drawn, x) || cellWidth == 2 && x &+ 1 < width && CellDiff.isMarked(drawn, x &+ 1)
            if !marked || cellWidth == 0 || cell.glyph >= GlyphTable.firstInternedID {
                // A gap, a continuation without its lead, or an interned cluster.
                guard
                    let next = marked
                        ? drawOwnCell(cell, at: x, spans: &spans, keys: &keys)
                        : skipGap(at: x, limit: limit, spans: &spans, keys: &keys)
                else { return false }
                x = next
                continue
            }
            let plainSpace = Pen.isPlainSpace(cell)
            if plainSpace && x >= scannedTo && x &+ 4 < eraseFrom && new[x &+ 4].glyph == 0x20,
                let erased = ANSIEncoder.erasableRun(
                    from: x, width: width, erase: eraseFrom, cells: new, marks: drawn, scannedTo: &scannedTo,
                    onScreen: onScreen)
            {
                guard
                    addSpan(from: x, to: erased, key: PenKey(plain: cell), kind: .erase, spans: &spans, keys: &keys)
                        != nil
                else { return false }
                x = erased
                continue
            }
            if spanStart < 0 {
                guard open(at: x, cell, plainSpace: plainSpace) else { return false }
            } else if !key.admit(cell, plainSpace: plainSpace) {
                close(spans: &spans, keys: &keys)
                guard !redo, open(at: x, cell, plainSpace: plainSpace) else { return false }
            }
            streamCount &+= ByteSink.writeUTF8Unchecked(of: cell.glyph, to: stream + streamCount)
            x &+= cellWidth
            spanEnd = x
            spanEndBytes = streamCount
        }
        return finish(end: end, eraseFrom: eraseFrom, spans: &spans, keys: &keys)
    }

    /// The end of ``cut(eraseFrom:spans:keys:)``: the open span closed, and an EL from
    /// `eraseFrom` when marks reach past it (`end`). Returns false when the row is to be cut again.
    @inline(__always)
    mutating func finish(end: Int, eraseFrom: Int, spans: inout [DiffSpan], keys: inout PenKeys) -> Bool {
        close(spans: &spans, keys: &keys)
        if redo { return false }
        if end > eraseFrom {
            // EL over an old trailing half blanks its lead too.
            if repairBefore(eraseFrom) { return false }
            spans.append(
                DiffSpan(
                    row: row, start: Int32(truncatingIfNeeded: eraseFrom), end: Int32(truncatingIfNeeded: width),
                    key: keys.index(of: PenKey(plain: .blank)), kind: .eraseLine))
        }
        return true
    }

    /// A marked cell drawn on its own: a continuation without its lead (never drawn, as by the
    /// full encoder) or an interned cluster (a span of its own, drawn from the glyph table).
    /// Returns the column after it, or nil when the row is to be cut again (or, for a cluster of
    /// disputed width, drawn whole). Out of the cut's loop: such cells are rare.
    @inline(never)
    mutating func drawOwnCell(_ cell: Cell, at x: Int, spans: inout [DiffSpan], keys: inout PenKeys) -> Int? {
        if cell.width == 0 {
            close(spans: &spans, keys: &keys)
            CellDiff.unmark(drawn, x)
            return redo ? nil : x &+ 1
        }
        if GlyphTable.isDisputed(cell.glyph) {
            disputed = true
            return nil
        }
        return addSpan(
            from: x, to: x &+ Int(cell.width), key: PenKey(exact: cell), kind: .cluster, spans: &spans, keys: &keys)
    }

    /// The unmarked cell `x` starts a gap of unchanged cells up to the next marked one (or the
    /// lead of a marked continuation) that the scan did not rewrite: the open span goes on over
    /// it (a CUF) when its pen draws the cell after it, else the span is closed. Returns the
    /// column after the gap (`limit` when no marked cell follows), or nil when the row is to be
    /// cut again.
    @inline(__always)
    mutating func skipGap(at x: Int, limit: Int, spans: inout [DiffSpan], keys: inout PenKeys) -> Int? {
        let nextMarked = CellDiff.nextMarked(drawn, from: x, width: width)
        if nextMarked >= limit { return limit }
        let next = nextMarked > x && new[nextMarked].width == 0 ? nextMarked &- 1 : nextMarked
        if spanStart >= 0 {
            // The open span goes on over the gap (a CUF) when its pen draws the next cell.
            let nextCell = new[next]
            var probe = key
            if nextCell.width != 0 && probe.admit(nextCell, plainSpace: Pen.isPlainSpace(nextCell)) {
                // The run before the gap ends over an old wide lead, or the one after it starts
                // over an old trailing half: repairs (and the row is cut again).
                repairAfter(x)
                if redo || repairBefore(next) { return nil }
                key = probe
                streamCount &+= EscapeSequence.cursorForward(next &- x).write(to: stream + streamCount)
                return next
            }
        }
        close(spans: &spans, keys: &keys)
        return redo ? nil : next
    }

    /// Closes the open span and adds one of its own for the cells `start..<end` (an interned
    /// cluster or an erased run), with the repairs at its ends. Returns `end`, or nil when the
    /// row is to be cut again. Out of the cut's loop, with the cells it draws rarer than runs.
    @inline(never)
    mutating func addSpan(
        from start: Int, to end: Int, key spanKey: PenKey, kind: DiffSpan.Kind, spans: inout [DiffSpan],
        keys: inout PenKeys
    ) -> Int? {
        close(spans: &spans, keys: &keys)
        if redo || repairBefore(start) { return nil }
        spans.append(
            DiffSpan(
                row: row, start: Int32(truncatingIfNeeded: start), end: Int32(truncatingIfNeeded: end),
                key: keys.index(of: spanKey), kind: kind))
        repairAfter(end)
        return redo ? nil : end
    }

    /// Starts a span at `column` (a cell to draw), unless a repair is needed first.
    @inline(__always)
    mutating func open(at column: Int, _ cell: Cell, plainSpace: Bool) -> Bool {
        guard !repairBefore(column) else { return false }
        spanStart = column
        spanEnd = column
        spanBytes = streamCount
        spanEndBytes = streamCount
        key = plainSpace ? PenKey(plain: cell) : PenKey(exact: cell)
        return true
    }

    /// Ends the open span after its last drawn cell (``spanEnd``): bytes written past it (a CUF
    /// over a gap no cell followed in the span) are taken back.
    @inline(__always)
    mutating func close(spans: inout [DiffSpan], keys: inout PenKeys) {
        guard spanStart >= 0 else { return }
        spans.append(
            DiffSpan(
                row: row, start: Int32(truncatingIfNeeded: spanStart), end: Int32(truncatingIfNeeded: spanEnd),
                key: keys.index(of: key), kind: .draw, bytesStart: Int32(truncatingIfNeeded: spanBytes),
                bytesCount: Int32(truncatingIfNeeded: spanEndBytes &- spanBytes)))
        streamCount = spanEndBytes
        spanStart = -1
        repairAfter(spanEnd)
    }

    /// Drawing or erasing from `column` over an old trailing half blanks its lead: marks the cell
    /// before (its lead when it is a continuation) unless it is drawn already; returns whether it
    /// marked one.
    @inline(__always)
    mutating func repairBefore(_ column: Int) -> Bool {
        guard column > 0, column != lastEnd, old[column].width == 0 else { return false }
        let before = new[column &- 1].width == 0 ? column &- 2 : column &- 1
        guard before >= 0, new[before].width != 0, !CellDiff.isMarked(drawn, before) else { return false }
        CellDiff.mark(drawn, before)
        redo = true
        return true
    }

    /// A span ended at `column`: a last cell over the lead of an old wide glyph blanks its
    /// trailing half, so the cell there is marked (and the row cut again).
    @inline(__always)
    mutating func repairAfter(_ column: Int) {
        lastEnd = column
        if old[column &- 1].width == 2 && column < width && new[column].width != 0 && !CellDiff.isMarked(drawn, column)
        {
            CellDiff.mark(drawn, column)
            redo = true
        }
    }
}
