#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Composites ``Layer``s, back to front, into a ``CellBuffer`` (docs/DESIGN.md#compositing).
///
/// For each destination cell the compositor finds the layer point its centre shows and draws
/// the layer cell there. It chooses one path per layer from its geometry:
/// - **Axis-aligned** (an affine transform with `b == 0 && c == 0`, the fold's case, or a
///   projective one that reduces to it): exact coverage. A row or column the layer covers only
///   partly, rounded to the nearest 1/8, is drawn as a block eighth (``BlockGlyph``) in the
///   layer's background so edges move in 1/8-cell steps. Covering the bottom `n/8` of a cell
///   draws the lower block `n/8` (▁▂▃▄▅▆▇) in the layer's colour over the colour below; covering
///   the top draws the complementary lower block `(8−n)/8` in the colour below over the layer's
///   colour. Left and right edges use the left blocks ▏▎▍▌▋▊▉ the same way. 0/8 is not drawn;
///   8/8 draws content. In a corner cell (both partial) the horizontal edge wins, drawn only
///   when the column's coverage is at least 4/8. "The colour below" is the background of the
///   destination cell before the layer is drawn. Where the block's filled part is the
///   terminal's default background the cell is reversed (SGR 7), so it shows the terminal's own
///   background on any theme; at ``ColorDepth/none`` no block is drawn (docs/DESIGN.md#edges).
/// - **Forward-placed** (every other placement: a rotation, a shear, a
///   ``LayerGeometry/projective(_:cellAspect:)`` with perspective): text stays upright and whole. Each source glyph is drawn once, at the cell its projected centre lands
///   in (the nearer one wins where two meet); each destination cell's background is sampled from
///   the layer point its centre shows; the face's edges use block eighths as above, from the
///   face's horizontal extent at the row's centre and its vertical extent at the column's centre.
///   See ``ProjectiveDraw``.
///
/// Everywhere: a wide cluster is drawn whole or not at all (a lead whose continuation does not
/// land beside it becomes a space on the cluster's background). A singular placement (e.g. a
/// scale of 0, a face seen edge-on) or an alpha ≤ 0 draws nothing. Alpha blends RGB per channel:
/// `alpha·layer + (1 − alpha)·below`, for the foreground and the background. A
/// ``TerminalColor/default`` below counts as ``backgroundColor``; the layer's own default
/// foreground counts as ``foregroundColor`` and default background as ``backgroundColor``. With
/// alpha 1 colours are copied unchanged (defaults stay defaults). Where a blended layer's
/// glyph and a different glyph below (not a space) compete, the cell shows the more opaque
/// one's glyph (the layer's from alpha 1/2), its foreground blended toward the cell's blended
/// background by `|2·alpha − 1|`: text cross-fades. At a ``colorDepth`` below
/// truecolor every colour a blend produces is snapped to the palette entry the output sends for
/// it (``ColorDepth/paletteColor(for:)``): the picture on the terminal is the same, and two frames
/// whose blends land on the same entries hold the same cells, so the diff encoder redraws only
/// what the terminal would show differently.
///
/// A layer with a picture (``Layer/picture``) is drawn as cells this way, then sampled again per
/// sub-cell through its geometry (``PictureSampling``), so a picture keeps its half-block
/// resolution through every placement.
///
/// Source semantics: Core Animation composites sublayers in order with `opacity`, each layer's
/// `transform` about its `anchorPoint`.
package struct Compositor: Hashable, Sendable {
    /// The terminal background as RGB, used when blending a default colour; default black.
    package var backgroundColor: RGBColor
    /// The terminal foreground as RGB, used when blending a layer's default foreground;
    /// default white.
    package var foregroundColor: RGBColor
    /// The cell the destination is cleared to before compositing; default a space in the
    /// terminal's default colours.
    package var clearCell: Cell
    /// The colour depth the frames are encoded at: blended colours are snapped to its palette
    /// (``ColorDepth/paletteColor(for:)``); ``ColorDepth/truecolor`` (the default) and
    /// ``ColorDepth/none`` keep them as blended. A frame composed for one depth and encoded at
    /// another still shows right: it only loses the saving.
    package var colorDepth: ColorDepth

    /// Creates a compositor.
    ///
    /// - Parameters:
    ///   - backgroundColor: the terminal background for blends, default black.
    ///   - foregroundColor: the terminal foreground for blends, default white.
    ///   - clearCell: the destination's fill, default ``Cell/blank``.
    ///   - colorDepth: the output's depth, whose palette blends snap to; default truecolor.
    package init(
        backgroundColor: RGBColor = .black, foregroundColor: RGBColor = .white, clearCell: Cell = .blank,
        colorDepth: ColorDepth = .truecolor
    ) {
        self.backgroundColor = backgroundColor
        self.foregroundColor = foregroundColor
        self.clearCell = clearCell
        self.colorDepth = colorDepth
    }

    // MARK: - Compositing

    /// Clears `destination` to ``clearCell``, keeping its size, and draws `layers` in order
    /// (first = farthest back).
    ///
    /// - Complexity: one fill plus the cells each layer covers; see ``draw(_:onto:)``.
    package func composite(_ layers: [Layer], into destination: inout CellBuffer) {
        composite(layers, width: destination.width, height: destination.height, into: &destination)
    }

    /// Makes `destination` `width` × `height` (storage reused), clears it to ``clearCell`` and
    /// draws `layers` in order (first = farthest back).
    ///
    /// - Complexity: one fill of `destination` plus the cells each layer covers; a layer that
    ///   cuts a wide cluster (draws over part of one) repairs it where it cut it, except a
    ///   forward-placed layer that is blended or of several backgrounds, after which the
    ///   normalizing pass of the wide-cluster invariant runs over its bounding box.
    package func composite(_ layers: [Layer], width: Int, height: Int, into destination: inout CellBuffer) {
        if destination.width != width || destination.height != height {
            destination.reset(width: width, height: height, filling: clearCell)
        } else {
            destination.fill(with: clearCell)
        }
        // A narrow clear cell leaves the wide-cluster invariant holding, so each layer needs the
        // normalizing pass only if it cuts a wide cluster.
        var normalized = clearCell.width == 1
        for (index, layer) in layers.enumerated() {
            // The first layer draws over the clear cell alone.
            normalized = draw(
                layer, onto: &destination, destinationIsNormalized: normalized, below: index == 0 ? clearCell : nil)
        }
    }

    /// Draws one layer over what `destination` already holds, then restores the wide-cluster
    /// invariant (``CellBuffer/normalizeWideClusters()``).
    ///
    /// - Complexity: O(destination cells covered by the layer + destination cells). An
    ///   axis-aligned layer's column map is a temporary buffer (on the stack where it fits, as
    ///   `withUnsafeTemporaryAllocation` decides); rotated, sheared and projective layers
    ///   allocate a few arrays the size of their bounds.
    package func draw(_ layer: Layer, onto destination: inout CellBuffer) {
        draw(layer, onto: &destination, destinationIsNormalized: false)
    }

    /// ``draw(_:onto:)``, skipping the normalizing pass when `destinationIsNormalized` (the
    /// invariant holds before the draw) and the layer cut no wide cluster of the destination (so
    /// it still holds; the pass would change nothing). `below`: the one cell every destination
    /// cell holds (a destination just cleared), or nil. Returns whether the invariant holds after.
    @discardableResult
    func draw(
        _ layer: Layer, onto destination: inout CellBuffer, destinationIsNormalized: Bool, below: Cell? = nil
    ) -> Bool {
        if let raster = layer.picture {
            return drawPicture(
                layer, raster: raster, onto: &destination, destinationIsNormalized: destinationIsNormalized,
                below: below)
        }
        // At 16 colours a fading layer is drawn whole or not at all (no third hue).
        let alpha = colorDepth.shownAlpha(layer.alpha)
        guard alpha > 0, !alpha.isNaN else { return destinationIsNormalized }
        let alpha256 = UInt32(RGBColor.alpha256(alpha))
        // Below half opaque, the glyphs below stay where the layer's compete with them.
        if alpha256 < 128, below == nil || below?.glyph != 0x20 || below?.width != 1 {
            let before = destination
            drawBlended(layer, alpha: alpha, onto: &destination, destinationIsNormalized: destinationIsNormalized)
            CrossFade(
                alpha256: alpha256, backgroundRGB: backgroundColor.packed, foregroundRGB: foregroundColor.packed,
                colorDepth: colorDepth
            ).keepGlyphs(of: before, in: &destination)
            return true
        }
        return drawBlended(
            layer, alpha: alpha, onto: &destination, destinationIsNormalized: destinationIsNormalized, below: below)
    }

    /// ``draw(_:onto:destinationIsNormalized:below:)`` at the alpha the depth shows, > 0.
    @discardableResult
    private func drawBlended(
        _ layer: Layer, alpha: Double, onto destination: inout CellBuffer, destinationIsNormalized: Bool,
        below: Cell? = nil
    ) -> Bool {
        let content = layer.content
        guard content.width > 0, content.height > 0, destination.width > 0, destination.height > 0 else {
            return destinationIsNormalized
        }
        // Axis-aligned affine layers take the exact fast path; every other placement (rotation,
        // shear, perspective) places glyphs forward so that text stays upright and whole.
        guard let transform = layer.geometry.affineTransform, transform.b == 0, transform.c == 0 else {
            guard
                let projective = ProjectiveDraw(
                    layer: layer, alpha: min(alpha, 1), backgroundColor: backgroundColor,
                    foregroundColor: foregroundColor, colorDepth: colorDepth, destinationWidth: destination.width,
                    destinationHeight: destination.height)
            else { return destinationIsNormalized }
            let overwroteWide = content.cells.withUnsafeBufferPointer { source in
                destination.withUnsafeMutableCells { target in projective.draw(source: source, target: target) }
            }
            if !destinationIsNormalized {
                destination.normalizeWideClusters()
            } else if overwroteWide {
                // The draw writes only cells of its bounding box.
                destination.normalizeWideClusters(
                    rows: projective.firstRow..<projective.endRow,
                    columns: projective.firstColumn..<projective.endColumn)
            }
            return true
        }
        guard let inverse = try? transform.inverted() else { return destinationIsNormalized }
        let context = DrawContext(
            layer: layer, transform: transform, inverse: inverse, alpha: min(alpha, 1),
            backgroundColor: backgroundColor, foregroundColor: foregroundColor, colorDepth: colorDepth,
            destinationWidth: destination.width, destinationHeight: destination.height, below: below)
        content.cells.withUnsafeBufferPointer { source in
            destination.withUnsafeMutableCells { target in context.drawAxisAligned(source: source, target: target) }
        }
        // The draw repairs the clusters it cuts (over a destination that held the invariant).
        if !destinationIsNormalized { destination.normalizeWideClusters() }
        return true
    }
}
