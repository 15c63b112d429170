/// Encodes a ``CellBuffer`` as plain text: no escape bytes, no colours.
///
/// Used when output is not a terminal, and by tests to compare frames as literal lines.
package enum PlainTextEncoder {
    /// The buffer's rows as text, one string per row (`buffer.height` strings).
    ///
    /// Each cell contributes its glyph's UTF-8; continuation cells (the trailing half of a wide
    /// cluster) contribute nothing, so every line is `buffer.width` cells wide on a terminal.
    /// Trailing spaces are kept.
    package static func lines(_ buffer: CellBuffer, glyphs: GlyphTable = .shared) -> [String] {
        var lines: [String] = []
        lines.reserveCapacity(buffer.height)
        var bytes: [UInt8] = []
        for y in 0..<buffer.height {
            bytes.removeAll(keepingCapacity: true)
            for x in 0..<buffer.width {
                let cell = buffer[x, y]
                if cell.isContinuation { continue }
                glyphs.appendUTF8(of: cell.glyph, to: &bytes)
            }
            lines.append(String(decoding: bytes, as: UTF8.self))
        }
        return lines
    }

    /// The buffer as one string: ``lines(_:glyphs:)`` each followed by `\n`.
    package static func text(_ buffer: CellBuffer, glyphs: GlyphTable = .shared) -> String {
        lines(buffer, glyphs: glyphs).map { $0 + "\n" }.joined()
    }
}
