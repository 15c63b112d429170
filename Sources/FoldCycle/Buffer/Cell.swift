/// One terminal cell: a glyph id, its display width, colours and attributes. 16 bytes (two
/// words) with no padding and no references: buffers of cells are compared and copied without
/// retain/release, a copy is two word moves and `==` is two word compares.
///
/// A wide (2-cell) cluster occupies a lead cell with ``width`` 2 followed by a continuation cell
/// with ``width`` 0 (and the same colours); a buffer never holds one without the other.
///
/// Storage: `low` holds `glyph` (bits 0–31) and the packed foreground (bits 32–63, see
/// `TerminalColor/packed`); `high` holds the packed background (bits 0–31), ``width``
/// (bits 32–39), ``attributes`` (bits 40–47) and the link id (bits 48–62, `linkID`, an id of
/// `LinkTable.shared`; 0 for none); bit 63 is always 0. The public properties read and write
/// those bits.
public struct Cell: Hashable, Sendable {
    /// Glyph and packed foreground.
    var low: UInt64
    /// Packed background, width and attributes.
    var high: UInt64

    /// The grapheme cluster: a Unicode scalar value, or an id ≥ 0x110000 interned in
    /// ``GlyphTable/shared``. A continuation cell holds a space (0x20).
    package var glyph: UInt32 {
        @inline(__always) get { UInt32(truncatingIfNeeded: low) }
        @inline(__always) set { low = low & ~0xFFFF_FFFF | UInt64(newValue) }
    }

    /// Display width in cells: 1 (narrow), 2 (lead of a wide cluster) or 0 (continuation).
    public var width: UInt8 {
        @inline(__always) get { UInt8(truncatingIfNeeded: high >> 32) }
        @inline(__always) set { high = high & ~(0xFF << 32) | UInt64(newValue) << 32 }
    }

    /// Text attributes.
    public var attributes: CellAttributes {
        @inline(__always) get { CellAttributes(rawValue: UInt8(truncatingIfNeeded: high >> 40)) }
        @inline(__always) set { high = high & ~(0xFF << 40) | UInt64(newValue.rawValue) << 40 }
    }

    /// The hyperlink the cell's text links to: an id of ``LinkTable/shared`` (bits 48–62 of
    /// `high`), 0 for none.
    package var linkID: UInt16 {
        @inline(__always) get { UInt16(truncatingIfNeeded: high >> 48) & LinkTable.maximumID }
        @inline(__always) set {
            high = high & ~Self.linkBits | UInt64(newValue & LinkTable.maximumID) << 48
        }
    }

    /// The bits of `high` that hold ``linkID``.
    static let linkBits: UInt64 = 0x7FFF << 48

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

    /// ``foreground`` packed (``TerminalColor/packed``; a palette entry keeps its flag here, which
    /// ``foreground`` does not show).
    package var foregroundBits: UInt32 {
        @inline(__always) get { UInt32(truncatingIfNeeded: low >> 32) }
        @inline(__always) set { low = low & 0xFFFF_FFFF | UInt64(newValue) << 32 }
    }

    /// ``background`` packed (as ``foregroundBits``).
    package var backgroundBits: UInt32 {
        @inline(__always) get { UInt32(truncatingIfNeeded: high) }
        @inline(__always) set { high = high & ~0xFFFF_FFFF | UInt64(newValue) }
    }

    /// Creates a cell from a glyph id.
    ///
    /// - Parameters:
    ///   - glyph: a scalar value or an interned id (see ``GlyphTable``).
    ///   - width: 1, 2 (wide lead) or 0 (continuation).
    package init(
        glyph: UInt32, width: UInt8 = 1, foreground: TerminalColor = .default,
        background: TerminalColor = .default, attributes: CellAttributes = []
    ) {
        self.init(
            glyph: glyph, width: width, foregroundBits: foreground.packed,
            backgroundBits: background.packed, attributes: attributes)
    }

    /// Creates a cell from packed colours (``TerminalColor/packed``).
    @inline(__always)
    init(
        glyph: UInt32, width: UInt8 = 1, foregroundBits: UInt32, backgroundBits: UInt32,
        attributes: CellAttributes = []
    ) {
        low = UInt64(glyph) | UInt64(foregroundBits) << 32
        high = UInt64(backgroundBits) | UInt64(width) << 32 | UInt64(attributes.rawValue) << 40
    }

    /// Creates a narrow or wide lead cell from a cluster, interning it in `GlyphTable/shared`
    /// when it has several scalars; the width is `DisplayWidth/of(_:)-(Character)` clamped to 1...2.
    public init(
        _ cluster: Character, foreground: TerminalColor = .default,
        background: TerminalColor = .default, attributes: CellAttributes = []
    ) {
        self.init(
            glyph: GlyphTable.shared.id(for: cluster),
            width: UInt8(min(max(DisplayWidth.of(cluster), 1), 2)),
            foreground: foreground, background: background, attributes: attributes)
    }

    /// The grapheme cluster the cell shows (a space for a continuation cell).
    public var character: Character { GlyphTable.shared.character(for: glyph) }

    /// A space with the terminal's default colours and no attributes.
    public static let blank = Cell(glyph: 0x20)

    /// A space in the given colours (width 1).
    public static func space(foreground: TerminalColor = .default, background: TerminalColor) -> Cell {
        Cell(glyph: 0x20, foreground: foreground, background: background)
    }

    /// The continuation (trailing half) of a wide cluster with `lead`'s colours and attributes.
    public static func continuation(of lead: Cell) -> Cell {
        var cell = Cell(
            glyph: 0x20, width: 0, foregroundBits: lead.foregroundBits, backgroundBits: lead.backgroundBits,
            attributes: lead.attributes)
        cell.high |= lead.high & linkBits
        return cell
    }

    /// Whether this is the trailing half of a wide cluster.
    public var isContinuation: Bool { width == 0 }

    // MARK: - Raw comparison

    /// Equal when every field is equal: two word compares.
    @inline(__always)
    public static func == (lhs: Cell, rhs: Cell) -> Bool {
        (lhs.low ^ rhs.low) | (lhs.high ^ rhs.high) == 0
    }

    /// Hashes the two words (consistent with `==`).
    public func hash(into hasher: inout Hasher) {
        hasher.combine(low)
        hasher.combine(high)
    }
}
