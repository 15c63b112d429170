/// One terminal cell: a glyph id, its display width, colours and attributes. 16 bytes, no
/// references, so buffers of cells are compared and copied without retain/release.
///
/// A wide (2-cell) cluster occupies a lead cell with ``width`` 2 followed by a continuation cell
/// with ``width`` 0 (and the same colours); a buffer never holds one without the other.
public struct Cell: Hashable, Sendable {
    /// The grapheme cluster: a Unicode scalar value, or an id ≥ 0x110000 interned in
    /// ``GlyphTable/shared``. A continuation cell holds a space (0x20).
    public var glyph: UInt32
    /// Display width in cells: 1 (narrow), 2 (lead of a wide cluster) or 0 (continuation).
    public var width: UInt8
    /// Text attributes.
    public var attributes: CellAttributes
    /// Foreground (glyph) colour.
    public var foreground: TerminalColor
    /// Background colour.
    public var background: TerminalColor

    /// Creates a cell from a glyph id.
    ///
    /// - Parameters:
    ///   - glyph: a scalar value or an interned id (see ``GlyphTable``).
    ///   - width: 1, 2 (wide lead) or 0 (continuation).
    public init(glyph: UInt32, width: UInt8 = 1, foreground: TerminalColor = .default,
                background: TerminalColor = .default, attributes: CellAttributes = []) {
        self.glyph = glyph
        self.width = width
        self.attributes = attributes
        self.foreground = foreground
        self.background = background
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
        Cell(glyph: 0x20, width: 0, foreground: lead.foreground, background: lead.background,
             attributes: lead.attributes)
    }

    /// Whether this is the trailing half of a wide cluster.
    public var isContinuation: Bool { width == 0 }
}
