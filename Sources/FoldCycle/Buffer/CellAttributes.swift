/// Text attributes of a cell (SGR 1, 2, 3, 4, 7, 9; the codes are named in `SGRCode`).
public struct CellAttributes: OptionSet, Hashable, Sendable {
    /// The bit set.
    public let rawValue: UInt8

    /// Creates attributes from their bits.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Bold (SGR 1).
    public static let bold = CellAttributes(rawValue: 1 << 0)
    /// Dim, faint (SGR 2).
    public static let dim = CellAttributes(rawValue: 1 << 1)
    /// Italic (SGR 3).
    public static let italic = CellAttributes(rawValue: 1 << 2)
    /// Underline (SGR 4).
    public static let underline = CellAttributes(rawValue: 1 << 3)
    /// Reverse video (SGR 7).
    public static let reverse = CellAttributes(rawValue: 1 << 4)
    /// Strikethrough, crossed out (SGR 9).
    public static let strikethrough = CellAttributes(rawValue: 1 << 5)
}
