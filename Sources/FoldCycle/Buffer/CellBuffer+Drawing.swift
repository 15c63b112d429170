extension CellBuffer {
    /// Copies `source` with its top-left at `origin`, clipped to this buffer and to the first
    /// `clippingRows` rows (nil: all rows). A wide cluster cut by the right edge is blanked.
    ///
    /// - Complexity: O(copied cells); no allocation.
    public mutating func blit(_ source: CellBuffer, at origin: CellPosition, clippingRows: Int? = nil) {
        let rowLimit = min(height, clippingRows ?? height)
        let firstRow = max(origin.row, 0)
        let firstColumn = max(origin.column, 0)
        let lastRow = min(origin.row + source.height, rowLimit)
        let lastColumn = min(origin.column + source.width, width)
        guard firstRow < lastRow, firstColumn < lastColumn else { return }
        let destinationWidth = width
        withUnsafeMutableCells { target in
            source.cells.withUnsafeBufferPointer { cells in
                for y in firstRow..<lastRow {
                    let sourceRow = (y - origin.row) * source.width
                    for x in firstColumn..<lastColumn {
                        target[y * destinationWidth + x] = cells[sourceRow + x - origin.column]
                    }
                }
            }
        }
        normalizeWideClusters()
    }

    /// Draws one footer line of text at `row`, from column 0: sanitized, cut part-wise
    /// (`FooterLine.fittedText(width:)`) or clipped with "…",
    /// followed by a reverse-video caret cell when the line asks for one.
    public mutating func drawText(_ line: FooterLine, row: Int) {
        guard row >= 0, row < height, width > 0 else { return }
        let caretWidth = line.showsCaret ? 1 : 0
        let textWidth = max(width - caretWidth, 0)
        let fitted = line.fittedText(width: textWidth)
        let metrics = TextLayout.measure(fitted)
        let shown = min(metrics.width, textWidth)
        if shown > 0 {
            let text = TextLayout.layout(
                fitted.split(separator: "\n", omittingEmptySubsequences: false).first.map(String.init) ?? "",
                width: shown, height: 1, alignment: .left,
                style: TextStyle(foreground: .default, background: .default, attributes: line.attributes))
            blit(text, at: CellPosition(column: 0, row: row), clippingRows: row + 1)
        }
        guard line.showsCaret else { return }
        if line.caretOffset == 0 {
            if shown < width { self[shown, row] = Cell(glyph: 0x20, attributes: .reverse) }
            return
        }
        // On a cluster of the text: its cell (the lead cell of a wide one) in reverse video.
        let before = String(line.text.dropLast(min(line.caretOffset, line.text.count)))
        let column = TextLayout.measure(before).width
        if column < shown { self[column, row].attributes.insert(.reverse) }
    }
}
