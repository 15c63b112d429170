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
    /// brought back when it changed (`changed`), is not blank (`blank`) and equals, cell for cell,
    /// the row of `old` the shift moves to it; rows are first compared by a hash of a sample of
    /// their cells (``sampledHash(_:width:)``), which equal rows share, and only rows whose
    /// samples agree are compared whole. The block is the span from the first such row's source
    /// to the last one's destination.
    ///
    /// - Complexity: O(height²) hash compares, plus O(width) per pair of rows whose samples agree.
    static func find(
        oldHashes: UnsafeBufferPointer<UInt64>, newHashes: UnsafeBufferPointer<UInt64>,
        changed: UnsafeBufferPointer<Bool>, blank: UnsafeBufferPointer<Bool>, old: UnsafePointer<Cell>,
        new: UnsafePointer<Cell>, width: Int
    ) -> LineMove? {
        let height = newHashes.count
        let stride = width * MemoryLayout<Cell>.stride
        func brings(_ y: Int, _ shift: Int) -> Bool {
            changed[y] && !blank[y] && newHashes[y] == oldHashes[y + shift]
                && memcmp(new + y * width, old + (y + shift) * width, stride) == 0
        }
        var best = 0
        var bestCount = 1
        for distance in 1..<height {
            for sign in [1, -1] {
                let shift = distance * sign
                var count = 0
                for y in max(0, -shift)..<min(height, height - shift) where brings(y, shift) { count += 1 }
                if count > bestCount {
                    best = shift
                    bestCount = count
                }
            }
        }
        guard best != 0 else { return nil }
        var first = -1
        var last = -1
        for y in max(0, -best)..<min(height, height - best) where brings(y, best) {
            if first < 0 { first = y }
            last = y
        }
        guard first >= 0, last > first else { return nil }
        return best > 0
            ? LineMove(top: first, bottom: last + best, distance: best)
            : LineMove(top: first + best, bottom: last, distance: best)
    }

    /// A hash of every fourth cell of a row of `width` cells and its last: equal rows have equal
    /// hashes, and rows that differ mostly differ in it (a fourth of the cost of every cell).
    @inline(__always)
    static func sampledHash(_ cells: UnsafePointer<Cell>, width: Int) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for x in Swift.stride(from: 0, to: width, by: 4) { hash = mix(hash, cells[x]) }
        return mix(hash, cells[width - 1])
    }

    /// One cell mixed into a row hash.
    @inline(__always)
    static func mix(_ hash: UInt64, _ cell: Cell) -> UInt64 {
        ((hash ^ cell.low) &* 0x0000_0100_0000_01B3 ^ cell.high) &* 0x9E37_79B9_7F4A_7C15
    }
}
