/// How a settled picture is shown on a terminal (docs/decisions/0154-pictures-at-rest.md): as
/// the half-block cells every frame has, or, at rest, as real pixels drawn over them with a
/// graphics protocol the terminal answered to at launch (``TerminalGraphicsProbe``).
package enum PictureGraphics: Hashable, Sendable {
    /// Half-block cells only (`--pictures cells`, tmux, a terminal with no graphics, `render`).
    case cells
    /// Sixel images (DA1 attribute 4), sized from a cell of `cellWidth` × `cellHeight` pixels,
    /// at most `maximumWidth` × `maximumHeight` pixels when the terminal said (XTSMGRAPHICS).
    case sixel(cellWidth: Int, cellHeight: Int, maximumWidth: Int? = nil, maximumHeight: Int? = nil)
    /// The kitty graphics protocol (its query answered `OK`), placed over `c` × `r` cells; the
    /// bitmap is sent at `cellWidth` × `cellHeight` pixels a cell.
    case kitty(cellWidth: Int, cellHeight: Int)
    /// iTerm2 inline images (XTVERSION named iTerm2 or WezTerm): a PNG of `cellWidth` ×
    /// `cellHeight` pixels a cell, shown over as many cells (docs/decisions/0235-png-encoder-and-iterm2-images.md).
    case iterm2(cellWidth: Int, cellHeight: Int)

    /// The same graphics for a cell of `width` × `height` pixels (a font change, or a resize
    /// that changed the cell's pixels, answered by `CSI 16 t`); ``cells`` stays cells.
    package func withCellPixels(width: Int, height: Int) -> PictureGraphics {
        switch self {
        case .cells: return .cells
        case .sixel(_, _, let maximumWidth, let maximumHeight):
            return .sixel(
                cellWidth: width, cellHeight: height, maximumWidth: maximumWidth, maximumHeight: maximumHeight)
        case .kitty: return .kitty(cellWidth: width, cellHeight: height)
        case .iterm2: return .iterm2(cellWidth: width, cellHeight: height)
        }
    }

    /// A cell's size in pixels, nil for ``cells``.
    package var cellPixels: (width: Int, height: Int)? {
        switch self {
        case .cells: return nil
        case .sixel(let width, let height, _, _), .kitty(let width, let height),
            .iterm2(let width, let height):
            return (width, height)
        }
    }
}
