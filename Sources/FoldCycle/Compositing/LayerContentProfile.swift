/// What a layer's content holds that the compositor's paths would otherwise read from every cell
/// on every frame: built once per content (``CardScene`` keeps one with each laid-out card) and
/// reused for every frame of a transition, in which a layer's geometry changes but its cells do
/// not.
///
/// A ``Layer`` carries one only while it describes that layer's ``Layer/content`` (changing the
/// content drops it); without one the compositor reads the cells as before. Either way it draws
/// the same cells.
final class LayerContentProfile: Sendable {
    /// One glyph the forward-placing path places (``ProjectiveDraw/isGlyph(_:visibleSpace:)``):
    /// its source column and whether it is a wide lead.
    struct Glyph: Hashable, Sendable {
        /// The source column, 0..<width.
        var column: Int32
        /// Whether the glyph is a wide lead (width 2).
        var isWide: Bool
    }

    /// The content's size in cells.
    let width: Int
    let height: Int
    /// The packed background (``Cell/backgroundBits``) every cell has, or nil when they differ.
    let uniformBackground: UInt32?
    /// Whether every wide cluster is in its canonical form: each cell's width is 0, 1 or 2, each
    /// lead (width 2) is followed in its row by exactly ``Cell/continuation(of:)`` of it, and each
    /// continuation follows a lead. Then a run of layer cells that starts on no continuation and
    /// ends on no lead is drawn, opaque, as a plain copy (see ``DrawContext``).
    let canonicalClusters: Bool
    /// The colours of every cell, as ``BlendMemo`` keys them (foreground in the high half,
    /// background in the low half), when the cells have at most two pairs (a card: its text's and
    /// its padding's); both the same when they have one; nil when they have more.
    let colourKeys: (first: UInt64, second: UInt64)?
    /// The glyphs to place, row by row, left to right: row `y`'s are
    /// `glyphs[rowStarts[y]..<rowStarts[y + 1]]`.
    let glyphs: [Glyph]
    /// `height + 1` offsets into ``glyphs``.
    let rowStarts: [Int]

    /// Reads `content` once.
    ///
    /// - Complexity: O(cells), one pass.
    init(_ content: CellBuffer) {
        width = content.width
        height = content.height
        let visibleSpace = ProjectiveDraw.visibleSpaceAttributes
        var glyphs: [Glyph] = []
        var rowStarts: [Int] = [0]
        rowStarts.reserveCapacity(content.height + 1)
        var canonical = true
        var backgroundDifferences: UInt64 = 0
        var keys: (first: UInt64, second: UInt64)? = nil
        var keysFit = true
        let width = content.width
        content.cells.withUnsafeBufferPointer { cells in
            let expected = UInt64(cells.first?.backgroundBits ?? 0)
            for y in 0..<content.height {
                let row = y * width
                var x = 0
                while x < width {
                    let cell = cells[row + x]
                    backgroundDifferences |= cell.high ^ expected
                    let key = Self.colourKey(cell)
                    if let known = keys {
                        if key != known.first && key != known.second {
                            if known.first == known.second {
                                keys = (known.first, key)
                            } else {
                                keysFit = false
                            }
                        }
                    } else {
                        keys = (key, key)
                    }
                    if ProjectiveDraw.isGlyph(cell, visibleSpace: visibleSpace) {
                        glyphs.append(Glyph(column: Int32(truncatingIfNeeded: x), isWide: cell.width == 2))
                    }
                    switch cell.width {
                    case 1:
                        x += 1
                    case 2 where x + 1 < width && cells[row + x + 1] == .continuation(of: cell):
                        // The continuation has the lead's colours.
                        backgroundDifferences |= cells[row + x + 1].high ^ expected
                        x += 2
                    default:
                        canonical = false
                        x += 1
                    }
                }
                rowStarts.append(glyphs.count)
            }
        }
        self.glyphs = glyphs
        self.rowStarts = rowStarts
        canonicalClusters = canonical
        colourKeys = keysFit ? keys : nil
        uniformBackground =
            backgroundDifferences & 0xFFFF_FFFF == 0 && !content.cells.isEmpty
            ? content.cells[0].backgroundBits : nil
    }

    /// The line of source row `y` (docs/DESIGN.md#text-on-turned-faces): its cells from its
    /// first glyph to the end of its last, as a column range; nil when the row holds no glyph.
    func lineSpan(ofRow y: Int) -> Range<Int>? {
        let from = rowStarts[y]
        let to = rowStarts[y + 1]
        guard from < to else { return nil }
        let last = glyphs[to - 1]
        return Int(glyphs[from].column)..<min(Int(last.column) + (last.isWide ? 2 : 1), width)
    }

    /// The first and last source rows that hold a glyph, or nil when none does.
    var textRows: ClosedRange<Int>? {
        guard let first = (0..<height).first(where: { rowStarts[$0] < rowStarts[$0 + 1] }),
            let last = (0..<height).last(where: { rowStarts[$0] < rowStarts[$0 + 1] })
        else { return nil }
        return first...last
    }

    /// `cell`'s colours as ``BlendMemo`` keys them: the packed foreground in the high half, the
    /// packed background in the low half.
    @inline(__always)
    static func colourKey(_ cell: Cell) -> UInt64 {
        cell.low & 0xFFFF_FFFF_0000_0000 | cell.high & 0xFFFF_FFFF
    }
}
