/// The colours and attributes item text is laid out with.
public struct TextStyle: Hashable, Sendable {
    /// The text colour.
    public var foreground: TerminalColor
    /// The slot's background colour, used for every cell of the slot (text and padding).
    public var background: TerminalColor
    /// Attributes of the text cells (padding cells get none).
    public var attributes: CellAttributes

    /// Creates a style; the defaults are the terminal's colours and no attributes.
    public init(
        foreground: TerminalColor = .default, background: TerminalColor = .default,
        attributes: CellAttributes = []
    ) {
        self.foreground = foreground
        self.background = background
        self.attributes = attributes
    }
}
