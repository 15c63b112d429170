/// A cell position or offset: a column (x, to the right) and a row (y, downward), both in cells
/// and 0-based; may be negative for offsets.
public struct CellPosition: Hashable, Sendable {
    /// The column, in cells.
    public var column: Int
    /// The row, in cells.
    public var row: Int

    /// Creates a position.
    public init(column: Int, row: Int) {
        self.column = column
        self.row = row
    }

    /// Column 0, row 0.
    public static let zero = CellPosition(column: 0, row: 0)
}
