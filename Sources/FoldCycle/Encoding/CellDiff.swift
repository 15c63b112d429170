/// Which cells of a frame changed since the previous one, as the output shows them: one bit per
/// cell, 64 to a word, a row's words consecutive (``wordsPerRow(_:)``). Also where a row's
/// trailing default blanks start, which both frame encoders erase with EL instead of drawing.
///
/// A cell is marked when its glyph, width or attributes changed, or one of its colours changed
/// as the output's depth sends it: at truecolor any RGB change; at 256 or 16 colours only a
/// change of palette entry (two blends that downsample alike are the same cell on screen); with
/// no colour, no colour change at all. Which cells are drawn for them (a changed continuation
/// is drawn with its lead) and the repairs around wide clusters are made where the drawing is
/// cut into spans (``ANSIEncoder/segmentRow(_:marks:width:old:new:eraseFrom:spans:keys:)``).
enum CellDiff {
    /// The number of 64-bit mark words of a row `width` cells wide.
    @inline(__always)
    static func wordsPerRow(_ width: Int) -> Int { (width + 63) >> 6 }

    /// Marks the cells of one row that changed (raw bits: any field), `width` cells from `old`
    /// and `new`, into `marks` (``wordsPerRow(_:)`` words, bits past `width` zero). Returns
    /// whether any cell changed.
    ///
    /// - Complexity: O(width), branch-free: four lanes compared at once per cell, and the bits
    ///   shifted in with constant shifts.
    @inline(__always)
    static func markChanges(
        old: UnsafePointer<Cell>, new: UnsafePointer<Cell>, width: Int, marks: UnsafeMutablePointer<UInt64>
    ) -> Bool {
        var changed: UInt64 = 0
        var word = 0
        var base = 0
        let oldBytes = UnsafeRawPointer(old)
        let newBytes = UnsafeRawPointer(new)
        while base < width {
            let count = min(64, width &- base)
            var bits: UInt64 = 0
            var offset = base &* 16
            for _ in 0..<count {
                let before = oldBytes.loadUnaligned(fromByteOffset: offset, as: SIMD4<UInt32>.self)
                let after = newBytes.loadUnaligned(fromByteOffset: offset, as: SIMD4<UInt32>.self)
                // The next bit enters at the top; the word is shifted down into place below.
                bits = bits &>> 1 | UInt64(truncatingIfNeeded: any(before .!= after) ? 1 : 0) &<< 63
                offset &+= 16
            }
            bits = count == 64 ? bits : bits &>> UInt64(truncatingIfNeeded: 64 &- count)
            marks[word] = bits
            changed |= bits
            word &+= 1
            base &+= 64
        }
        return changed != 0
    }

    /// Clears the marks of cells whose change does not show at `depth`: glyph, width and
    /// attributes equal, and both colours sent alike (``OutputColors``). Only called below
    /// truecolor. Returns whether any mark is left.
    ///
    /// - Complexity: O(marked cells); colour pairs repeat along a row, so most cost one compare.
    static func unmarkInvisibleChanges(
        old: UnsafePointer<Cell>, new: UnsafePointer<Cell>, width: Int, marks: UnsafeMutablePointer<UInt64>,
        colors: inout OutputColors
    ) -> Bool {
        var any: UInt64 = 0
        for word in 0..<wordsPerRow(width) {
            var bits = marks[word]
            var remaining = bits
            while remaining != 0 {
                let bit = remaining.trailingZeroBitCount
                remaining &= remaining &- 1
                let x = word &<< 6 &+ bit
                let before = old[x]
                let after = new[x]
                // Glyph, width, attributes and link: the low word's low half, the high word's
                // bits 32–62.
                guard (before.low ^ after.low) & 0xFFFF_FFFF == 0,
                    (before.high ^ after.high) & 0x7FFF_FFFF_0000_0000 == 0
                else { continue }
                if colors.sameOnScreen(before, after) { bits &= ~(1 &<< UInt64(bit)) }
            }
            marks[word] = bits
            any |= bits
        }
        return any != 0
    }

    /// Whether the mark of column `x` is set.
    @inline(__always)
    static func isMarked(_ marks: UnsafePointer<UInt64>, _ x: Int) -> Bool {
        marks[x &>> 6] &>> UInt64(truncatingIfNeeded: x & 63) & 1 != 0
    }

    /// Sets the mark of column `x`.
    @inline(__always)
    static func mark(_ marks: UnsafeMutablePointer<UInt64>, _ x: Int) {
        marks[x &>> 6] |= 1 &<< UInt64(truncatingIfNeeded: x & 63)
    }

    /// Clears the mark of column `x`.
    @inline(__always)
    static func unmark(_ marks: UnsafeMutablePointer<UInt64>, _ x: Int) {
        marks[x &>> 6] &= ~(1 &<< UInt64(truncatingIfNeeded: x & 63))
    }

    /// The first marked column at or after `x`, or `width` when there is none.
    @inline(__always)
    static func nextMarked(_ marks: UnsafePointer<UInt64>, from x: Int, width: Int) -> Int {
        guard x < width else { return width }
        var word = x &>> 6
        var bits = marks[word] & (~0 &<< UInt64(truncatingIfNeeded: x & 63))
        let words = wordsPerRow(width)
        while bits == 0 {
            word &+= 1
            guard word < words else { return width }
            bits = marks[word]
        }
        return min(word &<< 6 &+ bits.trailingZeroBitCount, width)
    }

    /// The first unmarked column at or after `x`, or `width` when there is none.
    @inline(__always)
    static func nextUnmarked(_ marks: UnsafePointer<UInt64>, from x: Int, width: Int) -> Int {
        guard x < width else { return width }
        var word = x &>> 6
        var bits = ~marks[word] & (~0 &<< UInt64(truncatingIfNeeded: x & 63))
        let words = wordsPerRow(width)
        while bits == 0 {
            word &+= 1
            guard word < words else { return width }
            bits = ~marks[word]
        }
        return min(word &<< 6 &+ bits.trailingZeroBitCount, width)
    }

    /// One past the last marked column, or 0 when none is marked.
    @inline(__always)
    static func endOfMarks(_ marks: UnsafePointer<UInt64>, width: Int) -> Int {
        var word = wordsPerRow(width)
        while word > 0 {
            word &-= 1
            let bits = marks[word]
            if bits != 0 { return word &<< 6 &+ 64 &- bits.leadingZeroBitCount }
        }
        return 0
    }

    /// The column from which every cell of the row at `row` is a default blank (``Cell/blank``),
    /// or `width` when its last cell is not one.
    ///
    /// - Complexity: O(length of the trailing run).
    @inline(__always)
    static func trailingBlanksStart(_ cells: UnsafeBufferPointer<Cell>, row: Int, width: Int) -> Int {
        let blank = Cell.blank
        var start = width
        while start > 0 {
            let cell = cells[row + start - 1]
            guard cell.low == blank.low, cell.high == blank.high else { break }
            start -= 1
        }
        return start
    }
}

/// The colours of cells as an output depth sends them (``Pen/output(_:depth:)``), for telling
/// whether a colour change shows: with a memo of the last pair compared, since neighbouring
/// cells mostly share their colours.
struct OutputColors {
    /// The depth the colours are sent at (below truecolor).
    let depth: ColorDepth
    /// The colours (foreground high, background low) of the last pair compared, and the answer.
    private var lastBefore: UInt64 = ~0
    private var lastAfter: UInt64 = ~0
    private var lastAnswer = false

    init(depth: ColorDepth) {
        self.depth = depth
    }

    /// Whether `before` and `after` have the same foreground and background as sent.
    @inline(__always)
    mutating func sameOnScreen(_ before: Cell, _ after: Cell) -> Bool {
        let a = UInt64(before.foregroundBits) << 32 | UInt64(before.backgroundBits)
        let b = UInt64(after.foregroundBits) << 32 | UInt64(after.backgroundBits)
        if a == lastBefore && b == lastAfter { return lastAnswer }
        let answer =
            Pen.output(before.foregroundBits, depth: depth) == Pen.output(after.foregroundBits, depth: depth)
            && Pen.output(before.backgroundBits, depth: depth) == Pen.output(after.backgroundBits, depth: depth)
        lastBefore = a
        lastAfter = b
        lastAnswer = answer
        return answer
    }
}
