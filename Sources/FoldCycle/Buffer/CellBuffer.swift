/// A rectangle of cells, stored flat and row-major.
///
/// Invariant: `cells.count == width * height`; the cell at column `x`, row `y` is
/// `cells[y * width + x]`. Every wide lead (width 2) is followed in its row by a continuation
/// (width 0) and every continuation follows a lead (see ``normalizeWideClusters()``).
public struct CellBuffer: Hashable, Sendable {
    /// Columns, ≥ 0.
    public private(set) var width: Int
    /// Rows, ≥ 0.
    public private(set) var height: Int
    /// The cells, row-major; `cells.count == width * height`.
    public private(set) var cells: [Cell]

    /// Creates a `width` × `height` buffer with every cell set to `cell`.
    ///
    /// - Parameters:
    ///   - width: columns; negative counts as 0.
    ///   - height: rows; negative counts as 0.
    ///   - cell: the fill, default ``Cell/blank``.
    public init(width: Int, height: Int, filling cell: Cell = .blank) {
        self.width = max(width, 0)
        self.height = max(height, 0)
        self.cells = Array(repeating: cell, count: self.width * self.height)
    }

    /// The cell at column `x`, row `y`.
    ///
    /// - Important: `x` must be in `0..<width` and `y` in `0..<height` (trap otherwise).
    public subscript(x: Int, y: Int) -> Cell {
        get {
            precondition(x >= 0 && x < width && y >= 0 && y < height, "cell (\(x), \(y)) outside \(width)×\(height)")
            return cells[y * width + x]
        }
        set {
            precondition(x >= 0 && x < width && y >= 0 && y < height, "cell (\(x), \(y)) outside \(width)×\(height)")
            cells[y * width + x] = newValue
        }
    }

    /// Sets every cell to `cell`, keeping the size.
    public mutating func fill(with cell: Cell) {
        cells.withUnsafeMutableBufferPointer { pointer in
            pointer.update(repeating: cell)
        }
    }

    /// Changes the size to `width` × `height` and sets every cell to `cell`, reusing storage.
    public mutating func reset(width: Int, height: Int, filling cell: Cell = .blank) {
        self.width = max(width, 0)
        self.height = max(height, 0)
        let count = self.width * self.height
        if cells.count == count {
            fill(with: cell)
        } else {
            cells.removeAll(keepingCapacity: true)
            cells.append(contentsOf: repeatElement(cell, count: count))
        }
    }

    /// Calls `body` with mutable access to the flat cell storage (row-major, `width * height`
    /// cells). The count cannot change.
    public mutating func withUnsafeMutableCells<Result>(
        _ body: (UnsafeMutableBufferPointer<Cell>) throws -> Result
    ) rethrows -> Result {
        try cells.withUnsafeMutableBufferPointer { try body($0) }
    }

    /// Restores the wide-cluster invariant after cell-by-cell writes: a lead whose next cell is
    /// not a continuation (or that sits in the last column) becomes a space, and a continuation
    /// that does not follow a lead becomes a space; both keep their background.
    ///
    /// - Complexity: O(cells), one width load per narrow cell.
    public mutating func normalizeWideClusters() {
        normalizeWideClusters(rows: 0..<height, columns: 0..<width)
    }

    /// ``normalizeWideClusters()`` for a buffer of which only the cells in `rows` × `columns` were
    /// written since the invariant last held: it visits those rows from the cluster boundary at
    /// or before `columns.lowerBound − 1` (a lead there may have lost its continuation) through
    /// `columns.upperBound` (a continuation there may have lost its lead). Everywhere else the
    /// invariant still holds, so the result is the full pass's.
    ///
    /// - Complexity: O(`rows.count` × `columns.count`).
    mutating func normalizeWideClusters(rows: Range<Int>, columns: Range<Int>) {
        let width = self.width
        guard width > 0 else { return }
        let rows = rows.clamped(to: 0..<height)
        cells.withUnsafeMutableBufferPointer { cells in
            for y in rows {
                let row = y * width
                var x = min(max(columns.lowerBound - 1, 0), width)
                // Left of the written cells a continuation follows its lead: start at the lead.
                if x > 0 && x < width && cells[row + x].width == 0 { x -= 1 }
                let end = min(max(columns.upperBound + 1, 0), width)
                let cells = cells.baseAddress.unsafelyUnwrapped + row
                while x < end {
                    // Narrow cells, the common case: four at a time while all four are narrow
                    // (each high word's width byte is 1).
                    while x &+ 4 <= end {
                        let narrow: UInt64 = 1 << 32
                        let differences =
                            (cells[x].high ^ narrow) | (cells[x &+ 1].high ^ narrow) | (cells[x &+ 2].high ^ narrow)
                            | (cells[x &+ 3].high ^ narrow)
                        guard differences & 0xFF << 32 == 0 else { break }
                        x &+= 4
                    }
                    guard x < end else { break }
                    let cellWidth = cells[x].width
                    if cellWidth == 1 {
                        x &+= 1
                        continue
                    }
                    if cellWidth == 2 && x &+ 1 < width && cells[x &+ 1].width == 0 {
                        x &+= 2
                        continue
                    }
                    if cellWidth == 2 || cellWidth == 0 {
                        let cell = cells[x]
                        cells[x] = Cell(
                            glyph: 0x20, foregroundBits: cell.foregroundBits, backgroundBits: cell.backgroundBits)
                    }
                    x &+= 1
                }
            }
        }
    }

    /// Restores the wide-cluster invariant at the columns `repairs[0..<count]` of one destination
    /// row (`row`, `width` cells) after a draw wrote cells beside them: a lead whose next cell is
    /// no continuation (or that ends the row), and a continuation that follows no lead, become a
    /// space in their colours, as ``CellBuffer/normalizeWideClusters()`` makes them. Where the
    /// invariant held before the draw and the draw wrote only whole clusters, every cell it broke
    /// is a lead left of a written cell that was a continuation or a continuation right of one
    /// that was a lead, so repairing those gives the full pass's cells (each repair depends only
    /// on the cell and its neighbour on the other side, which no repair changes).
    static func repairWideClusters(
        at repairs: UnsafePointer<Int>, count: Int, row: UnsafeMutablePointer<Cell>, width: Int
    ) {
        for k in 0..<count {
            let x = repairs[k]
            let cell = row[x]
            let broken =
                cell.width == 2
                ? x &+ 1 >= width || row[x &+ 1].width != 0
                : cell.width == 0 && (x == 0 || row[x &- 1].width != 2)
            if broken {
                row[x] = Cell(glyph: 0x20, foregroundBits: cell.foregroundBits, backgroundBits: cell.backgroundBits)
            }
        }
    }
}
