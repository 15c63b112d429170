extension TextStyle {
    /// The cell (a space) a run in `run` style is drawn in over this style: the run's colours
    /// where they are not ``StyledString/Color/default``, this style's otherwise; both styles'
    /// attributes; the run's link as ``Cell/linkID`` (``LinkTable/shared``).
    ///
    /// At 16 colours (``contrastDepth``) a bold cell whose foreground is sent as one of the first
    /// eight palette entries (SGR 30–37) is not bold: xterm's default `boldColors` draws bold
    /// colour `n` < 8 as colour `n + 8` (bold black as grey #7f7f7f), so the colour judged and
    /// sent would not be the one shown (docs/decisions/0251).
    ///
    /// A run's own foreground on an RGB background keeps a contrast of at least
    /// ``minimumRunContrast`` with it at ``contrastDepth`` (``RGBColor/keepingContrast(_:against:at:)``):
    /// `ls`'s blue stays readable on a blue card, git's yellow on a yellow one.
    package func cell(for run: StyledString.Style) -> Cell {
        let background = TerminalColor(run.background) ?? background
        var foreground = TerminalColor(run.foreground) ?? foreground
        if run.foreground != .default, case .rgb(let color) = foreground, case .rgb(let behind) = background {
            foreground = .rgb(color.keepingContrast(Self.minimumRunContrast, against: behind, at: contrastDepth))
        }
        var cell = Cell(
            glyph: 0x20, foreground: foreground, background: background,
            attributes: attributes.union(CellAttributes(run.attributes)))
        // A palette entry the contrast rule left as it is stays a palette entry (sent as its index).
        if case .palette(let index) = run.foreground, foreground == TerminalColor(run.foreground) {
            cell.foregroundBits = TerminalColor.packedPalette(index)
        }
        if case .palette(let index) = run.background { cell.backgroundBits = TerminalColor.packedPalette(index) }
        if run.link != nil { cell.linkID = LinkTable.shared.id(for: run.link) }
        if contrastDepth == .ansi16, cell.attributes.contains(.bold), Self.brightensWhenBold(cell.foregroundBits) {
            cell.attributes.remove(.bold)
        }
        return cell
    }

    /// Whether a packed foreground is sent at 16 colours as palette entry 0–7 (SGR 30–37), which
    /// xterm's `boldColors` draws as entry 8–15 when the cell is bold. The terminal's default
    /// foreground (39) is not brightened.
    package static func brightensWhenBold(_ foreground: UInt32) -> Bool {
        let shown = Pen.output(foreground, depth: .ansi16)
        return shown != Pen.outputDefault && shown & 0xFF < 8
    }

    /// The least contrast ratio (WCAG 2.x) a run's own text colour keeps with the colour behind
    /// it: 3, WCAG's minimum for large or bold text (the card's text is bold).
    package static let minimumRunContrast: Double = 3

    /// The style `text` is laid out over: this one, without its bold when a run of `text` is
    /// bold of its own (a Markdown `**strong**`, an SGR 1), so that the bold shows
    /// (docs/decisions/0100, kept by 0251).
    package func under(_ text: StyledString) -> TextStyle {
        guard attributes.contains(.bold), text.runs.contains(where: { $0.style.attributes.contains(.bold) }) else {
            return self
        }
        var style = self
        style.attributes.remove(.bold)
        return style
    }

    /// This style with `run`'s colours and attributes over it (as ``cell(for:)``).
    package func applying(_ run: StyledString.Style) -> TextStyle {
        let cell = cell(for: run)
        return TextStyle(foreground: cell.foreground, background: cell.background, attributes: cell.attributes)
    }
}

extension TerminalColor {
    /// A run's colour as a cell colour: a palette entry as the RGB of xterm's default palette
    /// (``ColorDepth/ansi256Color(index:)``; ``TextStyle/cell(for:)`` marks it as the entry in
    /// the cell's bits, ``TerminalColor/packedPalette(_:)``); nil for ``StyledString/Color/default``.
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
