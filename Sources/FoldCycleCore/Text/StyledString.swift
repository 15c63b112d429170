/// Text in styled runs: what a card shows. Each run is a piece of text with one ``Style`` (its
/// colours, attributes and an optional hyperlink); the concatenation of the runs' text is the
/// ``plainText``, which is what identifies the item to scripts (the deck's JSON `item`, protocol
/// replies, status lines, plain-text output).
///
/// Built from a plain `String` (one run in the default style: text shows exactly as a plain
/// item did), from text with ANSI escape sequences (``init(ansi:)``, ``ANSIReader``), or from
/// runs in code (``init(runs:)``, ``+(_:_:)``). The text of a run is data: control characters in
/// it are shown as visible pictures when laid out, never passed to a terminal.
///
/// Source: the runs of Foundation's `AttributedString` and of a terminal's SGR state; a type of
/// the package's own rather than an `AttributedString` scope (docs/decisions/0100).
public struct StyledString: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// A run's colour: the terminal's default, an entry of its palette (0–15 the 16 ANSI
    /// colours, 16–255 the 256-colour cube and grey ramp), or a 24-bit colour.
    public enum Color: Hashable, Sendable {
        /// The terminal's default foreground or background (SGR 39 / 49).
        case `default`
        /// Palette entry `index` (SGR 30–37, 90–97 for 0–15; `38;5;n` for any).
        case palette(UInt8)
        /// A direct colour (SGR `38;2;r;g;b`).
        case rgb(red: UInt8, green: UInt8, blue: UInt8)
    }

    /// Text attributes of a run (SGR 1, 2, 3, 4, 9, 7).
    public struct Attributes: OptionSet, Hashable, Sendable {
        /// The bit set.
        public let rawValue: UInt8
        /// Creates attributes from their bits.
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        /// Bold (SGR 1).
        public static let bold = Attributes(rawValue: 1 << 0)
        /// Dim, faint (SGR 2).
        public static let dim = Attributes(rawValue: 1 << 1)
        /// Italic (SGR 3).
        public static let italic = Attributes(rawValue: 1 << 2)
        /// Underline (SGR 4).
        public static let underline = Attributes(rawValue: 1 << 3)
        /// Reverse video (SGR 7).
        public static let reverse = Attributes(rawValue: 1 << 4)
        /// Strikethrough, crossed out (SGR 9).
        public static let strikethrough = Attributes(rawValue: 1 << 5)
    }

    /// A run's style: colours (``Color/default`` takes the card's own), attributes (added to
    /// the card's) and a hyperlink target.
    public struct Style: Hashable, Sendable {
        /// The text colour; ``Color/default`` is the card's text colour.
        public var foreground: Color
        /// The colour behind the text; ``Color/default`` is the card's background.
        public var background: Color
        /// The attributes on.
        public var attributes: Attributes
        /// The URI the text links to (OSC 8), or nil.
        public var link: String?

        /// Creates a style; the defaults are the card's colours, no attributes and no link.
        public init(
            foreground: Color = .default, background: Color = .default, attributes: Attributes = [],
            link: String? = nil
        ) {
            self.foreground = foreground
            self.background = background
            self.attributes = attributes
            self.link = link
        }

        /// The default style: the card's colours, no attributes, no link.
        public static let plain = Style()
    }

    /// One run: text in one style.
    public struct Run: Hashable, Sendable {
        /// The run's text (not empty in a ``StyledString``).
        public var text: String
        /// Its style.
        public var style: Style

        /// Creates a run.
        public init(_ text: String, style: Style = .plain) {
            self.text = text
            self.style = style
        }
    }

    /// The runs, in order: none is empty, and no two neighbours have the same style.
    public private(set) var runs: [Run]

    /// The picture the card shows instead of the runs (``init(picture:)``), or nil for text.
    /// The runs then hold the picture's ``CardPicture/plainText``, which names the item.
    /// Appending keeps it, and `+` keeps the left operand's; a string built from runs has none.
    public var picture: CardPicture? { pictureBox?.picture }

    /// ``picture`` behind one reference, so that the value stays two words: a `CardPicture` is a
    /// large value, and every copy of a text item's content copied (and compared) it, nil or not
    /// (docs/decisions/0216).
    private var pictureBox: PictureBox?

    /// Empty text: no run.
    public init() {
        runs = []
    }

    /// A picture as an item (as `NSTextAttachment` rides in an attributed string): ``picture``
    /// is `picture`, and the one run is its ``CardPicture/plainText`` (its path, or caption).
    public init(picture: CardPicture) {
        runs = picture.plainText.isEmpty ? [] : [Run(picture.plainText)]
        pictureBox = PictureBox(picture)
    }

    /// Text in the default style (one run; none for empty text).
    public init(_ text: String) {
        runs = text.isEmpty ? [] : [Run(text)]
    }

    /// Text in the default style, from a literal.
    public init(stringLiteral value: String) {
        self.init(value)
    }

    /// Text from runs; empty runs are dropped and neighbours with the same style merged.
    public init(runs: [Run]) {
        self.runs = []
        for run in runs { append(run) }
    }

    /// Appends a run (nothing when its text is empty; merged into the last run when the style is
    /// the same).
    public mutating func append(_ run: Run) {
        guard !run.text.isEmpty else { return }
        if let last = runs.indices.last, runs[last].style == run.style {
            runs[last].text += run.text
        } else {
            runs.append(run)
        }
    }

    /// Appends `text` in `style`.
    public mutating func append(_ text: String, style: Style = .plain) {
        append(Run(text, style: style))
    }

    /// The runs of both, in order.
    public static func + (lhs: StyledString, rhs: StyledString) -> StyledString {
        var result = lhs
        for run in rhs.runs { result.append(run) }
        return result
    }

    /// The text without styles: what identifies the item.
    public var plainText: String {
        runs.count == 1 ? runs[0].text : runs.reduce(into: "") { $0 += $1.text }
    }

    /// Whether every run has the default style (the text shows as a plain item would).
    public var isPlain: Bool { runs.allSatisfy { $0.style == .plain } }

    /// ``plainText``.
    public var description: String { plainText }
}

/// A ``StyledString``'s picture behind a reference (immutable: a changed picture is a new box).
/// Equal and hashed as its picture, so the string's synthesized `Hashable` is the picture's as
/// before.
private final class PictureBox: Hashable, Sendable {
    let picture: CardPicture

    init(_ picture: CardPicture) {
        self.picture = picture
    }

    static func == (lhs: PictureBox, rhs: PictureBox) -> Bool {
        lhs === rhs || lhs.picture == rhs.picture
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(picture)
    }
}

/// Something a card can show: a plain `String` (one run in the card's style) or a
/// ``StyledString``. The scenes, ``PseudoFoldCycler`` and the decks' data sources take items of
/// any conforming type.
public protocol CardContent: Hashable, Sendable {
    /// The content as styled runs.
    var styledString: StyledString { get }
    /// The content's text without styles: what identifies the item to scripts.
    var plainText: String { get }
}

extension String: CardContent {
    /// The string as one run in the default style.
    public var styledString: StyledString { StyledString(self) }
    /// The string itself.
    public var plainText: String { self }
}

extension StyledString: CardContent {
    /// `self`.
    public var styledString: StyledString { self }
}
