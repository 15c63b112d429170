/// A card on a text grid, for converting between cells and card widths
/// (docs/DESIGN.md#deck-units).
///
/// A card `columns` wide is one card width. A cell is `cellAspect` times taller than wide, so a
/// horizontal distance of `n` columns is `n / columns` card widths and a vertical distance of `m`
/// rows is `m · cellAspect / columns` card widths: lengths, speeds and angles are physical.
public struct CardMetrics: Hashable, Sendable {
    /// The card's width in columns (≥ 1).
    public var columns: Int
    /// The card's height in rows (≥ 1).
    public var rows: Int
    /// A cell's height over its width (> 0; 2 on most terminals).
    public var cellAspect: Double

    /// Creates the metrics of a `columns` × `rows` card; sizes below 1 count as 1 and an aspect
    /// that is not a positive finite number as 2.
    public init(columns: Int, rows: Int, cellAspect: Double = 2) {
        self.columns = max(columns, 1)
        self.rows = max(rows, 1)
        self.cellAspect = cellAspect.isFinite && cellAspect > 0 ? cellAspect : 2
    }

    /// The card's height in card widths: `rows · cellAspect / columns`.
    public var cardHeight: Double { cardWidths(rows: Double(rows)) }

    /// `count` columns in card widths.
    public func cardWidths(columns count: Double) -> Double { count / Double(columns) }

    /// `count` rows in card widths.
    public func cardWidths(rows count: Double) -> Double { count * cellAspect / Double(columns) }

    /// `length` card widths in columns.
    public func columns(cardWidths length: Double) -> Double { length * Double(columns) }

    /// `length` card widths in rows.
    public func rows(cardWidths length: Double) -> Double { length * Double(columns) / cellAspect }

    /// The centre of the cell at (`column`, `row`) (0-based, from any fixed origin such as the
    /// screen's top-left), in card widths: where a pointer in that cell is taken to be.
    public func point(column: Int, row: Int) -> DeckPoint {
        DeckPoint(x: cardWidths(columns: Double(column) + 0.5), y: cardWidths(rows: Double(row) + 0.5))
    }
}
