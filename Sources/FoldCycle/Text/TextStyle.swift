/// The colours and attributes item text is laid out with.
public struct TextStyle: Hashable, Sendable {
    /// The text colour.
    public var foreground: TerminalColor
    /// The slot's background colour, used for every cell of the slot (text and padding).
    public var background: TerminalColor
    /// Attributes of the text cells (padding cells get none).
    public var attributes: CellAttributes
    /// The depth the output shows colours at, for the contrast an item's own text colour keeps
    /// with what is behind it (``cell(for:)``): at 16 colours both are judged as the palette
    /// entries they are sent as. Truecolor unless the scene knows the output's depth. Not part
    /// of the style's equality: it says how to judge colours, not which.
    package var contrastDepth: ColorDepth = .truecolor

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

extension TextStyle {
    /// Styles are equal when their colours and attributes are (its contrast depth aside).
    public static func == (lhs: TextStyle, rhs: TextStyle) -> Bool {
        lhs.foreground == rhs.foreground && lhs.background == rhs.background && lhs.attributes == rhs.attributes
    }

    /// Hashes the colours and attributes (its contrast depth aside, as ``==(_:_:)``).
    public func hash(into hasher: inout Hasher) {
        hasher.combine(foreground)
        hasher.combine(background)
        hasher.combine(attributes)
    }
}
