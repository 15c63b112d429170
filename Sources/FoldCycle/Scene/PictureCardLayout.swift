/// How a card shows a ``CardPicture`` (docs/DESIGN.md#picture-cards): the picture area is the whole
/// card but its last row, which holds the caption (centred, in the card's text style; when too
/// long, cut from the left with "…" so the file's name stays, and without its pixel size when
/// even the name and the size do not fit: ``captionLine(_:width:)``); with no caption, or a card one row tall, the picture takes every row. A
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
                StyledString(captionLine(picture, width: size.columns - 2 * inset)),
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

    /// The caption as a line of at most `width` cells: whole when it fits; else its label (a path)
    /// cut from the left and the size note kept, when the file's name still fits whole; else the
    /// label alone, cut from the left.
    static func captionLine(_ picture: CardPicture, width: Int) -> String {
        let caption = TextLayout.sanitized(picture.caption)
        let note = picture.sizeNote.isEmpty ? "" : " · " + picture.sizeNote
        guard DisplayWidth.of(caption) > width else { return caption }
        let hasNote = !note.isEmpty && caption.hasSuffix(note)
        let label = hasNote ? String(caption.dropLast(note.count)) : caption
        let name = picture.path.map { TextLayout.sanitized(CardPicture.fileName(of: $0)) } ?? label
        let room = width - DisplayWidth.of(note)
        if hasNote, room >= DisplayWidth.of(name) { return cut(label, name: name, width: room) + note }
        return cut(label, name: name, width: width)
    }

    /// `label` (a path ending in `name`) in `width` cells: whole when it fits, else cut from the
    /// left with "…", else `name` alone when the "…" does not fit beside it, else `name` cut.
    private static func cut(_ label: String, name: String, width: Int) -> String {
        let nameWidth = DisplayWidth.of(name)
        guard DisplayWidth.of(label) > width else { return label }
        if width > nameWidth { return leftCut(label, width: width) }
        return nameWidth == width ? name : leftCut(name, width: width)
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
