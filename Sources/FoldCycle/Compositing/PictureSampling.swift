/// The picture pass of ``Compositor``: after a layer with a ``Layer/picture`` is drawn as cells
/// (by either path, with its 1/8-cell edges), every destination cell whose centre shows the
/// picture area and that the draw left with a glyph one cell wide (a half block ▀, a space, the
/// "…" of a squeezed face's text fitting, or a letter: a caption placed whole, upright, over the
/// turning picture, this card's or one beneath; not an edge's block element, not a glyph kept
/// below by a cross-fade) is sampled again per sub-cell: its top
/// half shows the sub-pixel under the point a quarter cell below its top edge, its bottom half
/// the one a quarter cell above its bottom, both through the inverse of the layer's geometry. A
/// folded, turned, dragged or flying picture keeps its half-block resolution instead of copying
/// whole cells (docs/DESIGN.md#picture-cards).
///
/// With alpha below 1 each half blends over the half below it (a ▀ cell's foreground on top,
/// otherwise its background), snapped to the depth's palette as every blend is.
struct PictureSampling: LayerBlending {
    let alpha256: UInt32
    let backgroundRGB: UInt32
    let foregroundRGB: UInt32
    let colorDepth: ColorDepth

    /// Samples `raster` of `layer` into `destination`; `before` is the destination before the
    /// layer was drawn (needed only when blending).
    func resample(
        _ raster: PictureRaster, of layer: Layer, before: CellBuffer?, into destination: inout CellBuffer
    ) {
        guard raster.columns > 0, raster.rows > 0, let inverse = layer.geometry.planeHomography.inverted() else {
            return
        }
        let halfWidth = Double(layer.content.width) / 2
        let halfHeight = Double(layer.content.height) / 2
        let centreX = Double(layer.origin.column) + halfWidth
        let centreY = Double(layer.origin.row) + halfHeight
        guard let box = bounds(of: raster, layer: layer, destination: destination) else { return }
        let areaLeft = Double(raster.origin.column)
        let areaTop = Double(raster.origin.row)
        let areaRight = areaLeft + Double(raster.columns)
        let areaBottom = areaTop + Double(raster.rows)
        /// The layer point destination point (x, y) shows, or nil behind the eye.
        func local(_ x: Double, _ y: Double) -> (x: Double, y: Double)? {
            let p = inverse.apply(x: x - centreX, y: y - centreY)
            guard p.w > 0 else { return nil }
            let point = (x: p.x / p.w + halfWidth, y: p.y / p.w + halfHeight)
            return point.x.isFinite && point.y.isFinite ? point : nil
        }
        func subPixel(_ point: (x: Double, y: Double)) -> UInt32 {
            raster.colour(
                x: Self.clampedFloor(point.x - areaLeft), y: Self.clampedFloor((point.y - areaTop) * 2))
        }
        let width = destination.width
        var captionCut = false
        destination.withUnsafeMutableCells { cells in
            for row in box.rows {
                for column in box.columns {
                    let index = row * width + column
                    let cell = cells[index]
                    guard cell.width == 1, takesPicture(cell.glyph) else { continue }
                    let x = Double(column) + 0.5
                    guard let centre = local(x, Double(row) + 0.5), centre.x >= areaLeft, centre.x < areaRight,
                        centre.y >= areaTop, centre.y < areaBottom,
                        let upper = local(x, Double(row) + 0.25), let lower = local(x, Double(row) + 0.75)
                    else { continue }
                    var top = subPixel(upper)
                    var bottom = subPixel(lower)
                    if alpha256 < 256, let below = before?.cells[index] {
                        let belowTop =
                            below.glyph == PictureRaster.upperHalfBlock ? below.foregroundBits : below.backgroundBits
                        top = blendedHalf(top, below: belowTop)
                        bottom = blendedHalf(bottom, below: below.backgroundBits)
                    }
                    if Self.isLetter(cell.glyph) { captionCut = true }
                    cells[index] = PictureRaster.cell(top: top, bottom: bottom)
                }
            }
        }
        guard captionCut else { return }
        // A caption shows whole or not at all: once the picture covered one of its letters,
        // the rest of this layer's caption (cells whose centre shows the rows under the picture
        // area) goes too, to the background behind each letter, rather than leave a cut word.
        let captionTop = areaBottom - 1
        let contentWidth = Double(layer.content.width)
        let contentHeight = Double(layer.content.height)
        destination.withUnsafeMutableCells { cells in
            for index in cells.indices {
                let cell = cells[index]
                guard cell.width == 1, Self.isLetter(cell.glyph) || cell.glyph == LineFit.ellipsisGlyph,
                    let centre = local(Double(index % width) + 0.5, Double(index / width) + 0.5),
                    centre.y >= captionTop, centre.y < contentHeight + 0.5, centre.x >= -0.5,
                    centre.x < contentWidth + 0.5
                else { continue }
                cells[index] = Cell.space(background: cell.background)
            }
        }
    }

    /// Whether `glyph` is text's (a caption's letter): not a space, a half block, the "…" or a
    /// block element.
    private static func isLetter(_ glyph: UInt32) -> Bool {
        glyph != 0x20 && glyph != LineFit.ellipsisGlyph && !(0x2580...0x259F).contains(glyph)
    }

    /// Whether a cell the draw left holding `glyph`, whose centre shows the picture area, shows
    /// the picture: its content (a half block, a space, or the "…" with which a squeezed face
    /// fits a run of half blocks as if it were text, ``LineFit``) always; any other glyph but a
    /// block element (an edge's eighth) unless a cross-fade keeps the glyphs below (alpha under
    /// a half). A caption's letters are placed whole and upright at their projected place, which
    /// may be over the picture of a face turned or folded: the picture is in front wherever a
    /// cell's centre shows it, and the caption shows where its own row does
    /// (docs/DESIGN.md#picture-cards).
    private func takesPicture(_ glyph: UInt32) -> Bool {
        if glyph == PictureRaster.upperHalfBlock || glyph == 0x20 || glyph == LineFit.ellipsisGlyph { return true }
        return alpha256 >= 128 && !(0x2580...0x259F).contains(glyph)
    }

    /// `colour` at the layer's alpha over `below` (packed colours), snapped to the palette.
    private func blendedHalf(_ colour: UInt32, below: UInt32) -> UInt32 {
        let top = TerminalColor.resolved(packed: colour, fallback: backgroundRGB)
        let under = TerminalColor.resolved(packed: below, fallback: backgroundRGB)
        return TerminalColor.rgbTag | quantized(RGBColor.blend(packed: top, over: under, alpha256: alpha256))
    }

    /// The destination cells the picture area can cover: the bounding box of its projected
    /// corners, within the destination; nil when a corner is behind the eye or it misses.
    private func bounds(of raster: PictureRaster, layer: Layer, destination: CellBuffer)
        -> (rows: Range<Int>, columns: Range<Int>)?
    {
        let forward = layer.geometry.planeHomography
        let halfWidth = Double(layer.content.width) / 2
        let halfHeight = Double(layer.content.height) / 2
        let left = Double(raster.origin.column) - halfWidth
        let top = Double(raster.origin.row) - halfHeight
        let right = left + Double(raster.columns)
        let bottom = top + Double(raster.rows)
        var xs: [Double] = []
        var ys: [Double] = []
        for (x, y) in [(left, top), (right, top), (right, bottom), (left, bottom)] {
            let p = forward.apply(x: x, y: y)
            guard p.w > 1e-12, p.w.isFinite else { return nil }
            xs.append(p.x / p.w + Double(layer.origin.column) + halfWidth)
            ys.append(p.y / p.w + Double(layer.origin.row) + halfHeight)
        }
        guard let minX = xs.min(), let maxX = xs.max(), let minY = ys.min(), let maxY = ys.max(),
            minX.isFinite, maxX.isFinite, minY.isFinite, maxY.isFinite
        else { return nil }
        let firstColumn = Int(max(min(minX.rounded(.down), Double(destination.width)), 0))
        let endColumn = Int(max(min(maxX.rounded(.up), Double(destination.width)), 0))
        let firstRow = Int(max(min(minY.rounded(.down), Double(destination.height)), 0))
        let endRow = Int(max(min(maxY.rounded(.up), Double(destination.height)), 0))
        guard firstColumn < endColumn, firstRow < endRow else { return nil }
        return (firstRow..<endRow, firstColumn..<endColumn)
    }

    /// `value` rounded down, within ±2^30 (no conversion that can trap).
    private static func clampedFloor(_ value: Double) -> Int {
        Int(min(max(value.rounded(.down), -1_073_741_824), 1_073_741_824))
    }
}

extension Compositor {
    /// Draws a layer that holds a picture: its cells as any layer's, then the picture pass
    /// (``PictureSampling``). Returns whether the wide-cluster invariant holds after.
    func drawPicture(
        _ layer: Layer, raster: PictureRaster, onto destination: inout CellBuffer, destinationIsNormalized: Bool,
        below: Cell?
    ) -> Bool {
        let alpha = colorDepth.shownAlpha(layer.alpha)
        guard alpha > 0, !alpha.isNaN else { return destinationIsNormalized }
        let alpha256 = UInt32(RGBColor.alpha256(min(alpha, 1)))
        let before = alpha256 < 256 ? destination : nil
        var cells = layer
        cells.picture = nil
        let normalized = draw(cells, onto: &destination, destinationIsNormalized: destinationIsNormalized, below: below)
        PictureSampling(
            alpha256: alpha256, backgroundRGB: backgroundColor.packed, foregroundRGB: foregroundColor.packed,
            colorDepth: colorDepth
        ).resample(raster, of: layer, before: before, into: &destination)
        return normalized
    }
}
