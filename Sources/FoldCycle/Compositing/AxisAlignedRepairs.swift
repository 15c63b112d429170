/// The wide-cluster repairs of the axis-aligned draw (``DrawContext/drawAxisAligned(source:target:)``).
extension DrawContext {
    /// The repair candidates of one destination row of an axis-aligned draw
    /// (``CellBuffer/repairWideClusters(at:count:row:width:)``): every cell the draw writes is
    /// narrow or a whole cluster, so a cluster of the destination it cuts is a lead left of a
    /// write that started on a continuation or a continuation right of one that ended on a lead.
    struct Repairs {
        /// Destination columns, `count` of them.
        let columns: UnsafeMutablePointer<Int>
        var count = 0
        /// The destination column of the draw's column 0, and the destination's width.
        let firstColumn: Int
        let width: Int

        init(columns: UnsafeMutablePointer<Int>, firstColumn: Int, width: Int) {
            self.columns = columns
            self.firstColumn = firstColumn
            self.width = width
        }

        /// A write of the cells `start..<end` (the draw's columns) over `first` and `last`, the
        /// cells that were at its ends.
        @inline(__always)
        mutating func noteRun(from start: Int, to end: Int, first: Cell, last: Cell) {
            let x = firstColumn &+ start
            if first.width == 0 && x > 0 {
                columns[count] = x &- 1
                count &+= 1
            }
            let after = firstColumn &+ end
            if last.width == 2 && after < width {
                columns[count] = after
                count &+= 1
            }
        }

        /// A write of one narrow cell at the draw's column `i` over `old`.
        @inline(__always)
        mutating func noteCell(_ i: Int, old: Cell) {
            let x = firstColumn &+ i
            if old.width == 0 && x > 0 {
                columns[count] = x &- 1
                count &+= 1
            } else if old.width == 2 && x &+ 1 < width {
                columns[count] = x &+ 1
                count &+= 1
            }
        }

        /// Repairs the noted cells of `row` (the destination row just drawn) and starts over.
        @inline(__always)
        mutating func repair(row: UnsafeMutablePointer<Cell>) {
            guard count > 0 else { return }
            CellBuffer.repairWideClusters(at: columns, count: count, row: row, width: width)
            count = 0
        }
    }
}
