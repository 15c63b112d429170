/// The glyphs below a layer drawn at an alpha under 1/2: where the layer's cell and the cell
/// below both held a glyph that competes (``LayerBlending/competes(_:below:)``), the cell shows
/// the glyph below (the more opaque layer's), on the background the draw blended, its ink faded
/// toward that background by `1 − 2·alpha`: old text fades out before the new fades in (issue
/// 34; docs/DESIGN.md#compositing). Run over the whole destination after the layer's draw, so a
/// wide cluster below is kept whole, whichever path drew the layer.
struct CrossFade: LayerBlending {
    let alpha256: UInt32
    let backgroundRGB: UInt32
    let foregroundRGB: UInt32
    let colorDepth: ColorDepth

    /// Puts the competing glyphs of `before` (the destination before the draw) back into
    /// `after` (the same size), then restores the wide-cluster invariant.
    func keepGlyphs(of before: CellBuffer, in after: inout CellBuffer) {
        let fade = 256 &- 2 &* alpha256
        before.cells.withUnsafeBufferPointer { below in
            after.withUnsafeMutableCells { cells in
                for index in cells.indices where cells[index] != below[index] {
                    let under = Self.shown(below[index])
                    guard Self.competes(cells[index], below: under) else { continue }
                    var kept = under
                    kept.backgroundBits = Self.shown(cells[index]).backgroundBits
                    kept.foregroundBits = faded(under.foregroundBits, toward: kept.backgroundBits, by: fade)
                    cells[index] = kept
                }
            }
        }
        after.normalizeWideClusters()
    }
}
