extension TextStyle {
    /// The cell (a space) a run in `run` style is drawn in over this style: the run's colours
    /// where they are not ``StyledString/Color/default``, this style's otherwise; both styles'
    /// attributes.
    package func cell(for run: StyledString.Style) -> Cell {
        Cell(
            glyph: 0x20, foreground: TerminalColor(run.foreground) ?? foreground,
            background: TerminalColor(run.background) ?? background,
            attributes: attributes.union(CellAttributes(run.attributes)))
    }

    /// This style with `run`'s colours and attributes over it (as ``cell(for:)``).
    package func applying(_ run: StyledString.Style) -> TextStyle {
        let cell = cell(for: run)
        return TextStyle(foreground: cell.foreground, background: cell.background, attributes: cell.attributes)
    }
}

extension TerminalColor {
    /// A run's colour as a cell colour: a palette entry as the RGB of xterm's default palette
    /// (``ColorDepth/ansi256Color(index:)``, which the encoder maps back to the same entry at 256
    /// and 16 colours); nil for ``StyledString/Color/default``.
    package init?(_ color: StyledString.Color) {
        switch color {
        case .default: return nil
        case .palette(let index): self = .rgb(ColorDepth.ansi256Color(index: index))
        case .rgb(let red, let green, let blue): self = .rgb(RGBColor(red: red, green: green, blue: blue))
        }
    }
}

extension CellAttributes {
    /// A run's attributes as cell attributes (the same bits).
    package init(_ attributes: StyledString.Attributes) {
        self.init(rawValue: attributes.rawValue)
    }
}
