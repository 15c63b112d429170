extension LayerBlending {
    /// Draws a cell that a layer's edge covers partly, in `eighths`/8 steps (1...7): a block
    /// element from `partial` (``BlockGlyph/lowerEighths(_:)`` or ``BlockGlyph/leftEighths(_:)``)
    /// whose two colours are the face's and the one below.
    ///
    /// `coversFar` is true when the layer covers the bottom (rows) or left (columns) part, the
    /// part the block glyphs fill: the block `eighths` is drawn in the face's colour over the
    /// colour below. Otherwise the complementary block `8 − eighths` is drawn in the colour
    /// below over the face's colour. The face's colour (`faceColour`, packed) is blended with
    /// the layer's alpha; "below" is the cell's background before the layer is drawn.
    @inline(__always)
    func drawEdge(
        at index: Int, eighths: Int, coversFar: Bool, faceColour: UInt32, partial: (Int) -> UInt32,
        target: UnsafeMutableBufferPointer<Cell>
    ) {
        let below = target[index].backgroundBits
        let layerColour = blendedBackground(faceColour, below: below)
        if coversFar {
            let layerAsForeground =
                TerminalColor.rgbTag
                | TerminalColor.resolved(packed: layerColour, fallback: backgroundRGB)
            target[index] = Cell(glyph: partial(eighths), foregroundBits: layerAsForeground, backgroundBits: below)
        } else {
            let belowAsForeground =
                TerminalColor.rgbTag | TerminalColor.resolved(packed: below, fallback: backgroundRGB)
            target[index] = Cell(
                glyph: partial(8 - eighths), foregroundBits: belowAsForeground,
                backgroundBits: layerColour)
        }
    }
}
