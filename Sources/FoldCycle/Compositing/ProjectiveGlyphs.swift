#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Where ``ProjectiveDraw`` places the source's glyphs (docs/DESIGN.md#text-on-turned-faces).
extension ProjectiveDraw {
    /// A claim for the trailing half of a wide cluster whose lead is claimed to its left.
    static let continuationClaim: Int32 = -2

    /// For each bbox cell (`columns` × `rows`, row-major), the source glyph drawn there (its
    /// index into `source`), ``continuationClaim``, or -1 (none: the background shows).
    ///
    /// - Each source glyph (any cell but a plain space) is placed at most once, upright, in the
    ///   column its projected centre lands in (a wide cluster on the two cells around it), and
    ///   only on content cells (`coverage` 8/8 both ways); otherwise it is dropped.
    /// - Rows: with ``RowPlacement/snapped`` every source row that holds a glyph has one
    ///   destination row, the one its centre line's projection at the layer's centre column
    ///   lands in; where several land on one destination row, the one whose projection is
    ///   nearest the row's centre owns it (a tie goes to the upper one) and the others are not
    ///   drawn, so a destination row never mixes the glyphs of two source rows. With
    ///   ``RowPlacement/perGlyph`` each glyph goes to the row its own centre lands in.
    /// - Where two glyphs land on one cell the nearer wins (smaller w after the transform: closer
    ///   to the eye; on a tie the first, leftmost); a wide cluster half of which loses is dropped
    ///   whole. A row's projection is monotonic, so the glyphs a destination row shows are a
    ///   subsequence of one source row, in order, none duplicated.
    func glyphClaims(source: UnsafeBufferPointer<Cell>, coverage: [UInt8], columns: Int, rows: Int) -> [Int32] {
        var claims = [Int32](repeating: -1, count: columns * rows)
        // The forward map of a glyph's centre, `(gx, gy, 1) · forward`, split into its x terms
        // (per source column, for narrow and wide glyphs) and its row's terms.
        let narrowTerms = (0..<sourceWidth).map { sx in columnTerms(Double(sx) + 0.5 - halfWidth) }
        let wideTerms = (0..<sourceWidth).map { sx in columnTerms(Double(sx) + 1 - halfWidth) }
        let owners: [Int]
        switch rowPlacement {
        case .perGlyph: owners = []
        case .snapped: owners = snappedRowOwners(source: source, rows: rows)
        }
        // When u depends on x alone (a turn about y) a glyph's column depends on its source
        // column alone: the bbox column of a narrow and of a wide glyph in each source column,
        // computed once (-1: the glyph's cells are not all in the bbox, or it lands off the
        // destination).
        let fixedColumns: [(narrow: Int, wide: Int)] =
            rowPlacement == .snapped && forward.h21 == 0 && forward.h23 == 0
            ? (0..<sourceWidth).map { sx in
                let narrow = GlyphPlacer.column(narrowTerms[sx], draw: self, halfGlyph: 0.5)
                let wide = GlyphPlacer.column(wideTerms[sx], draw: self, halfGlyph: 1)
                // Int.min (off the destination) fails `≥ 0`.
                return (
                    narrow >= 0 && narrow < columns ? narrow : -1, wide >= 0 && wide < columns - 1 ? wide : -1
                )
            } : []
        withUnsafeTemporaryAllocation(of: Double.self, capacity: columns * rows) { depths in
            // Rows at one depth (a turn about x) are placed without depths.
            let oneDepth = rowPlacement == .snapped && fixedColumns.isEmpty && forward.h13 == 0 && forward.h11 > 0
            if !oneDepth { depths.initialize(repeating: .infinity) }
            claims.withUnsafeMutableBufferPointer { claims in
                coverage.withUnsafeBufferPointer { coverage in
                    narrowTerms.withUnsafeBufferPointer { narrowTerms in
                        wideTerms.withUnsafeBufferPointer { wideTerms in
                            fixedColumns.withUnsafeBufferPointer { fixedColumns in
                                profile.glyphs.withUnsafeBufferPointer { glyphs in
                                    let placer = GlyphPlacer(
                                        draw: self, source: source, coverage: coverage, claims: claims,
                                        depths: depths, narrowTerms: narrowTerms, wideTerms: wideTerms,
                                        fixedColumns: fixedColumns, glyphs: glyphs, columns: columns, rows: rows)
                                    switch rowPlacement {
                                    case .perGlyph:
                                        for sy in 0..<sourceHeight { placer.place(sourceRow: sy, snappedRow: -1) }
                                    case .snapped where !fixedColumns.isEmpty:
                                        for (r, sy) in owners.enumerated() where sy >= 0 {
                                            placer.placeInFixedColumns(sourceRow: sy, snappedRow: r)
                                        }
                                    case .snapped where forward.h13 == 0 && forward.h11 > 0:
                                        for (r, sy) in owners.enumerated() where sy >= 0 {
                                            placer.placeAtOneDepth(sourceRow: sy, snappedRow: r)
                                        }
                                    case .snapped:
                                        for (r, sy) in owners.enumerated() where sy >= 0 {
                                            placer.place(sourceRow: sy, snappedRow: r)
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
            if !oneDepth { depths.deinitialize() }
        }
        return claims
    }

    /// The x terms of the forward map of a layer point `gx` cells right of the centre:
    /// `(gx·h11 + h31, gx·h12 + h32, gx·h13 + h33)`, and `1/w` of the last (what the
    /// perspective divide multiplies by when w does not depend on the row: a turn about y).
    @inline(__always)
    private func columnTerms(_ gx: Double) -> (x: Double, y: Double, w: Double, scale: Double) {
        let w = gx * forward.h13 + forward.h33
        return (gx * forward.h11 + forward.h31, gx * forward.h12 + forward.h32, w, 1 / w)
    }

    /// For each bbox row, the source row that owns it under ``RowPlacement/snapped``, or -1.
    private func snappedRowOwners(source: UnsafeBufferPointer<Cell>, rows: Int) -> [Int] {
        var owners = [Int](repeating: -1, count: rows)
        var distances = [Double](repeating: .infinity, count: rows)
        let rowStarts = profile.rowStarts
        for sy in 0..<sourceHeight {
            // Rows with no glyph to place own nothing.
            guard rowStarts[sy] < rowStarts[sy + 1] else { continue }
            let p = forward.apply(x: 0, y: Double(sy) + 0.5 - halfHeight)
            guard p.w > 0 else { continue }
            let v = p.y / p.w + centreY
            guard v.isFinite, v >= Double(firstRow), v < Double(endRow) else { continue }
            let r = Int(v.rounded(.down)) - firstRow
            let distance = abs(v - (Double(firstRow + r) + 0.5))
            if distance < distances[r] {
                owners[r] = sy
                distances[r] = distance
            }
        }
        return owners
    }

    /// The attributes that make a space show (underline, reverse), as bits of
    /// ``CellAttributes/rawValue``: read once per call into a local, so the hot loops do not pay
    /// for the static properties' lazy initialization checks.
    static var visibleSpaceAttributes: UInt8 { CellAttributes([.underline, .reverse]).rawValue }

    /// Whether `cell` shows a glyph to place: a lead or narrow cell other than a plain space
    /// (a space with one of `visibleSpace`'s attributes, underline or reverse, shows, so it is
    /// placed too).
    @inline(__always)
    static func isGlyph(_ cell: Cell, visibleSpace: UInt8) -> Bool {
        cell.width > 0 && !(cell.glyph == 0x20 && cell.attributes.rawValue & visibleSpace == 0)
    }
}

/// One layer's glyph placement over buffers that live for the call (``ProjectiveDraw/glyphClaims``):
/// plain pointers, so the inner loop pays no uniqueness or exclusivity checks.
private struct GlyphPlacer {
    let draw: ProjectiveDraw
    let source: UnsafeBufferPointer<Cell>
    let coverage: UnsafeBufferPointer<UInt8>
    let claims: UnsafeMutableBufferPointer<Int32>
    let depths: UnsafeMutableBufferPointer<Double>
    let narrowTerms: UnsafeBufferPointer<(x: Double, y: Double, w: Double, scale: Double)>
    let wideTerms: UnsafeBufferPointer<(x: Double, y: Double, w: Double, scale: Double)>
    /// Per source column, the bbox column of a narrow and a wide glyph (-1 when its cells are
    /// not all in the bbox), when they depend on the column alone; empty otherwise.
    let fixedColumns: UnsafeBufferPointer<(narrow: Int, wide: Int)>
    /// ``LayerContentProfile/glyphs`` of the layer's content.
    let glyphs: UnsafeBufferPointer<LayerContentProfile.Glyph>
    let columns: Int
    let rows: Int

    /// The glyphs of source row `sy`, left to right (``LayerContentProfile/rowStarts``).
    @inline(__always)
    func glyphs(ofRow sy: Int) -> UnsafeBufferPointer<LayerContentProfile.Glyph> {
        let rowStarts = draw.profile.rowStarts
        return UnsafeBufferPointer(rebasing: glyphs[rowStarts[sy]..<rowStarts[sy + 1]])
    }

    @inline(__always)
    func isContent(_ c: Int, _ r: Int) -> Bool {
        c >= 0 && c < columns && r >= 0 && r < rows && coverage[r * columns + c] == 0x88
    }

    /// Frees cell `i` of whatever glyph holds it, with that glyph's other half.
    @inline(__always)
    func release(_ i: Int) {
        let claim = claims[i]
        if claim == ProjectiveDraw.continuationClaim {
            claims[i - 1] = -1
        } else if claim >= 0, source[Int(claim)].width == 2 {
            claims[i + 1] = -1
        }
        claims[i] = -1
    }

    /// The bbox column a glyph whose centre has the forward x terms `terms` lands in, when u
    /// depends on x alone (``ProjectiveDraw/forward`` `h21 = h23 = 0`); Int.min when it lands
    /// off the destination. `halfGlyph`: half the glyph's width, in cells.
    static func column(
        _ terms: (x: Double, y: Double, w: Double, scale: Double), draw: ProjectiveDraw, halfGlyph: Double
    ) -> Int {
        guard terms.w > 0 else { return Int.min }
        let dx = terms.x * terms.scale + draw.centreX - halfGlyph
        guard dx.isFinite, dx > -2, dx < Double(draw.width + 2) else { return Int.min }
        return Int(dx + 2.5) - 2 - draw.firstColumn
    }

    /// ``place(sourceRow:snappedRow:)`` for a map whose columns stay columns, from
    /// ``fixedColumns``: no arithmetic per glyph.
    func placeInFixedColumns(sourceRow sy: Int, snappedRow r: Int) {
        let rowBase = sy * draw.sourceWidth
        // `r` is a bbox row (an index of the owners) and the columns in ``fixedColumns`` are
        // bbox columns (or -1), so no other bounds check is needed.
        let claimBase = r * columns
        for glyph in glyphs(ofRow: sy) {
            let sx = Int(glyph.column)
            let wide = glyph.isWide
            let c = wide ? fixedColumns[sx].wide : fixedColumns[sx].narrow
            guard c >= 0 else { continue }
            let i = claimBase &+ c
            guard coverage[i] == 0x88, !wide || coverage[i &+ 1] == 0x88 else { continue }
            claim(
                sourceIndex: rowBase &+ sx, at: i, depth: (wide ? wideTerms : narrowTerms)[sx].w, wide: wide)
        }
    }

    /// ``place(sourceRow:snappedRow:)`` for a map under which a row keeps one depth (w does not
    /// depend on x: `h13 = 0`, a turn about x) and runs left to right (`h11 > 0`): glyphs land
    /// in order, and at one depth the earlier keeps a cell, so a glyph that lands on a cell an
    /// earlier one holds is simply skipped. The same claims as the general rule, with no depths.
    func placeAtOneDepth(sourceRow sy: Int, snappedRow r: Int) {
        let forward = draw.forward
        let sourceWidth = draw.sourceWidth
        let gy = Double(sy) + 0.5 - draw.halfHeight
        let w = forward.h33 + gy * forward.h23
        guard w > 0 else { return }
        let scale = 1 / w
        let offset = gy * forward.h21
        let centreX = draw.centreX
        let limitX = Double(draw.width + 2)
        let rowBase = sy * sourceWidth
        let claimBase = r * columns
        // The first bbox column after the last glyph placed.
        var free = Int.min
        for glyph in glyphs(ofRow: sy) {
            let sx = Int(glyph.column)
            let wide = glyph.isWide
            // The same arithmetic as ``place(sourceRow:snappedRow:)``.
            let dx = ((wide ? wideTerms : narrowTerms)[sx].x + offset) * scale + centreX - (wide ? 1 : 0.5)
            guard dx > -2, dx < limitX else { continue }  // Also false for NaN.
            let c = Int(dx + 2.5) &- 2 &- draw.firstColumn
            // `r` is a bbox row (an index of the owners): only the column needs bounds checks.
            guard c >= free, c >= 0, c &+ (wide ? 1 : 0) < columns else { continue }
            let i = claimBase &+ c
            guard coverage[i] == 0x88, !wide || coverage[i &+ 1] == 0x88 else { continue }
            claims[i] = Int32(truncatingIfNeeded: rowBase &+ sx)
            if wide { claims[i &+ 1] = ProjectiveDraw.continuationClaim }
            free = c &+ (wide ? 2 : 1)
        }
    }

    /// Gives cell `i` (and `i + 1` for a wide glyph) to the source glyph at `sourceIndex`, at
    /// `depth`, unless a nearer or equally near glyph holds it.
    @inline(__always)
    func claim(sourceIndex: Int, at i: Int, depth w: Double, wide: Bool) {
        // Free cells (the common case: no glyph landed there yet) need no depth test and hold
        // nothing to release.
        if claims[i] != -1 || (wide && claims[i + 1] != -1) {
            guard depths[i] > w || claims[i] == -1, !wide || depths[i + 1] > w || claims[i + 1] == -1 else { return }
            release(i)
            if wide { release(i + 1) }
        }
        claims[i] = Int32(truncatingIfNeeded: sourceIndex)
        depths[i] = w
        if wide {
            claims[i + 1] = ProjectiveDraw.continuationClaim
            depths[i + 1] = w
        }
    }

    /// Places the glyphs of source row `sy`: on bbox row `snappedRow`, or (when it is -1) each
    /// on the row its centre lands in.
    func place(sourceRow sy: Int, snappedRow: Int) {
        let forward = draw.forward
        let sourceWidth = draw.sourceWidth
        let gy = Double(sy) + 0.5 - draw.halfHeight
        let rowTerms = (x: gy * forward.h21, y: gy * forward.h22, w: gy * forward.h23)
        // The perspective divide's factor: per column when w does not depend on y (a turn about
        // y), per row when it does not depend on x (a turn about x), else per glyph.
        let wByColumn = forward.h23 == 0
        let wByRow = forward.h13 == 0
        let rowScale = 1 / (forward.h33 + rowTerms.w)
        let (centreX, centreY) = (draw.centreX, draw.centreY)
        let (limitX, limitY) = (Double(draw.width + 2), Double(draw.height + 2))
        let rowBase = sy * sourceWidth
        for glyph in glyphs(ofRow: sy) {
            let sx = Int(glyph.column)
            let wide = glyph.isWide
            let terms = wide ? wideTerms[sx] : narrowTerms[sx]
            let w = terms.w + rowTerms.w
            guard w > 0 else { continue }
            let scale = wByColumn ? terms.scale : wByRow ? rowScale : 1 / w
            let dx = (terms.x + rowTerms.x) * scale + centreX - (wide ? 1 : 0.5)
            guard dx > -2, dx < limitX else { continue }  // Also false for NaN.
            // ⌊dx + 0.5⌋ (and ⌊dy⌋): above -2, so truncating the value shifted by 2 is the floor.
            let c = Int(dx + 2.5) - 2 - draw.firstColumn
            let r: Int
            if snappedRow >= 0 {
                r = snappedRow
            } else {
                let dy = (terms.y + rowTerms.y) * scale + centreY
                guard dy > -2, dy < limitY else { continue }
                r = Int(dy + 2) - 2 - draw.firstRow
            }
            guard isContent(c, r), !wide || isContent(c + 1, r) else { continue }
            // The nearer glyph wins: an equal or nearer claim keeps the cell(s).
            claim(sourceIndex: rowBase + sx, at: r * columns + c, depth: w, wide: wide)
        }
    }
}
