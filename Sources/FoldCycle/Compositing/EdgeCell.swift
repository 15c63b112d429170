extension LayerBlending {
    /// Draws a cell that a layer's edge covers partly, in `eighths`/8 steps (1...7): a block
    /// element of `family` (``BlockGlyph/Family/lower`` or ``BlockGlyph/Family/left``) whose two
    /// colours are the face's and the one below.
    ///
    /// `coversFar` is true when the layer covers the bottom (rows) or left (columns) part, the
    /// part the block glyphs fill: the block `eighths` is drawn in the face's colour over the
    /// colour below. Otherwise the complementary block `8 − eighths` is drawn in the colour
    /// below over the face's colour. The face's colour (`faceColour`, packed) is blended with
    /// the layer's alpha; "below" is the colour the cell shows, before the layer is drawn, in the
    /// part the layer leaves uncovered (``uncoveredColour(of:family:eighths:coversFar:)``), so
    /// where two faces meet inside one cell (a fold's, a push's or a cube's shared edge) the
    /// block carries both faces' colours. ``edgeCell(glyph:ink:paper:)`` makes a default colour
    /// the terminal's own background, and at ``ColorDepth/none`` no block is drawn.
    @inline(__always)
    func drawEdge(
        at index: Int, eighths: Int, coversFar: Bool, faceColour: UInt32, family: BlockGlyph.Family,
        memo: inout BlendMemo, target: UnsafeMutableBufferPointer<Cell>
    ) {
        let below = Self.uncoveredColour(of: target[index], family: family, eighths: eighths, coversFar: coversFar)
        let layerColour = blendedBackground(faceColour, below: below, memo: &memo)
        if colorDepth == .none {
            // No colour: a block would show in the default foreground, a solid slab that comes and
            // goes as the edge moves, where a card at rest shows no box. The cell is a space in the
            // colour covering most of it (kept for later layers; the output shows none).
            target[index] = Cell(
                glyph: 0x20, foregroundBits: TerminalColor.packedDefault,
                backgroundBits: eighths >= 4 ? layerColour : below)
        } else if coversFar {
            target[index] = Self.edgeCell(glyph: family.glyph(eighths), ink: layerColour, paper: below)
        } else {
            target[index] = Self.edgeCell(glyph: family.glyph(8 - eighths), ink: below, paper: layerColour)
        }
    }

    /// A block `glyph` whose filled part (its ink) shows the packed colour `ink` and whose other
    /// part (its paper) shows `paper`, either of which may be the terminal's default background
    /// (``TerminalColor/packedDefault``; no cell colour is ever the default foreground here).
    ///
    /// A foreground can only be an exact default background under reverse video (SGR 7 draws the
    /// glyph in the background colour and the rest in the foreground), so: an RGB ink is the
    /// foreground over the paper as background; a default ink over an RGB paper is reversed, the
    /// paper as foreground and the default as background; both default is a default space.
    /// The part outside the card is then the terminal's own background on every theme, never a
    /// literal black (docs/DESIGN.md#edges).
    @inline(__always)
    static func edgeCell(glyph: UInt32, ink: UInt32, paper: UInt32) -> Cell {
        if ink & TerminalColor.rgbTag != 0 {
            return Cell(glyph: glyph, foregroundBits: ink, backgroundBits: paper)
        }
        if paper & TerminalColor.rgbTag != 0 {
            return Cell(glyph: glyph, foregroundBits: paper, backgroundBits: ink, attributes: .reverse)
        }
        return Cell(
            glyph: 0x20, foregroundBits: TerminalColor.packedDefault, backgroundBits: TerminalColor.packedDefault)
    }

    /// The packed colour `cell` shows in the part of it that a layer covering `eighths`/8 from
    /// the far side (`coversFar`: the bottom or left) or the near side leaves uncovered.
    ///
    /// A partial block of the same family (an earlier layer's edge in this cell) shows its
    /// foreground in its far `n`/8 and its background in the rest (swapped when it is reversed,
    /// ``edgeCell(glyph:ink:paper:)``): the uncovered part takes the colour under its own middle.
    /// Any other cell shows its background (its foreground when reversed).
    @inline(__always)
    static func uncoveredColour(of cell: Cell, family: BlockGlyph.Family, eighths: Int, coversFar: Bool) -> UInt32 {
        let reversed = cell.attributes.contains(.reverse)
        let ink = reversed ? cell.backgroundBits : cell.foregroundBits
        let paper = reversed ? cell.foregroundBits : cell.backgroundBits
        guard let filled = family.eighths(of: cell.glyph) else { return paper }
        // The uncovered part's middle, in sixteenths from the far side: (8 + m)/16 when the layer
        // covers the far m/8, (8 − m)/16 when it covers the near m/8; inside the block's n/8
        // (2n sixteenths) it shows the block's foreground.
        let middle = coversFar ? 8 + eighths : 8 - eighths
        return middle < 2 * filled ? ink : paper
    }
}
