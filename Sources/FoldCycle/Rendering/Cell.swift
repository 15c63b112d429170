/// One terminal cell: a glyph id, its display width, colours and attributes. 16 bytes with no
/// padding and no references: buffers of cells are compared and copied without retain/release,
/// and `==` is two 64-bit compares.
///
/// A wide (2-cell) cluster occupies a lead cell with ``width`` 2 followed by a continuation cell
/// with ``width`` 0 (and the same colours); a buffer never holds one without the other.
///
/// Colours are stored packed (see ``TerminalColor/packed``); ``foreground`` and ``background``
/// read and write them as ``TerminalColor``.
public struct Cell: Hashable, Sendable {
    /// The grapheme cluster: a Unicode scalar value, or an id ≥ 0x110000 interned in
    /// ``GlyphTable/shared``. A continuation cell holds a space (0x20).
    public var glyph: UInt32
    /// ``foreground`` packed.
    var foregroundBits: UInt32
    /// ``background`` packed.
    var backgroundBits: UInt32
    /// Display width in cells: 1 (narrow), 2 (lead of a wide cluster) or 0 (continuation).
    public var width: UInt8
    /// Text attributes.
    public var attributes: CellAttributes
    /// Always 0: makes the layout 16 bytes with no padding, so `==` can compare raw words.
    private var reserved: UInt16 = 0

    /// Foreground (glyph) colour.
    public var foreground: TerminalColor {
        get { TerminalColor(packed: foregroundBits) }
        set { foregroundBits = newValue.packed }
    }

    /// Background colour.
    public var background: TerminalColor {
        get { TerminalColor(packed: backgroundBits) }
        set { backgroundBits = newValue.packed }
    }

    /// Creates a cell from a glyph id.
    ///
    /// - Parameters:
    ///   - glyph: a scalar value or an interned id (see ``GlyphTable``).
    ///   - width: 1, 2 (wide lead) or 0 (continuation).
    public init(glyph: UInt32, width: UInt8 = 1, foreground: TerminalColor = .default,
                background: TerminalColor = .default, attributes: CellAttributes = []) {
        self.init(glyph: glyph, width: width, foregroundBits: foreground.packed,
                  backgroundBits: background.packed, attributes: attributes)
    }

    /// Creates a cell from packed colours (``TerminalColor/packed``).
    @inline(__always)
    init(glyph: UInt32, width: UInt8 = 1, foregroundBits: UInt32, backgroundBits: UInt32,
         attributes: CellAttributes = []) {
        self.glyph = glyph
        self.foregroundBits = foregroundBits
        self.backgroundBits = backgroundBits
        self.width = width
        self.attributes = attributes
    }

    /// Creates a narrow or wide lead cell from a cluster, interning it in ``GlyphTable/shared``
    /// when it has several scalars; the width is ``DisplayWidth/of(_:)-(Character)`` clamped to 1...2.
    public init(_ cluster: Character, foreground: TerminalColor = .default,
                background: TerminalColor = .default, attributes: CellAttributes = []) {
        self.init(glyph: GlyphTable.shared.id(for: cluster),
                  width: UInt8(min(max(DisplayWidth.of(cluster), 1), 2)),
                  foreground: foreground, background: background, attributes: attributes)
    }

    /// A space with the terminal's default colours and no attributes.
    public static let blank = Cell(glyph: 0x20)

    /// A space in the given colours (width 1).
    public static func space(foreground: TerminalColor = .default, background: TerminalColor) -> Cell {
        Cell(glyph: 0x20, foreground: foreground, background: background)
    }

    /// The continuation (trailing half) of a wide cluster with `lead`'s colours and attributes.
    public static func continuation(of lead: Cell) -> Cell {
        Cell(glyph: 0x20, width: 0, foregroundBits: lead.foregroundBits, backgroundBits: lead.backgroundBits,
             attributes: lead.attributes)
    }

    /// Whether this is the trailing half of a wide cluster.
    public var isContinuation: Bool { width == 0 }

    // MARK: - Raw comparison

    /// The cell's 16 bytes as two words (the layout has no padding: see `reserved`).
    @inline(__always)
    var words: (UInt64, UInt64) { unsafeBitCast(self, to: (UInt64, UInt64).self) }

    /// Equal when every field is equal: two word compares.
    @inline(__always)
    public static func == (lhs: Cell, rhs: Cell) -> Bool {
        let l = lhs.words, r = rhs.words
        return (l.0 ^ r.0) | (l.1 ^ r.1) == 0
    }

    /// Hashes the two words (consistent with `==`).
    public func hash(into hasher: inout Hasher) {
        let w = words
        hasher.combine(w.0)
        hasher.combine(w.1)
    }
}
