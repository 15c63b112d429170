/// A line of text drawn under the card (a status line, a command line, a reply).
public struct FooterLine: Hashable, Sendable {
    /// The text; control characters are shown as visible substitutes, long text is clipped with
    /// "…" (or, when it ``wraps``, continued on more rows).
    public var text: String
    /// Whether a caret (a reverse-video cell) follows the text, as on a command line.
    public var showsCaret: Bool
    /// Where the caret sits, in grapheme clusters from the end of ``text``: 0 (the default)
    /// after the text, in a cell of its own; 1 on the last cluster, which is then drawn in reverse
    /// video; and so on (a cursor moved left on a command line). Only with ``showsCaret``.
    public var caretOffset: Int
    /// Attributes of the text (e.g. dim).
    public var attributes: CellAttributes
    /// Whether text wider than the footer continues on more rows, broken at spaces (continuation
    /// rows indented by two), instead of being clipped: a reply that must be read whole, at any
    /// width the terminal has now.
    public var wraps: Bool

    /// Creates a footer line.
    public init(
        _ text: String, showsCaret: Bool = false, caretOffset: Int = 0, attributes: CellAttributes = [],
        wraps: Bool = false
    ) {
        self.text = text
        self.showsCaret = showsCaret
        self.caretOffset = max(caretOffset, 0)
        self.attributes = attributes
        self.wraps = wraps
    }

    /// What separates the parts of a status line ("▶ running · item 2/9 · fold up").
    package static let separator = " · "

    /// The text to draw in `width` cells: ``text`` when it fits; else, for a line of
    /// ``separator``-joined parts with no caret, the leading parts that fit followed by " …", so a
    /// part is shown whole or not at all (never "item 1/…"); else ``text``, for the drawing to
    /// clip with "…".
    package func fittedText(width: Int) -> String {
        guard !showsCaret, DisplayWidth.of(text) > width, text.contains(Self.separator) else { return text }
        let parts = text.split(separator: Self.separator, omittingEmptySubsequences: false).map(String.init)
        var kept = parts[0]
        guard DisplayWidth.of(kept) + 2 <= width else { return text }
        for part in parts.dropFirst() {
            let candidate = kept + Self.separator + part
            guard DisplayWidth.of(candidate) + 2 <= width else { break }
            kept = candidate
        }
        return kept + " …"
    }

    /// The rows this line takes in a footer `width` cells wide, none of them wrapping: itself,
    /// or, when it ``wraps``, its text broken at spaces into rows of at most `width` cells (a word
    /// wider than that is clipped on its own row; the caret stays on the last row).
    package func rows(width: Int) -> [FooterLine] {
        guard wraps, DisplayWidth.of(text) + (showsCaret ? 1 : 0) > width, width > 2 else {
            return [FooterLine(text, showsCaret: showsCaret, caretOffset: caretOffset, attributes: attributes)]
        }
        var rows: [String] = []
        var row = ""
        for word in text.split(separator: " ") {
            let candidate = row.isEmpty ? String(word) : row + " " + word
            if !row.isEmpty, DisplayWidth.of(candidate) > width {
                rows.append(row)
                row = "  " + word
            } else {
                row = candidate
            }
        }
        rows.append(row)
        return rows.enumerated().map { index, text in
            FooterLine(text, showsCaret: showsCaret && index == rows.count - 1, attributes: attributes)
        }
    }
}
