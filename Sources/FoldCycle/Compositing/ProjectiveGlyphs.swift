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
    /// index into `source`), ``continuationClaim``, an "…" (``ellipsisClaim``), or -1 (none:
    /// the background shows). Glyphs land only on content cells (`coverage` 8/8 both ways).
    ///
    /// - With ``RowPlacement/snapped`` every source row that holds a glyph has one destination
    ///   row, the one its centre line's projection at the layer's centre column lands in; where
    ///   several land on one destination row, the one whose projection is nearest the row's
    ///   centre owns it (a tie goes to the upper one) and the others are not drawn, so a
    ///   destination row never mixes the glyphs of two source rows. The owner's line is laid out
    ///   contiguously in the row's content cells (``LineFit``): the whole line where it fits,
    ///   else its start and "…", never a sampled subsequence.
    /// - With ``RowPlacement/perGlyph`` (a turn of 45° or more in cells, rows standing up) each
    ///   glyph goes, upright, to the cell its own projected centre lands in; where two land on
    ///   one cell the nearer wins (smaller w after the transform: closer to the eye; on a tie the
    ///   first, leftmost); a wide cluster half of which loses is dropped whole.
    func glyphClaims(source: UnsafeBufferPointer<Cell>, coverage: [UInt8], columns: Int, rows: Int) -> [Int32] {
        var claims = [Int32](repeating: -1, count: columns * rows)
        if rowPlacement == .snapped {
            laidOutClaims(
                source: source, coverage: coverage, owners: snappedRowOwners(source: source, rows: rows),
                columns: columns, into: &claims)
            return claims
        }
        // The forward map of a glyph's centre, `(gx, gy, 1) · forward`, split into its x terms
        // (per source column, for narrow and wide glyphs) and its row's terms.
        let narrowTerms = (0..<sourceWidth).map { sx in columnTerms(Double(sx) + 0.5 - halfWidth) }
        let wideTerms = (0..<sourceWidth).map { sx in columnTerms(Double(sx) + 1 - halfWidth) }
        withUnsafeTemporaryAllocation(of: Double.self, capacity: columns * rows) { depths in
            depths.initialize(repeating: .infinity)
            claims.withUnsafeMutableBufferPointer { claims in
                coverage.withUnsafeBufferPointer { coverage in
                    narrowTerms.withUnsafeBufferPointer { narrowTerms in
                        wideTerms.withUnsafeBufferPointer { wideTerms in
                            profile.glyphs.withUnsafeBufferPointer { glyphs in
                                let placer = GlyphPlacer(
                                    draw: self, source: source, coverage: coverage, claims: claims,
                                    depths: depths, narrowTerms: narrowTerms, wideTerms: wideTerms,
                                    glyphs: glyphs, columns: columns, rows: rows)
                                for sy in 0..<sourceHeight { placer.place(sourceRow: sy) }
                            }
                        }
                    }
                }
            }
            depths.deinitialize()
        }
        return claims
    }

    /// A claim at or below this is an "…" in the colours of the source cell `ellipsisClaim - claim`
    /// (the cell of the line it replaces).
    static let ellipsisClaim: Int32 = -3

    /// The claims of ``RowPlacement/snapped``: each bbox row that a source row owns shows that
    /// row's line laid out contiguously (``LineFit``) in the row's run of content cells (the
    /// longest, for a face is convex), its centre at its projected centre's column.
    private func laidOutClaims(
        source: UnsafeBufferPointer<Cell>, coverage: [UInt8], owners: [Int], columns: Int, into claims: inout [Int32]
    ) {
        let visibleSpace = Self.visibleSpaceAttributes
        for (r, sy) in owners.enumerated() where sy >= 0 {
            guard let line = profile.lineSpan(ofRow: sy) else { continue }
            // The row's longest run of content cells.
            let rowBase = r * columns
            var (runStart, runLength) = (0, 0)
            coverage.withUnsafeBufferPointer { coverage in
                let row = UnsafeRawPointer(coverage.baseAddress.unsafelyUnwrapped + rowBase)
                var c = 0
                while c < columns {
                    guard coverage[rowBase &+ c] == 0x88 else {
                        c &+= 1
                        continue
                    }
                    // Eight coverage bytes at a time, then one.
                    var end = c &+ 1
                    while end &+ 8 <= columns
                        && row.loadUnaligned(fromByteOffset: end, as: UInt64.self) == 0x8888_8888_8888_8888
                    {
                        end &+= 8
                    }
                    while end < columns && coverage[rowBase &+ end] == 0x88 { end &+= 1 }
                    if end &- c > runLength { (runStart, runLength) = (c, end &- c) }
                    c = end
                }
            }
            guard runLength > 0 else { continue }
            // Where the destination's side cuts the face, the run goes on past it (clipped, not
            // squeezed: the line keeps its place on the face).
            if runStart == 0 && firstColumn == 0 || runStart + runLength == columns && endColumn == width,
                let extent = horizontalExtent(top: Double(firstRow + r), bottom: Double(firstRow + r + 1))
            {
                let face = DrawContext.contentRange(extent.low, extent.high)
                let end = runStart + runLength
                if runStart == 0 && firstColumn == 0 { runStart = min(face.lowerBound, 0) }
                runLength =
                    (end == columns && endColumn == width ? max(face.upperBound - firstColumn, end) : end) - runStart
            }
            let p = forward.apply(
                x: Double(line.lowerBound + line.upperBound) / 2 - halfWidth, y: Double(sy) + 0.5 - halfHeight)
            guard p.w > 0 else { continue }
            let centre = p.x / p.w + centreX - Double(firstColumn + runStart)
            let lineBase = sy * sourceWidth + line.lowerBound
            let cells = UnsafeBufferPointer(rebasing: source[lineBase..<(lineBase + line.count)])
            let fit = LineFit.fit(line: cells, runLength: runLength, centre: centre)
            // The bbox column of the line's first cell; cells outside the bbox are clipped.
            let first = runStart + fit.start
            var x = 0
            while x < fit.shown {
                let cell = cells[x]
                let c = first + x
                if cell.width == 2 && x + 1 < fit.shown {
                    if c >= 0 && c + 1 < columns {
                        claims[rowBase + c] = Int32(truncatingIfNeeded: lineBase + x)
                        claims[rowBase + c + 1] = Self.continuationClaim
                    }
                    x += 2
                    continue
                }
                if cell.width == 1 && c >= 0 && c < columns && Self.isGlyph(cell, visibleSpace: visibleSpace) {
                    claims[rowBase + c] = Int32(truncatingIfNeeded: lineBase + x)
                }
                x += 1
            }
            let ellipsisColumn = first + fit.shown
            if fit.ellipsis && fit.start + fit.shown < runLength && ellipsisColumn >= 0 && ellipsisColumn < columns {
                claims[rowBase + ellipsisColumn] =
                    Self.ellipsisClaim - Int32(truncatingIfNeeded: lineBase + min(fit.shown, line.count - 1))
            }
        }
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

    /// The attributes that make a space show (underline, reverse, strikethrough), as bits of
    /// ``CellAttributes/rawValue``: read once per call into a local, so the hot loops do not pay
    /// for the static properties' lazy initialization checks.
    static var visibleSpaceAttributes: UInt8 { CellAttributes([.underline, .reverse, .strikethrough]).rawValue }

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

    /// Places the glyphs of source row `sy`, each on the row its centre lands in
    /// (``ProjectiveDraw/RowPlacement/perGlyph``).
    func place(sourceRow sy: Int) {
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
            let dy = (terms.y + rowTerms.y) * scale + centreY
            guard dy > -2, dy < limitY else { continue }
            let r = Int(dy + 2) - 2 - draw.firstRow
            guard isContent(c, r), !wide || isContent(c + 1, r) else { continue }
            // The nearer glyph wins: an equal or nearer claim keeps the cell(s).
            claim(sourceIndex: rowBase + sx, at: r * columns + c, depth: w, wide: wide)
        }
    }
}
