import FoldCycle

/// The card of a deck or slideshow of pictures sized to the terminal
/// (docs/decisions/0196-picture-cards-sized-to-the-terminal.md): with no `--width` or no
/// `--height`, a run whose items include pictures gives its card the largest size that fits the
/// area its scene gets, and fits it again on every resize, growing and shrinking. `render` keeps
/// ``CardScene/pictureCardSize`` (its output depends on no terminal).
enum PictureCardSizing {
    /// The deck's card in a terminal of `screen`: its width but one column each side, its rows but
    /// the footer's (``DeckSession/footerRows``), one above and one below the stack and one per
    /// card peeking beneath (`visibleCount − 1`), as ``DeckSession/frameSize(screen:cardRows:visibleCount:fullscreen:)``
    /// lays them out. `width` and `height` (`--width`, `--height`) stay when given. At least 1 × 2
    /// (a picture row and its caption), at most the options' upper bounds.
    static func deckCard(screen: TerminalSize, width: Int?, height: Int?, visibleCount: Int) -> TerminalSize {
        let rows = screen.rows - DeckSession.footerRows - 2 - max(visibleCount - 1, 0)
        return bounded(columns: width ?? screen.columns - 2, rows: height ?? rows)
    }

    /// The slideshow's card in a terminal of `screen`: every column, every row but the
    /// `reservedRows` the footer takes. `width` and `height` stay when given.
    static func liveCard(screen: TerminalSize, width: Int?, height: Int?, reservedRows: Int) -> TerminalSize {
        bounded(columns: width ?? screen.columns, rows: height ?? screen.rows - reservedRows)
    }

    private static func bounded(columns: Int, rows: Int) -> TerminalSize {
        TerminalSize(
            columns: min(max(columns, 1), SharedOptions.widthRange.upperBound),
            rows: min(max(rows, 2), SharedOptions.heightRange.upperBound))
    }
}
