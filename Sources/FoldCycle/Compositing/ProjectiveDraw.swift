#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The forward-placing path of ``Compositor``: a layer under a perspective ``LayerGeometry`` (or a
/// rotated or sheared affine one), drawn so that its text stays text (docs/DESIGN.md#compositing,
/// docs/DESIGN.md#text-on-turned-faces).
///
/// - Coverage: the face is the projected quadrilateral of the layer's four corners. A destination
///   cell's horizontal coverage is the overlap of the cell's columns with the x-extent of the
///   part of the face inside the cell's row, its vertical coverage the overlap of its rows with
///   the y-extent of the part of the face inside the cell's column, both rounded to eighths.
///   Fully covered cells are content; partly covered ones are edges drawn with block eighths
///   (``BlockGlyph``) exactly as on the axis-aligned path: a partly covered row draws a lower
///   block when the column is at least half covered, a fully covered row with a partly covered
///   column a left block. For an axis-aligned rectangle these are the axis-aligned path's
///   numbers.
/// - Backgrounds: every cell's background (and an edge's face colour) is the background of the
///   layer cell its centre shows, through the inverse projection (clamped into the layer for
///   edges).
/// - Glyphs: see ``glyphClaims(source:coverage:columns:rows:)`` (ProjectiveGlyphs.swift): each
///   source glyph is drawn at most once, upright, at its projected centre, and a source row
///   whose projection stays a row (or whose columns stay columns) lands on one destination row.
/// - A layer any corner of which is at or behind the eye (w ≤ 0), or whose plane is seen
///   edge-on (singular), draws nothing.
struct ProjectiveDraw: LayerBlending {
    let alpha256: UInt32
    let backgroundRGB: UInt32
    let foregroundRGB: UInt32
    let colorDepth: ColorDepth
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
    /// How source rows land on destination rows.
    let rowPlacement: RowPlacement
    /// The layer's content read once: the layer's own (``Layer/contentProfile``) or, without
    /// one, built for this draw.
    let profile: LayerContentProfile

    /// How the glyphs of one source row find their destination row.
    enum RowPlacement {
        /// Each glyph on the row its own projected centre lands in (a rotation of 45° or more in
        /// cells: rows stand up).
        case perGlyph
        /// The whole source row on one destination row: where its centre line crosses the
        /// layer's centre column. For maps that keep rows horizontal (`v` depends on `y` alone: a
        /// turn about the x axis, a horizontal shear) that is exact; for maps that keep columns
        /// vertical (`u` depends on `x` alone: a turn about the y axis, whose rows tilt toward
        /// the vanishing point) and for gentle affine turns (a row tilted less than 45° in cells:
        /// a dragged deck card) it keeps each line of text on one row.
        case snapped
    }

    /// The draw of `layer` into a `destinationWidth` × `destinationHeight` buffer, or nil when it
    /// draws nothing (singular, behind the eye, or outside the destination).
    init?(
        layer: Layer, alpha: Double, backgroundColor: RGBColor, foregroundColor: RGBColor,
        colorDepth: ColorDepth, destinationWidth: Int, destinationHeight: Int
    ) {
        alpha256 = UInt32(RGBColor.alpha256(alpha))
        backgroundRGB = backgroundColor.packed
        foregroundRGB = foregroundColor.packed
        self.colorDepth = colorDepth
        sourceWidth = layer.content.width
        sourceHeight = layer.content.height
        profile = layer.contentProfile ?? LayerContentProfile(layer.content)
        width = destinationWidth
        height = destinationHeight
        forward = layer.geometry.planeHomography
        guard let inverse = forward.inverted() else { return nil }
        self.inverse = inverse
        let rowsStayRows = forward.h12 == 0 && forward.h13 == 0
        let columnsStayColumns = forward.h21 == 0 && forward.h23 == 0
        // A card turned less than 45° in cells (a dragged or flying deck card): each line of text
        // stays on one row, shifted with the turn, rather than broken over the rows its tilt
        // crosses; a steeper turn stands its lines up glyph by glyph.
        let tiltsGently = forward.isAffine && abs(forward.h12) < abs(forward.h11)
        rowPlacement = rowsStayRows || columnsStayColumns || tiltsGently ? .snapped : .perGlyph
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

    /// `⌊value⌋` clamped to 0...limit (NaN gives 0), without a libm call: `Int(_:)` truncates,
    /// which is the floor for the positive values it is used on.
    @inline(__always)
    static func clampedFloor(_ value: Double, limit: Int) -> Int {
        if !(value > 0) { return 0 }
        if value >= Double(limit) { return limit }
        return Int(value)
    }

    // MARK: - The face's extent

    /// The x-extent of the part of the face between the horizontal lines `top` and `bottom`
    /// (destination cells), or nil when the face misses that band.
    func horizontalExtent(top: Double, bottom: Double) -> (low: Double, high: Double)? {
        extent(bandLow: top, bandHigh: bottom, horizontal: true)
    }

    /// The y-extent of the part of the face between the vertical lines `left` and `right`.
    func verticalExtent(left: Double, right: Double) -> (low: Double, high: Double)? {
        extent(bandLow: left, bandHigh: right, horizontal: false)
    }

    /// The face is convex, so its part inside a band is the convex polygon of the corners inside
    /// the band and the points where its sides cross the band's two lines: the extent along the
    /// band is the least and greatest of those.
    @inline(__always)
    private func extent(bandLow: Double, bandHigh: Double, horizontal: Bool) -> (low: Double, high: Double)? {
        var low = Double.infinity
        var high = -Double.infinity
        // One side, from corner `a` to corner `b`; (across, along): `across` is the coordinate
        // the band bounds.
        @inline(__always)
        func side(_ a: (x: Double, y: Double), _ b: (x: Double, y: Double)) {
            let (aAcross, aAlong) = horizontal ? (a.y, a.x) : (a.x, a.y)
            let (bAcross, bAlong) = horizontal ? (b.y, b.x) : (b.x, b.y)
            if aAcross >= bandLow && aAcross <= bandHigh {
                low = min(low, aAlong)
                high = max(high, aAlong)
            }
            // Where the side crosses each of the band's two lines.
            if (aAcross - bandLow) * (bAcross - bandLow) < 0 {
                let at = aAlong + (bandLow - aAcross) * (bAlong - aAlong) / (bAcross - aAcross)
                low = min(low, at)
                high = max(high, at)
            }
            if (aAcross - bandHigh) * (bAcross - bandHigh) < 0 {
                let at = aAlong + (bandHigh - aAcross) * (bAlong - aAlong) / (bAcross - aAcross)
                low = min(low, at)
                high = max(high, at)
            }
        }
        // The four sides in order, each corner read once (no index arithmetic per side).
        let (q0, q1, q2, q3) = (quad[0], quad[1], quad[2], quad[3])
        side(q0, q1)
        side(q1, q2)
        side(q2, q3)
        side(q3, q0)
        return low <= high ? (low, high) : nil
    }

    // MARK: - Sampling

    /// The layer cell the destination point `(x, y)` shows, clamped into the layer (for edge
    /// cells whose centre lies just outside the face), or -1 when the point is behind the eye.
    func sample(x: Double, y: Double) -> Int {
        let p = inverse.apply(x: x - centreX, y: y - centreY)
        return sourceIndex(p.x, p.y, p.w)
    }

    /// The layer cell of the inverse-mapped homogeneous point `(x, y, w)`, clamped into the
    /// layer, or -1 when `w ≤ 0` (behind the eye) or the point is not finite.
    @inline(__always)
    func sourceIndex(_ x: Double, _ y: Double, _ w: Double) -> Int {
        guard w > 0 else { return -1 }
        let scale = 1 / w
        let lx = x * scale + halfWidth
        let ly = y * scale + halfHeight
        guard lx.isFinite, ly.isFinite else { return -1 }
        return Self.clampedFloor(ly, limit: sourceHeight - 1) * sourceWidth
            + Self.clampedFloor(lx, limit: sourceWidth - 1)
    }

    // MARK: - Drawing

    /// Draws the layer over `target` (the destination's cells).
    ///
    /// - Returns: whether a cell it overwrote was part of a wide cluster (width ≠ 1), so the
    ///   wide-cluster invariant may need restoring; the draw itself writes every wide glyph whole.
    @discardableResult
    func draw(source: UnsafeBufferPointer<Cell>, target: UnsafeMutableBufferPointer<Cell>) -> Bool {
        let columns = endColumn - firstColumn
        let rows = endRow - firstRow
        // Each bbox row's x-extent of the face, each bbox column's y-extent.
        let rowExtents = (0..<rows).map { r in
            horizontalExtent(top: Double(firstRow + r), bottom: Double(firstRow + r + 1))
        }
        let columnExtents = (0..<columns).map { c in
            verticalExtent(left: Double(firstColumn + c), right: Double(firstColumn + c + 1))
        }
        let coverage = Self.coverage(
            rowExtents: rowExtents, columnExtents: columnExtents, firstColumn: firstColumn, firstRow: firstRow)
        let claims = glyphClaims(source: source, coverage: coverage, columns: columns, rows: rows)
        // A layer of one background (every card) needs no sampling: each cell would find it.
        let uniformBackground = profile.uniformBackground != nil
        let opaqueRuns = uniformBackground && alpha256 == 256
        // With opaque runs the draw repairs the wide clusters it cuts itself, row by row: a
        // write that starts on a continuation may leave the lead left of it alone, one that ends
        // on a lead may leave the continuation right of it (the repair candidates); every
        // cluster the draw writes is whole.
        var state = DrawState(repairs: .allocate(capacity: opaqueRuns ? 2 * columns + 2 : 0))
        defer { state.repairs.deallocate() }
        coverage.withUnsafeBufferPointer { coverage in
            claims.withUnsafeBufferPointer { claims in
                let pass = DrawPass(
                    columns: columns, coverage: coverage, claims: claims, rowExtents: rowExtents,
                    columnExtents: columnExtents, columnTerms: uniformBackground ? [] : inverseColumnTerms(columns),
                    firstBackground: source[0].backgroundBits, uniformBackground: uniformBackground,
                    opaqueRuns: opaqueRuns)
                for r in 0..<rows {
                    drawRow(r, pass: pass, state: &state, source: source, target: target)
                }
            }
        }
        return state.overwritten != 0
    }

    /// A homogeneous point's terms of the inverse map.
    typealias Terms = (x: Double, y: Double, w: Double)

    /// What every row of one ``draw(source:target:)`` reads: the bbox cells' coverage and glyph
    /// claims (row-major, `columns` a row), the face's extents, and the inverse map's column terms.
    struct DrawPass {
        let columns: Int
        let coverage: UnsafeBufferPointer<UInt8>
        let claims: UnsafeBufferPointer<Int32>
        let rowExtents: [(low: Double, high: Double)?]
        let columnExtents: [(low: Double, high: Double)?]
        /// Empty for a layer of one background (``uniformBackground``).
        let columnTerms: [Terms]
        let firstBackground: UInt32
        let uniformBackground: Bool
        /// A layer of one background drawn opaque: its content is copied in runs.
        let opaqueRuns: Bool
        var blank: Cell {
            Cell(glyph: 0x20, foregroundBits: TerminalColor.packedDefault, backgroundBits: firstBackground)
        }
    }

    /// What one ``draw(source:target:)`` changes as it goes.
    struct DrawState {
        /// The OR of (width ^ 1) over the overwritten cells' `high` words: nonzero when one was wide.
        var overwritten: UInt64 = 0
        /// The edges' background blends (``BlendMemo/edgeColours``).
        var edgeMemo = BlendMemo()
        /// The row's repair candidates (with opaque runs), `repairCount` of them.
        let repairs: UnsafeMutablePointer<Int>
        var repairCount = 0

        init(repairs: UnsafeMutablePointer<Int>) { self.repairs = repairs }

        @inline(__always)
        mutating func noteRepair(_ column: Int) {
            repairs[repairCount] = column
            repairCount &+= 1
        }
    }

    /// The inverse map of a cell centre, `(px, py, 1) · inverse`, split into its column's and
    /// its row's terms, so a cell costs three additions and one division: each bbox column's.
    func inverseColumnTerms(_ columns: Int) -> [Terms] {
        (0..<columns).map { c in
            let px = Double(firstColumn + c) + 0.5 - centreX
            return (
                x: px * inverse.h11 + inverse.h31, y: px * inverse.h12 + inverse.h32, w: px * inverse.h13 + inverse.h33
            )
        }
    }

    /// Draws bbox row `r`: runs of content cells copied (``copyContentRun``), the other covered
    /// cells one by one (``drawCell``); then repairs the destination's wide clusters it cut.
    @inline(__always)
    func drawRow(
        _ r: Int, pass: DrawPass, state: inout DrawState, source: UnsafeBufferPointer<Cell>,
        target: UnsafeMutableBufferPointer<Cell>
    ) {
        let y = firstRow + r
        let py = Double(y) + 0.5 - centreY
        let rowTerms = (x: py * inverse.h21, y: py * inverse.h22, w: py * inverse.h23)
        let rowBase = r * pass.columns
        let targetRow = y &* width
        state.repairCount = 0
        defer {
            if state.repairCount > 0 {
                CellBuffer.repairWideClusters(
                    at: state.repairs, count: state.repairCount,
                    row: target.baseAddress.unsafelyUnwrapped + targetRow, width: width)
            }
        }
        var column = 0
        while column < pass.columns {
            let c = column
            let covered = pass.coverage[rowBase + c]
            // A run of content cells of an opaque layer of one background: each is its glyph or
            // a blank, copied (the common case, in a tight loop over the run found first).
            if covered == 0x88 && pass.opaqueRuns {
                column = copyContentRun(
                    from: c, rowBase: rowBase, targetRow: targetRow, pass: pass, state: &state, source: source,
                    target: target)
                continue
            }
            column += 1
            guard covered & 0xF0 != 0, covered & 0x0F != 0 else { continue }
            drawCell(
                c, row: r, covered: covered, rowTerms: rowTerms, pass: pass, state: &state, source: source,
                target: target)
        }
    }

    /// Copies the run of content cells (coverage 0x88) of row `rowBase` (bbox cells) from bbox
    /// column `c` (``copyRun(claims:count:source:target:blank:)``), noting the destination
    /// clusters its ends cut; returns the bbox column after it.
    @inline(__always)
    func copyContentRun(
        from c: Int, rowBase: Int, targetRow: Int, pass: DrawPass, state: inout DrawState,
        source: UnsafeBufferPointer<Cell>, target: UnsafeMutableBufferPointer<Cell>
    ) -> Int {
        let columns = pass.columns
        var runEnd = c + 1
        // Eight coverage bytes at a time, then one.
        let rowCoverage = UnsafeRawPointer(pass.coverage.baseAddress.unsafelyUnwrapped + rowBase)
        while runEnd &+ 8 <= columns
            && rowCoverage.loadUnaligned(fromByteOffset: runEnd, as: UInt64.self) == 0x8888_8888_8888_8888
        {
            runEnd &+= 8
        }
        while runEnd < columns && pass.coverage[rowBase &+ runEnd] == 0x88 { runEnd &+= 1 }
        // Every cell of the run is written, each cluster whole: only its ends can cut a cluster
        // of the destination.
        let runStart = firstColumn &+ c
        let runStop = firstColumn &+ runEnd
        if target[targetRow &+ runStart].width == 0 && runStart > 0 { state.noteRepair(runStart &- 1) }
        if target[targetRow &+ runStop &- 1].width == 2 && runStop < width { state.noteRepair(runStop) }
        Self.copyRun(
            claims: pass.claims.baseAddress.unsafelyUnwrapped + (rowBase &+ c), count: runEnd &- c,
            source: source.baseAddress.unsafelyUnwrapped,
            target: target.baseAddress.unsafelyUnwrapped + (targetRow &+ runStart), blank: pass.blank)
        return runEnd
    }

    /// Draws the covered cell at bbox column `c` of row `r` (coverage `covered`) one by one: a
    /// content cell (``drawContentCell``) in the background its centre shows, or an edge.
    @inline(__always)
    func drawCell(
        _ c: Int, row r: Int, covered: UInt8, rowTerms: Terms, pass: DrawPass, state: inout DrawState,
        source: UnsafeBufferPointer<Cell>, target: UnsafeMutableBufferPointer<Cell>
    ) {
        let y = firstRow + r
        let x = firstColumn + c
        let index = y * width + x
        if pass.opaqueRuns {
            // Only edges are drawn cell by cell here: one narrow cell.
            let written = target[index].width
            if written == 0 && x > 0 {
                state.noteRepair(x &- 1)
            } else if written == 2 && x &+ 1 < width {
                state.noteRepair(x &+ 1)
            }
        } else {
            state.overwritten |= DrawContext.widthOtherThanOne(target[index])
        }
        let background: UInt32
        if pass.uniformBackground {
            background = pass.firstBackground
        } else {
            let terms = pass.columnTerms[c]
            let shown = sourceIndex(terms.x + rowTerms.x, terms.y + rowTerms.y, terms.w + rowTerms.w)
            guard shown >= 0 else { return }
            background = source[shown].backgroundBits
        }
        if covered == 0x88 {
            drawContentCell(
                at: index, claim: pass.claims[r * pass.columns + c], background: background, blank: pass.blank,
                state: &state, source: source, target: target)
        } else if covered >> 4 < 8 {
            guard covered & 0x0F >= 4, let extent = pass.columnExtents[c] else { return }
            let coversBottom = (max(extent.low, Double(y)) + min(extent.high, Double(y + 1))) / 2 >= Double(y) + 0.5
            drawEdge(
                at: index, eighths: Int(covered >> 4), coversFar: coversBottom, faceColour: background,
                family: .lower, memo: &state.edgeMemo, target: target)
        } else if let extent = pass.rowExtents[r] {
            let coversLeft = (max(extent.low, Double(x)) + min(extent.high, Double(x + 1))) / 2 < Double(x) + 0.5
            drawEdge(
                at: index, eighths: Int(covered & 0x0F), coversFar: coversLeft, faceColour: background,
                family: .left, memo: &state.edgeMemo, target: target)
        }
    }

    /// Draws the content cell at `index` by its glyph claim, in `background`, blended: its glyph
    /// (a wide one with its continuation), nothing for a continuation claim, an "…", or a space.
    @inline(__always)
    func drawContentCell(
        at index: Int, claim: Int32, background: UInt32, blank: Cell, state: inout DrawState,
        source: UnsafeBufferPointer<Cell>, target: UnsafeMutableBufferPointer<Cell>
    ) {
        if claim == Self.continuationClaim { return }  // Drawn with its lead.
        if claim >= 0 {
            var glyph = source[Int(claim)]
            glyph.backgroundBits = background
            let lead = blended(glyph, below: target[index])
            target[index] = lead
            if glyph.width == 2 {
                state.overwritten |= DrawContext.widthOtherThanOne(target[index + 1])
                target[index + 1] = .continuation(of: lead)
            }
        } else if claim <= Self.ellipsisClaim {
            var ellipsis = Self.ellipsis(replacing: source[Int(Self.ellipsisClaim - claim)])
            ellipsis.backgroundBits = background
            target[index] = blended(ellipsis, below: target[index])
        } else {
            var space = blank
            space.backgroundBits = background
            target[index] = blended(space, below: target[index])
        }
    }

    /// Copies a run of `count` content cells of an opaque layer of one background to `target`:
    /// each its claimed glyph (``glyphClaims(source:coverage:columns:rows:)``, as it is, since
    /// the background it would be given is its own; a wide one with its continuation, which is
    /// in the run), nothing for a continuation claim (its lead wrote it), an "…", or `blank`. Every cell
    /// of the run is written. A function of its own, so the loop keeps its few values in
    /// registers.
    @inline(never)
    static func copyRun(
        claims: UnsafePointer<Int32>, count: Int, source: UnsafePointer<Cell>, target: UnsafeMutablePointer<Cell>,
        blank: Cell
    ) {
        var i = 0
        while i < count {
            let claim = claims[i]
            if claim >= 0 {
                let glyph = source[Int(claim)]
                target[i] = glyph
                if glyph.width == 2 {
                    target[i &+ 1] = .continuation(of: glyph)
                }
            } else if claim == -1 {
                target[i] = blank
            } else if claim <= ellipsisClaim {
                target[i] = ellipsis(replacing: source[Int(ellipsisClaim &- claim)])
            }
            i &+= 1
        }
    }

    /// The "…" that ends a line cut short (``LineFit``), in the colours and attributes of the
    /// line's cell it replaces.
    static func ellipsis(replacing cell: Cell) -> Cell {
        Cell(
            glyph: LineFit.ellipsisGlyph, foregroundBits: cell.foregroundBits, backgroundBits: cell.backgroundBits,
            attributes: cell.attributes)
    }

    /// Each bbox cell's coverage, row-major: its row eighths (from its column's y-extent) in the
    /// high nibble and its column eighths (from its row's x-extent) in the low one; 0x88 is
    /// content. Only the two cells at each end of an extent need ``DrawContext/eighths``; those
    /// between are 8/8.
    static func coverage(
        rowExtents: [(low: Double, high: Double)?], columnExtents: [(low: Double, high: Double)?], firstColumn: Int,
        firstRow: Int
    ) -> [UInt8] {
        let columns = columnExtents.count
        let rows = rowExtents.count
        var coverage = [UInt8](repeating: 0, count: columns * rows)
        coverage.withUnsafeMutableBufferPointer { coverage in
            for (r, extent) in rowExtents.enumerated() {
                guard let extent else { continue }
                let (from, to) = Self.span(extent, first: firstColumn, count: columns)
                guard from < to else { continue }
                let rowBase = r * columns
                // The cells between the two ends are 8/8: one fill.
                if to - from > 2 {
                    coverage[(rowBase + from + 1)..<(rowBase + to - 1)].update(repeating: 8)
                }
                // The two ends (one cell when the span is one cell wide).
                coverage[rowBase + from] = UInt8(
                    truncatingIfNeeded: DrawContext.eighths(Double(firstColumn + from), extent.low, extent.high))
                if to - from > 1 {
                    coverage[rowBase + to - 1] = UInt8(
                        truncatingIfNeeded: DrawContext.eighths(Double(firstColumn + to - 1), extent.low, extent.high))
                }
            }
            for (c, extent) in columnExtents.enumerated() {
                guard let extent else { continue }
                let (from, to) = Self.span(extent, first: firstRow, count: rows)
                guard from < to else { continue }
                // The cells between the two ends are 8/8.
                var index = (from + 1) * columns + c
                for _ in (from + 1)..<max(to - 1, from + 1) {
                    coverage[index] |= 0x80
                    index += columns
                }
                coverage[from * columns + c] |= UInt8(
                    truncatingIfNeeded: DrawContext.eighths(Double(firstRow + from), extent.low, extent.high) << 4)
                if to - from > 1 {
                    coverage[(to - 1) * columns + c] |= UInt8(
                        truncatingIfNeeded: DrawContext.eighths(Double(firstRow + to - 1), extent.low, extent.high) << 4
                    )
                }
            }
        }
        return coverage
    }

    /// The bbox cells `from..<to` (0-based from `first`, within `0...count`) that `extent`
    /// overlaps.
    @inline(__always)
    static func span(_ extent: (low: Double, high: Double), first: Int, count: Int) -> (Int, Int) {
        let from = min(max(clampedFloor(extent.low - Double(first), limit: count), 0), count)
        let to = min(clampedCell(extent.high - Double(first), rounding: .up, limit: count), count)
        return (from, max(from, to))
    }
}
