/// Reads a Markdown text (a tips file, a card written as Markdown) into a ``StyledString``: the
/// markup becomes the runs' styles and is dropped from the text, so the ``StyledString/plainText``
/// (what names the item to scripts) is the text a reader sees.
///
/// ## Supported
///
/// A subset of CommonMark 0.31 (spec.commonmark.org) and its GitHub extension for
/// strikethrough, read line by line:
/// - Emphasis `*a*`, `_a_` → italic; strong `**a**`, `__a__` → bold; `***a***` both (§6.2, with
///   its left- and right-flanking rules for `*` and `_`); strikethrough `~~a~~` (GFM §6.5).
/// - Code spans (§6.1): a backtick run closed by one of the same length; the text between is kept
///   as it is (one space at each end dropped when both are spaces), in ``codeStyle``.
/// - Links `[text](destination)` (§6.3): the text is shown (underlined), the destination is kept
///   as the runs' ``StyledString/Style/link``; backslash escapes work in both. A destination ends
///   at the first white space or unescaped `)`; titles and reference links are not read.
/// - Backslash escapes (§2.4): `\` before ASCII punctuation shows that character as it is.
/// - ATX headings (§4.2): one to six `#` and a space → the text in bold, the `#`s (and a closing
///   run of them) dropped.
/// - Bullet lists (§5.2) `-`, `*`, `+` and a space → `• `; numbered lists `1.`, `1)` keep their
///   numbers; indentation before the marker is kept.
/// - Block quotes (§5.1): each `>` (and one space after it) → a dim `│ `, the quoted text dim.
/// - Fenced code blocks (§4.5) of three or more backticks or tildes: the fence lines are dropped,
///   the lines between kept verbatim (no Markdown read in them, not re-wrapped) in
///   ``codeStyle``. A fence with no closing fence is text.
///
/// Not read (the text stays as written): setext headings, thematic breaks, indented code blocks,
/// HTML, reference links, images, autolinks, tables; spans do not cross a line break. A line
/// that is `---` (spaces around it aside) is kept as it is, and no fenced block crosses it: it is
/// the deck's flashcard separator (``CardFaces``), so a card read whole reads as its two faces
/// read one by one. Markup with no partner (an unclosed `*`, backtick, `[` or `~~`) is text.
///
/// Bad input is text: control characters but line feeds are dropped (a carriage return before a
/// line feed too), a tab becomes spaces to the next multiple of four columns. Time and memory
/// are linear in the text's length, however deeply spans nest: each delimiter is matched once
/// and no matching recurses.
public enum MarkdownReader {
    /// The style of code spans and fenced code blocks: reverse video, distinct on any card
    /// colour and at every colour depth (docs/decisions/0101).
    public static let codeStyle = StyledString.Style(attributes: .reverse)

    /// The styled runs of the Markdown `text`.
    public static func read(_ text: String) -> StyledString {
        let lines = normalized(text).split(separator: "\n", omittingEmptySubsequences: false).map(Array.init)
        let fences = MarkdownFences(lines)
        var result = StyledString()
        var index = 0
        var first = true
        func startLine() {
            if !first { result.append("\n") }
            first = false
        }
        while index < lines.count {
            if let close = fences.closing[index] {
                for line in lines[(index + 1)..<close] {
                    startLine()
                    result.append(String(line), style: codeStyle)
                }
                index = close + 1
                continue
            }
            startLine()
            result = result + readLine(lines[index])
            index += 1
        }
        return result
    }

    // MARK: - Lines

    /// One line outside fenced code: a separator, quote, heading, list item or text. A line
    /// whose markup would leave a separator (`\---`, `**---**`) is kept as written, so that
    /// only a written separator splits a card.
    static func readLine(_ line: [Character]) -> StyledString {
        let text = String(line)
        if CardFaces.isSeparator(text) { return StyledString(text) }
        let styled = readMarkup(line)
        return CardFaces.isSeparator(styled.plainText) ? StyledString(text) : styled
    }

    private static func readMarkup(_ line: [Character]) -> StyledString {
        var result = StyledString()
        var rest = line[...]
        var base = StyledString.Style.plain
        var quoted = false
        while let after = quoteContent(rest) {
            quoted = true
            base.attributes.insert(.dim)
            result.append(after.isEmpty ? "│" : "│ ", style: base)
            rest = after
        }
        if quoted, CardFaces.isSeparator(String(rest)) {
            result.append(String(rest), style: base)
            return result
        }
        if let heading = headingContent(rest) {
            base.attributes.insert(.bold)
            return result + MarkdownInline.read(heading, base: base)
        }
        if let (marker, content) = listItem(rest) {
            result.append(marker, style: base)
            rest = content
        }
        return result + MarkdownInline.read(rest, base: base)
    }

    /// The text after a block quote marker (up to three spaces, `>`, one optional space).
    static func quoteContent(_ line: ArraySlice<Character>) -> ArraySlice<Character>? {
        var rest = line
        var spaces = 0
        while rest.first == " ", spaces < 3 {
            rest = rest.dropFirst()
            spaces += 1
        }
        guard rest.first == ">" else { return nil }
        rest = rest.dropFirst()
        return rest.first == " " ? rest.dropFirst() : rest
    }

    /// The text of an ATX heading (the `#`s, the spaces around the text and a closing run of
    /// `#`s after a space dropped), or nil when `line` is not one.
    static func headingContent(_ line: ArraySlice<Character>) -> ArraySlice<Character>? {
        var rest = line.drop(while: { $0 == " " })
        guard line.count - rest.count <= 3 else { return nil }
        let hashes = rest.prefix(while: { $0 == "#" }).count
        guard (1...6).contains(hashes) else { return nil }
        rest = rest.dropFirst(hashes)
        guard rest.isEmpty || rest.first == " " else { return nil }
        rest = rest.drop(while: { $0 == " " })
        while rest.last == " " { rest = rest.dropLast() }
        let closing = rest.reversed().prefix(while: { $0 == "#" }).count
        if closing == rest.count {
            rest = rest.dropLast(closing)
        } else if closing > 0, rest[rest.endIndex - closing - 1] == " " {
            rest = rest.dropLast(closing)
            while rest.last == " " { rest = rest.dropLast() }
        }
        return rest
    }

    /// A list item's marker as shown (indentation kept; `• ` for a bullet, the number and its
    /// `.` or `)` kept) and the item's text, or nil when `line` is not one.
    static func listItem(_ line: ArraySlice<Character>) -> (String, ArraySlice<Character>)? {
        let indent = line.prefix(while: { $0 == " " })
        let rest = line.dropFirst(indent.count)
        guard let first = rest.first else { return nil }
        if first == "-" || first == "*" || first == "+" {
            let after = rest.dropFirst()
            guard after.first == " " else { return nil }
            return (String(indent) + "• ", after.dropFirst())
        }
        let digits = rest.prefix(while: { $0.isASCII && $0.isNumber })
        guard (1...9).contains(digits.count) else { return nil }
        let after = rest.dropFirst(digits.count)
        guard let delimiter = after.first, delimiter == "." || delimiter == ")",
            after.dropFirst().first == " "
        else { return nil }
        return (String(indent) + String(digits) + String(delimiter) + " ", after.dropFirst(2))
    }

    // MARK: - Normalizing

    /// `text` with `\r\n` as `\n`, tabs as spaces to the next multiple of four columns, and every
    /// other control character (C0, DEL, C1) dropped.
    package static func normalized(_ text: String) -> String {
        var output = String.UnicodeScalarView()
        var column = 0
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x0A:
                output.append(scalar)
                column = 0
            case 0x09:
                let spaces = 4 - column % 4
                output.append(contentsOf: repeatElement(" ", count: spaces))
                column += spaces
            case 0x00...0x1F, 0x7F...0x9F:
                continue
            default:
                output.append(scalar)
                column += 1
            }
        }
        return String(output)
    }
}

extension StyledString {
    /// The styled runs of the Markdown `markdown` (``MarkdownReader``: emphasis, strong,
    /// strikethrough, code, links, headings, lists, block quotes, fenced code).
    public init(markdown: String) {
        self = MarkdownReader.read(markdown)
    }
}
