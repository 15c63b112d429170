/// One piece of a diff frame's drawing (``ANSIEncoder/encodeDiff(previous:current:into:)``): a
/// run of columns of one row written with one pen, one interned cluster, an ECH or an EL. Spans
/// are cut from the changed cells of each row by
/// ``ANSIEncoder/segmentRow(_:marks:width:old:new:eraseFrom:spans:keys:glyphs:)``, which also writes
/// a `.draw` span's bytes (its glyphs, and a CUF over each gap of unchanged cells inside it) into
/// the frame's ``GlyphStream``, and drawn in the order ``DrawPasses`` chooses: a move and an SGR
/// when needed, then those bytes.
struct DiffSpan: Equatable {
    /// What a span writes.
    enum Kind: UInt8 {
        /// The bytes at `bytesStart` in the glyph stream: the glyphs of `start..<end`
        /// (continuation cells with their leads) and CUFs over the gaps of unchanged cells.
        case draw
        /// The interned cluster (``GlyphTable``) of the cell at `start`, `end − start` cells wide.
        case cluster
        /// ECH over `start..<end`: plain spaces in one background (BCE).
        case erase
        /// EL from `start` to the terminal's right margin: the row's trailing default blanks.
        case eraseLine
    }

    /// The row (0-based, region-relative).
    var row: Int32
    /// The first column.
    var start: Int32
    /// One past the last column (the end of the last cell, a wide one's continuation included).
    var end: Int32
    /// The span's pen key (an index into the frame's ``PenKeys``).
    var key: Int32
    /// A `.draw` span's bytes in the frame's ``GlyphStream``: offset and count.
    var bytesStart: Int32 = 0
    var bytesCount: Int32 = 0
    var kind: Kind

    init(row: Int32, start: Int32, end: Int32, key: Int32, kind: Kind, bytesStart: Int32 = 0, bytesCount: Int32 = 0) {
        self.row = row
        self.start = start
        self.end = end
        self.key = key
        self.kind = kind
        self.bytesStart = bytesStart
        self.bytesCount = bytesCount
    }
}

/// The bytes of a diff frame's `.draw` spans (``DiffSpan``), written while the rows are cut:
/// their glyphs' UTF-8 and the CUFs over gaps inside them, which are the same whatever order the
/// spans are drawn in. Reused from frame to frame.
struct GlyphStream {
    /// The bytes; `bytes.count` is the capacity, `count` the bytes written.
    var bytes: [UInt8] = []
    var count = 0

    /// The most a row `width` cells wide writes: 4 bytes a glyph, and a CUF (at most 6 bytes:
    /// fewer than 1000 columns... or the digits of more) per gap, gaps and drawn cells
    /// alternating.
    static func room(forRowOf width: Int) -> Int {
        4 * width + (3 + EscapeSequence.digitCount(width)) * (width / 2 + 1) + 16
    }

    /// Makes room for one more row `width` cells wide.
    mutating func reserveRow(width: Int) {
        let needed = count + Self.room(forRowOf: width)
        if bytes.count < needed {
            bytes.append(contentsOf: repeatElement(0, count: max(needed, 2 * bytes.count) - bytes.count))
        }
    }
}

extension ANSIEncoder {
    /// Cuts row `y`'s changed cells (``CellDiff``) into spans, appended to `spans` left to right,
    /// and writes the bytes of its `.draw` spans into `glyphs`.
    ///
    /// A span is a run of cells drawn with one pen, ending where the next cell needs another
    /// (``PenKey/admit(_:plainSpace:)``); an interned cluster, an ECH over plain spaces and an EL
    /// over the trailing default blanks are spans of their own. Which unchanged cells a span
    /// rewrites, and the wide-cluster repairs marked here: docs/DESIGN.md#encoding.
    ///
    /// - Parameters:
    ///   - y: the row.
    ///   - marks: the row's marks (``CellDiff/wordsPerRow(_:)`` words); repairs add to them.
    ///   - width: the row's length.
    ///   - old: the row's cells on screen.
    ///   - new: the row's cells to draw.
    ///   - eraseFrom: ``CellDiff/trailingBlanksStart(_:row:width:)`` of the new row.
    ///   - spans: appended to.
    ///   - keys: the frame's pen keys, added to.
    ///   - glyphs: the frame's span bytes, appended to.
    ///   - repeats: whether runs of one glyph in the `.draw` spans are written with REP where
    ///     that is shorter (``RepeatRuns``).
    /// - Returns: true; false, with nothing appended, when a changed cell is a cluster of
    ///   disputed width (``GlyphTable/isDisputed(_:)``): the cells after it must be drawn after
    ///   it, whatever order the spans take, so the caller draws the row whole
    ///   (``drawWholeRow(_:width:cells:sink:bytes:)``, docs/DESIGN.md#disputed-widths).
    static func segmentRow(
        _ y: Int, marks: UnsafeMutablePointer<UInt64>, width: Int, old: UnsafePointer<Cell>,
        new: UnsafePointer<Cell>, eraseFrom: Int, spans: inout [DiffSpan], keys: inout PenKeys,
        glyphs: inout GlyphStream, repeats: Bool = false
    ) -> Bool {
        let firstSpan = spans.count
        glyphs.reserveRow(width: width)
        let start = glyphs.count
        while true {
            var disputed = false
            let cut = glyphs.bytes.withUnsafeMutableBufferPointer { stream -> Int? in
                var cutter = RowCutter(
                    row: Int32(truncatingIfNeeded: y), width: width, old: old, new: new, drawn: marks,
                    stream: stream.baseAddress.unsafelyUnwrapped, streamCount: start)
                let done = cutter.cut(eraseFrom: eraseFrom, spans: &spans, keys: &keys)
                disputed = cutter.disputed
                return done ? cutter.streamCount : nil
            }
            if disputed {
                spans.removeLast(spans.count - firstSpan)
                return false
            }
            if let cut {
                glyphs.count = cut
                if repeats && spans.count > firstSpan {
                    glyphs.count = spans.withUnsafeMutableBufferPointer { spans in
                        glyphs.bytes.withUnsafeMutableBufferPointer { stream in
                            RepeatRuns.compress(
                                spans, from: firstSpan, stream: stream.baseAddress.unsafelyUnwrapped, end: cut,
                                cells: new)
                        }
                    }
                }
                return true
            }
            spans.removeLast(spans.count - firstSpan)
        }
    }

    /// Whether the unmarked cells `start..<end` (between two drawn cells of one row) are cheaper
    /// to rewrite with `key`'s pen than to move over: scalar glyphs the pen draws (extending
    /// `key` as ``PenKey/admit(_:plainSpace:)`` does, committed only on success), the cell at
    /// `end` too, and their UTF-8 shorter than the CUF over them.
    ///
    /// - Complexity: O(1): the scan stops once the bytes reach the CUF's.
    @inline(__always)
    static func rewritableGap(from start: Int, to end: Int, key: inout PenKey, cells: UnsafePointer<Cell>) -> Bool {
        let limit = EscapeSequence.cursorForward(end &- start).byteCount
        var candidate = key
        var bytes = 0
        var x = start
        while x < end {
            let cell = cells[x]
            let cellWidth = Int(cell.width)
            guard cellWidth != 0, cell.glyph < GlyphTable.firstInternedID,
                candidate.admit(cell, plainSpace: Pen.isPlainSpace(cell))
            else { return false }
            bytes &+= ByteSink.utf8Length(of: cell.glyph)
            guard bytes < limit else { return false }
            x &+= cellWidth
        }
        let next = cells[end]
        guard candidate.admit(next, plainSpace: Pen.isPlainSpace(next)) else { return false }
        key = candidate
        return true
    }

    /// The end of the run of plain spaces in `cells[start]`'s background (width 1, no underline
    /// or reverse) that starts at the marked column `start` and ends at its last marked cell
    /// before `erase` (the row's EL column, or its width), when erasing it (ECH, then a CUF over
    /// it if a marked cell or the EL follows at once) is shorter than writing its spaces.
    /// Otherwise nil. `scannedTo` is set to the end of the scanned run of plain spaces, so the
    /// caller scans a rejected run only once.
    ///
    /// - Complexity: O(length of the run of plain spaces).
    @inline(__always)
    static func erasableRun(
        from start: Int, width: Int, erase: Int, cells: UnsafePointer<Cell>, marks: UnsafePointer<UInt64>,
        scannedTo: inout Int
    ) -> Int? {
        let key = cells[start].high & erasableMask
        var x = start &+ 1
        var end = x
        while x < erase {
            let cell = cells[x]
            guard cell.glyph == 0x20, cell.high & erasableMask == key else { break }
            if CellDiff.isMarked(marks, x) { end = x &+ 1 }
            x &+= 1
        }
        scannedTo = x
        let count = end &- start
        // ECH of 4 is 4 bytes: 4 spaces never lose (callers look for a fifth space first).
        guard count > 4 else { return nil }
        let following = end == erase ? erase < width : CellDiff.isMarked(marks, end)
        let cost =
            EscapeSequence.eraseCharacters(count).byteCount
            + (following ? EscapeSequence.cursorForward(count).byteCount : 0)
        return cost < count ? end : nil
    }

    /// For a marked plain space at `start` that an ECH might erase with the spaces after it: the
    /// end of its run's marked spaces when erasing them does not win (they are to be written as
    /// spaces, as ``erasableRun(from:width:erase:cells:marks:scannedTo:)`` would leave them), or
    /// `start` when it wins.
    @inline(__always)
    static func spaceRunToWrite(
        from start: Int, width: Int, erase: Int, cells: UnsafePointer<Cell>, marks: UnsafePointer<UInt64>
    ) -> Int {
        var scanned = 0
        guard
            erasableRun(from: start, width: width, erase: erase, cells: cells, marks: marks, scannedTo: &scanned) == nil
        else { return start }
        // The run's last marked space ends where the marks of the run end.
        var end = start &+ 1
        var x = start &+ 1
        while x < scanned {
            if CellDiff.isMarked(marks, x) { end = x &+ 1 }
            x &+= 1
        }
        return end
    }

    /// The bits of `high` an erased run shares: background, width (1), underline and reverse.
    static let erasableMask: UInt64 = Pen.plainSpaceMask & ~Pen.unknownHigh | 0xFF << 32
}
