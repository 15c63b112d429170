import Foundation

/// The projective path of ``Compositor``: a layer under a perspective ``LayerGeometry``, drawn so
/// that its text stays text (docs/DESIGN.md#compositing).
///
/// - Coverage: the face is the projected quadrilateral of the layer's four corners. A destination
///   cell's horizontal coverage is the overlap of the cell's columns with the face's extent along
///   the cell's centre row, its vertical coverage the overlap of its rows with the face's extent
///   along its centre column, both rounded to eighths. Fully covered cells are content; partly
///   covered ones are edges drawn with block eighths (``BlockGlyph``) exactly as on the
///   axis-aligned path: a partly covered row draws a lower block when the column is at least
///   half covered, a fully covered row with a partly covered column a left block.
/// - Backgrounds: every cell's background (and an edge's face colour) is the background of the
///   layer cell its centre shows, through the inverse projection (clamped into the layer for
///   edges).
/// - Glyphs: each source glyph (any cell but a plain space) is drawn once, upright, at the
///   destination cell its projected centre lands in (a wide cluster on the two cells around its
///   projected centre); it is dropped when that cell is not content. Where two glyphs land on
///   the same cell the nearer one wins (smaller w after the transform: closer to the eye); a
///   wide cluster half of which loses is dropped whole. So no glyph is duplicated, stretched,
///   mirrored or split, and the glyph keeps its own colour and attributes.
/// - A layer any corner of which is at or behind the eye (w ≤ 0), or whose plane is seen
///   edge-on (singular), draws nothing.
struct ProjectiveDraw: LayerBlending {
    let alpha256: UInt32
    let backgroundRGB: UInt32
    let foregroundRGB: UInt32
    let sourceWidth: Int
    let sourceHeight: Int
    /// Destination size.
    let width: Int
    let height: Int
    /// Layer offsets from its centre (cells) → destination offsets from its destination centre.
    let forward: PlaneHomography
    let inverse: PlaneHomography
    let centreX: Double
    let centreY: Double
    let halfWidth: Double
    let halfHeight: Double
    /// The face's corners in destination cells: top-left, top-right, bottom-right, bottom-left.
    let quad: [(x: Double, y: Double)]
    let firstColumn: Int
    let endColumn: Int
    let firstRow: Int
    let endRow: Int

    /// The draw of `layer` into a `destinationWidth` × `destinationHeight` buffer, or nil when it
    /// draws nothing (singular, behind the eye, or outside the destination).
    init?(
        layer: Layer, alpha: Double, backgroundColor: RGBColor, foregroundColor: RGBColor,
        destinationWidth: Int, destinationHeight: Int
    ) {
        alpha256 = UInt32(RGBColor.alpha256(alpha))
        backgroundRGB = backgroundColor.packed
        foregroundRGB = foregroundColor.packed
        sourceWidth = layer.content.width
        sourceHeight = layer.content.height
        width = destinationWidth
        height = destinationHeight
        forward = layer.geometry.planeHomography
        guard let inverse = forward.inverted() else { return nil }
        self.inverse = inverse
        halfWidth = Double(sourceWidth) / 2
        halfHeight = Double(sourceHeight) / 2
        centreX = Double(layer.origin.column) + halfWidth
        centreY = Double(layer.origin.row) + halfHeight
        var quad: [(x: Double, y: Double)] = []
        for (x, y) in [
            (-halfWidth, -halfHeight), (halfWidth, -halfHeight), (halfWidth, halfHeight),
            (-halfWidth, halfHeight),
        ] {
            let p = forward.apply(x: x, y: y)
            guard p.w > 1e-12, p.w.isFinite else { return nil }
            let point = (x: p.x / p.w + centreX, y: p.y / p.w + centreY)
            guard point.x.isFinite, point.y.isFinite else { return nil }
            quad.append(point)
        }
        self.quad = quad
        let xs = quad.map(\.x)
        let ys = quad.map(\.y)
        firstColumn = Self.clampedCell(xs.min() ?? 0, rounding: .down, limit: destinationWidth)
        endColumn = Self.clampedCell(xs.max() ?? 0, rounding: .up, limit: destinationWidth)
        firstRow = Self.clampedCell(ys.min() ?? 0, rounding: .down, limit: destinationHeight)
        endRow = Self.clampedCell(ys.max() ?? 0, rounding: .up, limit: destinationHeight)
        guard firstColumn < endColumn, firstRow < endRow else { return nil }
    }

    /// `value` rounded to a cell boundary and clamped to 0...limit, with no conversion that can
    /// trap.
    static func clampedCell(_ value: Double, rounding: FloatingPointRoundingRule, limit: Int) -> Int {
        let rounded = value.rounded(rounding)
        if !(rounded > 0) { return 0 }
        if rounded >= Double(limit) { return limit }
        return Int(rounded)
    }

    // MARK: - The face's extent

    /// Where the face meets the horizontal line `y` (destination cells): its leftmost and
    /// rightmost x, or nil when it misses the line.
    func horizontalSpan(atY y: Double) -> (low: Double, high: Double)? {
        span(along: y, horizontal: true)
    }

    /// Where the face meets the vertical line `x`: its topmost and bottommost y, or nil.
    func verticalSpan(atX x: Double) -> (low: Double, high: Double)? {
        span(along: x, horizontal: false)
    }

    private func span(along line: Double, horizontal: Bool) -> (low: Double, high: Double)? {
        var low = Double.infinity
        var high = -Double.infinity
        for index in 0..<4 {
            let a = quad[index]
            let b = quad[(index + 1) % 4]
            // (across, along): `across` is the coordinate compared with the line.
            let (aAcross, aAlong) = horizontal ? (a.y, a.x) : (a.x, a.y)
            let (bAcross, bAlong) = horizontal ? (b.y, b.x) : (b.x, b.y)
            if aAcross == bAcross {
                if aAcross == line {
                    low = min(low, aAlong, bAlong)
                    high = max(high, aAlong, bAlong)
                }
                continue
            }
            guard (aAcross - line) * (bAcross - line) <= 0 else { continue }
            let at = aAlong + (line - aAcross) * (bAlong - aAlong) / (bAcross - aAcross)
            low = min(low, at)
            high = max(high, at)
        }
        return low <= high ? (low, high) : nil
    }

    // MARK: - Sampling

    /// The layer cell the destination point `(x, y)` shows, clamped into the layer (for edge
    /// cells whose centre lies just outside the face), or -1 when the point is behind the eye.
    func sample(x: Double, y: Double) -> Int {
        let p = inverse.apply(x: x - centreX, y: y - centreY)
        guard p.w > 0 else { return -1 }
        let lx = p.x / p.w + halfWidth
        let ly = p.y / p.w + halfHeight
        guard lx.isFinite, ly.isFinite else { return -1 }
        let column = Self.clampedCell(lx, rounding: .down, limit: sourceWidth - 1)
        let row = Self.clampedCell(ly, rounding: .down, limit: sourceHeight - 1)
        return row * sourceWidth + column
    }

    // MARK: - Drawing

    /// Draws the layer over `target` (the destination's cells).
    func draw(source: UnsafeBufferPointer<Cell>, target: UnsafeMutableBufferPointer<Cell>) {
        let columns = endColumn - firstColumn
        let rows = endRow - firstRow
        // Each bbox row's horizontal span at its centre, each bbox column's vertical span.
        let rowSpans = (0..<rows).map { horizontalSpan(atY: Double(firstRow + $0) + 0.5) }
        let columnSpans = (0..<columns).map { verticalSpan(atX: Double(firstColumn + $0) + 0.5) }
        var coverage = [UInt8](repeating: 0, count: columns * rows)  // row eighths << 4 | column eighths
        for r in 0..<rows {
            guard let rowSpan = rowSpans[r] else { continue }
            let y = Double(firstRow + r)
            for c in 0..<columns {
                guard let columnSpan = columnSpans[c] else { continue }
                let columnEighths = DrawContext.eighths(Double(firstColumn + c), rowSpan.low, rowSpan.high)
                let rowEighths = DrawContext.eighths(y, columnSpan.low, columnSpan.high)
                coverage[r * columns + c] = UInt8(rowEighths << 4 | columnEighths)
            }
        }
        let claims = glyphClaims(source: source, coverage: coverage, columns: columns, rows: rows)
        for r in 0..<rows {
            let y = firstRow + r
            for c in 0..<columns {
                let covered = coverage[r * columns + c]
                let rowEighths = Int(covered >> 4)
                let columnEighths = Int(covered & 0xF)
                guard rowEighths > 0, columnEighths > 0 else { continue }
                let x = firstColumn + c
                let index = y * width + x
                let shown = sample(x: Double(x) + 0.5, y: Double(y) + 0.5)
                guard shown >= 0 else { continue }
                let background = source[shown].backgroundBits
                if rowEighths == 8 && columnEighths == 8 {
                    let claim = claims[r * columns + c]
                    if claim == Self.continuationClaim { continue }  // Drawn with its lead.
                    let below = target[index]
                    if claim >= 0 {
                        var glyph = source[Int(claim)]
                        glyph.backgroundBits = background
                        let lead = blended(glyph, below: below)
                        target[index] = lead
                        if glyph.width == 2 { target[index + 1] = .continuation(of: lead) }
                    } else {
                        target[index] = blended(
                            Cell(glyph: 0x20, foregroundBits: TerminalColor.packedDefault, backgroundBits: background),
                            below: below)
                    }
                } else if rowEighths < 8 {
                    guard columnEighths >= 4, let span = columnSpans[c] else { continue }
                    let coversBottom =
                        (max(span.low, Double(y)) + min(span.high, Double(y + 1))) / 2
                        >= Double(y) + 0.5
                    drawEdge(
                        at: index, eighths: rowEighths, coversFar: coversBottom, faceColour: background,
                        family: .lower, target: target)
                } else if let span = rowSpans[r] {
                    let coversLeft = (max(span.low, Double(x)) + min(span.high, Double(x + 1))) / 2 < Double(x) + 0.5
                    drawEdge(
                        at: index, eighths: columnEighths, coversFar: coversLeft, faceColour: background,
                        family: .left, target: target)
                }
            }
        }
    }

    /// A claim for the trailing half of a wide cluster whose lead is claimed to its left.
    static let continuationClaim: Int32 = -2

    /// For each bbox cell, the source glyph drawn there (its index), ``continuationClaim``, or -1
    /// (none: the background shows). Each glyph lands once, at its projected centre, on content
    /// cells only; the nearer glyph wins a cell.
    private func glyphClaims(
        source: UnsafeBufferPointer<Cell>, coverage: [UInt8], columns: Int,
        rows: Int
    ) -> [Int32] {
        var claims = [Int32](repeating: -1, count: columns * rows)
        var depths = [Double](repeating: .infinity, count: columns * rows)
        func isContent(_ c: Int, _ r: Int) -> Bool {
            c >= 0 && c < columns && r >= 0 && r < rows && coverage[r * columns + c] == 0x88
        }
        /// Frees cell `i` of whatever glyph holds it, with that glyph's other half.
        func release(_ i: Int) {
            let claim = claims[i]
            if claim == Self.continuationClaim {
                claims[i - 1] = -1
            } else if claim >= 0, source[Int(claim)].width == 2 {
                claims[i + 1] = -1
            }
            claims[i] = -1
        }
        for sy in 0..<sourceHeight {
            for sx in 0..<sourceWidth {
                let cell = source[sy * sourceWidth + sx]
                let glyphWidth = Int(cell.width)
                guard glyphWidth > 0 else { continue }
                if cell.glyph == 0x20 && cell.attributes.isDisjoint(with: [.underline, .reverse]) { continue }
                let p = forward.apply(
                    x: Double(sx) + Double(glyphWidth) / 2 - halfWidth,
                    y: Double(sy) + 0.5 - halfHeight)
                guard p.w > 0 else { continue }
                let dx = p.x / p.w + centreX - Double(glyphWidth) / 2
                let dy = p.y / p.w + centreY
                guard dx.isFinite, dy.isFinite, dx > -2, dy > -2, dx < Double(width + 2), dy < Double(height + 2)
                else { continue }
                let c = Int((dx + 0.5).rounded(.down)) - firstColumn
                let r = Int(dy.rounded(.down)) - firstRow
                guard isContent(c, r), glyphWidth == 1 || isContent(c + 1, r) else { continue }
                let i = r * columns + c
                // The nearer glyph wins: an equal or nearer claim keeps the cell(s).
                guard depths[i] > p.w || claims[i] == -1,
                    glyphWidth == 1 || depths[i + 1] > p.w || claims[i + 1] == -1
                else { continue }
                release(i)
                if glyphWidth == 2 { release(i + 1) }
                claims[i] = Int32(truncatingIfNeeded: sy * sourceWidth + sx)
                depths[i] = p.w
                if glyphWidth == 2 {
                    claims[i + 1] = Self.continuationClaim
                    depths[i + 1] = p.w
                }
            }
        }
        return claims
    }
}
