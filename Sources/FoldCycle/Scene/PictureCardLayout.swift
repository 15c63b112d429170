/// How a card shows a ``CardPicture`` (docs/DESIGN.md#picture-cards): the picture area is the whole
/// card but its last row, which holds the caption (centred, in the card's text style, cut from
/// the left with "…" when too long, so the file's name and size stay); with no caption, or a card one row tall, the picture takes every row. A
/// picture's area holds its half blocks (``PictureRaster``); a failure's area holds its reason as
/// text, centred. Without colour (``ColorDepth/none``) half blocks would show nothing: the area
/// holds the picture's ``CardPicture/plainText`` (its path) as text instead.
enum PictureCardLayout {
    /// The card's cells and, for a bitmap, its raster.
    ///
    /// - Parameters:
    ///   - picture: what to show.
    ///   - size: the card in cells.
    ///   - style: the card's text style (its background is the letterbox's).
    ///   - cellAspect: a cell's height over its width.
    ///   - terminalBackground: the RGB under transparent pixels when the card's background is the
    ///     terminal's default.
    ///   - depth: the output's colour depth; at ``ColorDepth/none`` a bitmap shows as its path.
    static func layout(
        _ picture: CardPicture, size: TerminalSize, style: TextStyle, cellAspect: Double, terminalBackground: RGBColor,
        depth: ColorDepth = .truecolor
    ) -> (cells: CellBuffer, raster: PictureRaster?) {
        var cells = CellBuffer(
            width: size.columns, height: size.rows, filling: Cell.space(background: style.background))
        let captionRows = !picture.caption.isEmpty && size.rows >= 2 ? 1 : 0
        let areaRows = size.rows - captionRows
        let inset = size.columns > 2 ? 1 : 0
        if captionRows == 1 {
            let caption = TextLayout.layout(
                StyledString(leftCut(TextLayout.sanitized(picture.caption), width: size.columns - 2 * inset)),
                width: size.columns - 2 * inset, height: 1,
                alignment: .center, style: style)
            cells.blit(caption, at: CellPosition(column: inset, row: areaRows))
        }
        switch picture.contents {
        case .image where depth == .none:
            let text = TextLayout.layout(
                StyledString(TextLayout.sanitized(picture.plainText)), width: size.columns - 2 * inset,
                height: areaRows, alignment: .center, style: style)
            cells.blit(text, at: CellPosition(column: inset, row: 0))
            return (cells, nil)
        case .image(let image):
            let raster = PictureRaster(
                image: image, gravity: picture.gravity, origin: .zero, columns: size.columns, rows: areaRows,
                cellAspect: cellAspect, background: style.background, terminalBackground: terminalBackground,
                dithersTo16: depth == .ansi16)
            raster.draw(into: &cells)
            return (cells, raster)
        case .failure(let reason):
            let text = TextLayout.layout(
                StyledString(TextLayout.sanitized(reason)), width: size.columns - 2 * inset, height: areaRows,
                alignment: .center, style: style)
            cells.blit(text, at: CellPosition(column: inset, row: 0))
            return (cells, nil)
        }
    }

    /// `text` when it fits `width` cells, else "…" and its longest end that fits after it.
    static func leftCut(_ text: String, width: Int) -> String {
        guard DisplayWidth.of(text) > width, width >= 1 else { return text }
        var kept: [Character] = []
        var used = 1
        for cluster in text.reversed() {
            let cells = DisplayWidth.of(cluster)
            guard used + cells <= width else { break }
            used += cells
            kept.append(cluster)
        }
        return "…" + String(kept.reversed())
    }
}
