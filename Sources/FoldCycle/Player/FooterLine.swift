/// A line of text drawn under the card (a status line, a command line).
public struct FooterLine: Hashable, Sendable {
    /// The text; control characters are shown as visible substitutes, long text is clipped with "…".
    public var text: String
    /// Whether a caret (a reverse-video cell) follows the text, as on a command line.
    public var showsCaret: Bool
    /// Attributes of the text (e.g. dim).
    public var attributes: CellAttributes

    /// Creates a footer line.
    public init(_ text: String, showsCaret: Bool = false, attributes: CellAttributes = []) {
        self.text = text
        self.showsCaret = showsCaret
        self.attributes = attributes
    }
}
