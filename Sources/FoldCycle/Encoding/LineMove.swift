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
    /// screen), or nil when no shift brings back at least two rows that are not blank. Rows are
    /// compared by hash (``rowHashes(_:width:height:into:)``), then cell by cell; the block is the
    /// span from the first such row's source to the last one's destination.
    ///
    /// - Complexity: O(height²) hash compares, plus O(width) per row matched.
    static func find(
        oldHashes: UnsafeBufferPointer<UInt64>, newHashes: UnsafeBufferPointer<UInt64>, blankHash: UInt64,
        old: UnsafePointer<Cell>, new: UnsafePointer<Cell>, width: Int
    ) -> LineMove? {
        let height = newHashes.count
        var best = 0
        var bestCount = 1
        for distance in 1..<height {
            for sign in [1, -1] {
                let shift = distance * sign
                var count = 0
                for y in max(0, -shift)..<min(height, height - shift) {
                    let hash = newHashes[y]
                    if hash == oldHashes[y + shift] && hash != oldHashes[y] && hash != blankHash { count += 1 }
                }
                if count > bestCount {
                    best = shift
                    bestCount = count
                }
            }
        }
        guard best != 0 else { return nil }
        // The rows the shift brings back, checked cell by cell (a hash may collide).
        var first = -1
        var last = -1
        for y in max(0, -best)..<min(height, height - best) {
            let hash = newHashes[y]
            guard hash == oldHashes[y + best], hash != oldHashes[y], hash != blankHash,
                memcmp(new + y * width, old + (y + best) * width, width * MemoryLayout<Cell>.stride) == 0
            else { continue }
            if first < 0 { first = y }
            last = y
        }
        guard first >= 0, last > first else { return nil }
        return best > 0
            ? LineMove(top: first, bottom: last + best, distance: best)
            : LineMove(top: first + best, bottom: last, distance: best)
    }

    /// A hash of each of the `height` rows of `cells` (`width` a row) into `hashes`.
    static func rowHashes(
        _ cells: UnsafePointer<Cell>, width: Int, height: Int, into hashes: UnsafeMutablePointer<UInt64>
    ) {
        for y in 0..<height { hashes[y] = rowHash(cells + y * width, width: width) }
    }

    /// ``rowHash(_:width:)`` of a row of `width` default blanks (``Cell/blank``).
    static func blankRowHash(width: Int) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for _ in 0..<width { hash = mix(hash, Cell.blank) }
        return hash
    }

    /// One cell mixed into a row hash.
    @inline(__always)
    static func mix(_ hash: UInt64, _ cell: Cell) -> UInt64 {
        ((hash ^ cell.low) &* 0x0000_0100_0000_01B3 ^ cell.high) &* 0x9E37_79B9_7F4A_7C15
    }

    /// A hash of `width` cells (two multiplies a cell).
    @inline(__always)
    static func rowHash(_ cells: UnsafePointer<Cell>, width: Int) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for x in 0..<width { hash = mix(hash, cells[x]) }
        return hash
    }
}
