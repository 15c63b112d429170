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
    /// block carries both faces' colours.
    @inline(__always)
    func drawEdge(
        at index: Int, eighths: Int, coversFar: Bool, faceColour: UInt32, family: BlockGlyph.Family,
        memo: inout BlendMemo, target: UnsafeMutableBufferPointer<Cell>
    ) {
        let below = Self.uncoveredColour(of: target[index], family: family, eighths: eighths, coversFar: coversFar)
        let layerColour = blendedBackground(faceColour, below: below, memo: &memo)
        if coversFar {
            let layerAsForeground =
                TerminalColor.rgbTag
                | TerminalColor.resolved(packed: layerColour, fallback: backgroundRGB)
            target[index] = Cell(glyph: family.glyph(eighths), foregroundBits: layerAsForeground, backgroundBits: below)
        } else {
            let belowAsForeground =
                TerminalColor.rgbTag | TerminalColor.resolved(packed: below, fallback: backgroundRGB)
            target[index] = Cell(
                glyph: family.glyph(8 - eighths), foregroundBits: belowAsForeground,
                backgroundBits: layerColour)
        }
    }

    /// The packed colour `cell` shows in the part of it that a layer covering `eighths`/8 from
    /// the far side (`coversFar`: the bottom or left) or the near side leaves uncovered.
    ///
    /// A partial block of the same family (an earlier layer's edge in this cell) shows its
    /// foreground in its far `n`/8 and its background in the rest: the uncovered part takes the
    /// colour under its own middle. Any other cell shows its background.
    @inline(__always)
    static func uncoveredColour(of cell: Cell, family: BlockGlyph.Family, eighths: Int, coversFar: Bool) -> UInt32 {
        guard let filled = family.eighths(of: cell.glyph) else { return cell.backgroundBits }
        // The uncovered part's middle, in sixteenths from the far side: (8 + m)/16 when the layer
        // covers the far m/8, (8 − m)/16 when it covers the near m/8; inside the block's n/8
        // (2n sixteenths) it shows the block's foreground.
        let middle = coversFar ? 8 + eighths : 8 - eighths
        return middle < 2 * filled ? cell.foregroundBits : cell.backgroundBits
    }
}
