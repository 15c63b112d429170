/// REP (`CSI n b`, ``EscapeSequence/repeatCharacter(_:)``) for runs of one glyph in a diff
/// frame's `.draw` spans, when the encoder may send it (``ANSIEncoder/repeats``,
/// docs/decisions/0255).
///
/// A span's bytes are its cells' UTF-8, left to right, with a CUF wherever it goes on over
/// unchanged cells. A run of `k` cells of one glyph among them is written as the glyph once and
/// `CSI k−1 b` when that is shorter: a run of 80 half blocks (the edge row of a vertical fold,
/// 240 bytes) becomes 8. The rules that keep REP's meaning the same on every terminal that takes
/// it: it follows the glyph it repeats in the same span, so on the same row, with the same pen
/// and nothing between them (never after a cursor move, a CUF included); the glyph is narrow
/// (one cell) and a scalar of undisputed width (``GlyphTable/isDisputed(_:)``; interned clusters
/// are never in `.draw` spans); the run ends at the span's end, which is at most the frame's
/// right edge, so the repeats never pass the right margin (at the margin they leave the
/// pending-wrap state a print leaves, and the encoder counts the column as unknown after it).
enum RepeatRuns {
    /// Rewrites, in place, the bytes of the `.draw` spans `spans[first...]` (one row's, their
    /// bytes contiguous in `stream` from the first one's) with REP for runs of one glyph where
    /// it is shorter, moving each span's bytes down to follow the previous one's. `cells` is the
    /// row's new cells. Returns the end of the last span's bytes.
    ///
    /// - Complexity: O(bytes of the spans): a pass over them and their cells.
    static func compress(
        _ spans: UnsafeMutableBufferPointer<DiffSpan>, from first: Int, stream: UnsafeMutablePointer<UInt8>,
        end streamEnd: Int, cells: UnsafePointer<Cell>
    ) -> Int {
        var write = -1
        for index in first..<spans.count where spans[index].kind == .draw {
            var read = Int(spans[index].bytesStart)
            let readEnd = read &+ Int(spans[index].bytesCount)
            if write < 0 { write = read }
            let start = write
            var x = Int(spans[index].start)
            guard hasRun(cells, from: x, to: Int(spans[index].end)) else {
                // Nothing to repeat (most spans: text): the bytes as they are, moved down after
                // a span shortened before them in the row.
                if write != read {
                    while read < readEnd {
                        stream[write] = stream[read]
                        read &+= 1
                        write &+= 1
                    }
                    spans[index].bytesStart = Int32(truncatingIfNeeded: start)
                } else {
                    write = readEnd
                }
                continue
            }
            while read < readEnd {
                if stream[read] == 0x1B {
                    // A CUF over unchanged cells: ESC [ digits C.
                    var count = 0
                    var digits = false
                    stream[write] = stream[read]
                    stream[write &+ 1] = stream[read &+ 1]
                    read &+= 2
                    write &+= 2
                    while stream[read] != UInt8(ascii: "C") {
                        count = count &* 10 &+ Int(stream[read] &- UInt8(ascii: "0"))
                        digits = true
                        stream[write] = stream[read]
                        read &+= 1
                        write &+= 1
                    }
                    stream[write] = stream[read]
                    read &+= 1
                    write &+= 1
                    x &+= digits ? count : 1
                    continue
                }
                let cell = cells[x]
                let glyph = cell.glyph
                let cellWidth = max(Int(cell.width), 1)
                let length = utf8Length(glyph)
                var run = 1
                if cellWidth == 1 && !GlyphTable.isDisputed(glyph) {
                    while read &+ run &* length < readEnd && stream[read &+ run &* length] != 0x1B {
                        let next = cells[x &+ run]
                        guard next.glyph == glyph, next.width == 1 else { break }
                        run &+= 1
                    }
                }
                let repeats = run &- 1
                if repeats > 0 && repeats &* length > EscapeSequence.repeatCharacter(repeats).byteCount {
                    for offset in 0..<length { stream[write &+ offset] = stream[read &+ offset] }
                    write &+= length
                    write &+= EscapeSequence.repeatCharacter(repeats).write(to: stream + write)
                    read &+= run &* length
                    x &+= run
                    continue
                }
                // No run worth a REP: the cells as they are (a run's glyphs, or one cell).
                let bytes = run &* length
                if write != read { for offset in 0..<bytes { stream[write &+ offset] = stream[read &+ offset] } }
                write &+= bytes
                read &+= bytes
                x &+= run &* cellWidth
            }
            spans[index].bytesStart = Int32(truncatingIfNeeded: start)
            spans[index].bytesCount = Int32(truncatingIfNeeded: write &- start)
        }
        return write < 0 ? streamEnd : write
    }

    /// Whether the cells `start..<end` hold a run of one narrow scalar glyph long enough that
    /// the glyph and a REP are shorter (``minimumRun``). Cells are compared in pairs two apart,
    /// which meets every run of three or more (a run of two, worth a REP only for a 4-byte glyph,
    /// is met when it starts on a pair).
    ///
    /// - Complexity: O(end − start), a glyph compare every other cell.
    @inline(__always)
    static func hasRun(_ cells: UnsafePointer<Cell>, from start: Int, to end: Int) -> Bool {
        var x = start
        while x &+ 1 < end {
            let glyph = cells[x].glyph
            guard glyph == cells[x &+ 1].glyph else {
                x &+= 2
                continue
            }
            var runStart = x > start && cells[x &- 1].glyph == glyph ? x &- 1 : x
            var runEnd = x &+ 2
            while runEnd < end && cells[runEnd].glyph == glyph { runEnd &+= 1 }
            if glyph < GlyphTable.firstInternedID && cells[x].width == 1 && !GlyphTable.isDisputed(glyph) {
                // A wide glyph's continuation cells lie between its leads: never a run here.
                if runEnd &- runStart >= minimumRun(utf8Length(glyph)) { return true }
            }
            runStart = runEnd
            x = runStart
        }
        return false
    }

    /// The fewest cells of one glyph of `length` UTF-8 bytes that the glyph and REP write in fewer
    /// bytes: 6 for ASCII (`a` + `CSI 5 b`, 5 bytes, against 6), 4 for 2 bytes, 3 for 3, 2 for 4.
    @inline(__always)
    static func minimumRun(_ length: Int) -> Int {
        length == 1 ? 6 : length == 2 ? 4 : length == 3 ? 3 : 2
    }

    /// The UTF-8 length of a scalar glyph.
    @inline(__always)
    static func utf8Length(_ glyph: UInt32) -> Int {
        glyph < 0x80 ? 1 : glyph < 0x800 ? 2 : glyph < 0x10000 ? 3 : 4
    }
}
