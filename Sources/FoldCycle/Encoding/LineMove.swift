internal import FoldCyclePlatform

/// A vertical move: the frame's rows `top`…`bottom` scrolled by `distance` rows (up when
/// positive, down when negative), the rows that come in blank in the default background.
///
/// Sent without a scrolling region, as DL and IL whose effects cancel below the moved rows: to
/// scroll up, DL `distance` at `top` then IL `distance` at `bottom - distance + 1`; to scroll
/// down, DL at `bottom - distance + 1` then IL at `top`. The lines below `bottom`, down to the
/// screen's bottom margin, end where they were; the lines above `top` are not touched. So the
/// move needs neither the region's screen rows (inline mode does not know them) nor DECSTBM,
/// and nothing is left set if the frame is cut short. The lines move whole, across the terminal's
/// width: the region's rows must belong to FoldCycle to the right edge (as EL assumes) and start
/// at the screen's left edge.
struct LineMove: Equatable {
    /// The first and last frame rows of the scrolled block (0-based, `top < bottom`).
    var top: Int
    var bottom: Int
    /// Rows up (positive) or down (negative), `0 < |distance| <= bottom - top`.
    var distance: Int

    /// The rows at which DL and then IL are written, each with the count `|distance|`.
    var deleteRow: Int { distance > 0 ? top : bottom - (-distance) + 1 }
    var insertRow: Int { distance > 0 ? bottom - distance + 1 : top }

    /// The row of the screen before the move that row `y` (in `top`…`bottom`) holds after it,
    /// or -1 for a row that comes in blank.
    func sourceRow(of y: Int) -> Int {
        let count = abs(distance)
        return distance > 0 ? (y <= bottom - count ? y + count : -1) : (y >= top + count ? y - count : -1)
    }

    /// The bytes of the two sequences, not counting the cursor moves to their rows.
    var sequenceBytes: Int { 2 * EscapeSequence.deleteLines(abs(distance)).byteCount }

    /// Moves the frame's rows in `cells` (`width` a row) as the terminal moves them: blank rows
    /// (``Cell/blank``: the pen is reset before a move) come in.
    func apply(to cells: UnsafeMutablePointer<Cell>, width: Int) {
        let count = abs(distance)
        let kept = bottom - top + 1 - count
        if distance > 0 {
            (cells + top * width).update(from: cells + (top + count) * width, count: kept * width)
            (cells + (bottom - count + 1) * width).update(repeating: .blank, count: count * width)
        } else {
            (cells + (top + count) * width).update(from: cells + top * width, count: kept * width)
            (cells + top * width).update(repeating: .blank, count: count * width)
        }
    }

    /// The move that brings the most changed rows of `new` back from `old` (the frame on
    /// screen), or nil when no shift brings back at least two rows that are not blank. A row is
    /// brought back when it is one of `candidates` (the rows that changed and are not blank, top
    /// to bottom) and equals, cell for cell, the row of `old` the shift moves to it; rows are
    /// first compared by a hash of a sample of their cells (``sampledHash(_:width:)``), which
    /// equal rows share, and only rows whose samples agree are compared whole. Of shifts that
    /// bring back as many rows, the shortest wins, up before down. The block is the span from the
    /// first such row's source to the last one's destination. `counts` is scratch, two a row.
    ///
    /// `slots` is scratch too: the screen's rows in a table by hash, so that each candidate
    /// meets only the rows of its hash (and a few others). Before a pair is compared whole, its
    /// cells at the candidate's first change (`firstChanges`, per row of `new`: the first column
    /// where it differs from `old`'s) are: rows whose samples agree (a thin card between
    /// columns of background) mostly differ there.
    ///
    /// - Complexity: O(height + candidates) expected, plus O(width) per pair of rows whose
    ///   samples agree.
    static func find(
        oldHashes: [UInt64], newHashes: [UInt64], candidates: [Int32], counts: inout [Int32], slots: inout [Int32],
        old: UnsafePointer<Cell>, new: UnsafePointer<Cell>, width: Int, firstChanges: UnsafeBufferPointer<Int32>
    ) -> LineMove? {
        let height = oldHashes.count
        let stride = width * MemoryLayout<Cell>.stride
        if counts.count != 2 * height { counts = Array(repeating: 0, count: 2 * height) }
        // The screen's rows by hash: an open-addressing table (row + 1; 0 empty) at most half full.
        var size = 8
        while size < 2 * height { size &<<= 1 }
        if slots.count != size { slots = Array(repeating: 0, count: size) }
        let mask = size - 1
        // counts[shift + height]: the candidates `shift` brings back (row y from old row y + shift).
        var pairs = 0
        counts.withUnsafeMutableBufferPointer { counts in
            slots.withUnsafeMutableBufferPointer { slots in
                counts.update(repeating: 0)
                slots.update(repeating: 0)
                oldHashes.withUnsafeBufferPointer { oldHashes in
                    for source in 0..<height {
                        var slot = Int(truncatingIfNeeded: oldHashes[source] >> 40) & mask
                        while slots[slot] != 0 { slot = (slot &+ 1) & mask }
                        slots[slot] = Int32(truncatingIfNeeded: source &+ 1)
                    }
                    for y in candidates {
                        let y = Int(y)
                        let hash = newHashes[y]
                        let row = new + y * width
                        let probe = min(Int(firstChanges[y]), width - 1)
                        var slot = Int(truncatingIfNeeded: hash >> 40) & mask
                        while slots[slot] != 0 {
                            let source = Int(slots[slot]) &- 1
                            if source != y && oldHashes[source] == hash && row[probe] == old[source * width + probe]
                                && memcmp(row, old + source * width, stride) == 0
                            {
                                counts[source - y + height] &+= 1
                                pairs &+= 1
                            }
                            slot = (slot &+ 1) & mask
                        }
                    }
                }
            }
        }
        // A shift brings back at least two rows.
        guard pairs > 1 else { return nil }
        var best = 0
        var bestCount: Int32 = 1
        for distance in 1..<height {
            if counts[distance + height] > bestCount {
                best = distance
                bestCount = counts[distance + height]
            }
            if counts[height - distance] > bestCount {
                best = -distance
                bestCount = counts[height - distance]
            }
        }
        guard best != 0 else { return nil }
        var first = -1
        var last = -1
        for y in candidates {
            let y = Int(y)
            let source = y + best
            guard source >= 0, source < height, oldHashes[source] == newHashes[y],
                memcmp(new + y * width, old + source * width, stride) == 0
            else { continue }
            if first < 0 { first = y }
            last = y
        }
        guard first >= 0, last > first else { return nil }
        return best > 0
            ? LineMove(top: first, bottom: last + best, distance: best)
            : LineMove(top: first + best, bottom: last, distance: best)
    }

    /// A hash of every sixteenth cell of a row of `width` cells and its last: equal rows have
    /// equal hashes, and rows that differ mostly differ in it. Only a filter (rows whose hashes
    /// agree are compared whole), so it is cheap: six cells of an 80-cell row, a multiply each.
    @inline(__always)
    static func sampledHash(_ cells: UnsafePointer<Cell>, width: Int) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        var x = 0
        while x < width {
            hash = mix(hash, cells[x])
            x &+= 16
        }
        return mix(hash, cells[width &- 1])
    }

    /// One cell mixed into a row hash.
    @inline(__always)
    static func mix(_ hash: UInt64, _ cell: Cell) -> UInt64 {
        (hash ^ cell.low ^ cell.high &<< 7) &* 0x9E37_79B9_7F4A_7C15
    }
}
