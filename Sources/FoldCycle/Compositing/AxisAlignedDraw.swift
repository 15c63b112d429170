#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The axis-aligned path (`b == 0 && c == 0`: the fold's case): exact coverage with block eighths.
extension DrawContext {
    // MARK: Axis-aligned: exact coverage with block eighths

    /// One destination column of an axis-aligned draw, computed once per layer: its coverage
    /// in eighths, whether the layer covers its left part, and the layer column it samples.
    struct ColumnSample {
        var sourceColumn: Int32
        var eighths: UInt8
        var coversLeft: Bool
        /// Whether a wide lead sampled here is drawn whole: the next column is fully covered
        /// and samples the next layer column (the lead's continuation).
        var wholeLead = false
    }

    /// One piece of a fully covered row, computed once per layer: a run of fully covered
    /// columns that sample consecutive layer columns (`count` columns from `start`, the layer
    /// column of the first in `sourceColumn`), or one partly covered column (`count` 0) drawn as a
    /// left block eighth.
    struct RowSegment {
        var start: Int32
        var count: Int32
        /// The layer column of a run's first column, or ``sampled``.
        var sourceColumn: Int32

        /// A stretch of fully covered columns whose runs are short (a squashed layer): drawn
        /// column by column from each column's sample.
        static let sampled: Int32 = -1
    }

    /// The inverse map separates into a column map and a row map: the column samples are
    /// computed once into a temporary (stack-allocated when small) buffer, and cut into
    /// ``RowSegment``s: runs of columns that sample consecutive layer columns (all of them when
    /// the layer is not scaled horizontally, single columns where it is squashed to half or less)
    /// and the partly covered edge columns. A fully covered row is then a copy (or blend) of a
    /// stretch of the layer's row per run, so a covered cell costs one source load and one store
    /// (plus the blend when alpha < 1); wide clusters need a look only at a run's ends (a lead
    /// at its end or a continuation at its start is cut off and blanked, as is a wide cluster
    /// whose other half another column samples).
    ///
    /// Clusters wholly inside a run are replaced whole; one the draw cuts (a run that starts on
    /// a trailing half or ends on a lead, an edge cell over a wide one) is repaired when its row
    /// is done (``Repairs``), so a destination whose wide-cluster invariant held before still
    /// holds it after.
    func drawAxisAligned(source: UnsafeBufferPointer<Cell>, target: UnsafeMutableBufferPointer<Cell>) {
        guard let bounds = axisAlignedBounds() else { return }
        let columnCount = bounds.columnCount
        var memo = BlendMemo()
        withUnsafeTemporaryAllocation(of: ColumnSample.self, capacity: columnCount) { columns in
            sampleColumns(into: columns, bounds: bounds)
            let samples = UnsafeBufferPointer(columns)
            withUnsafeTemporaryAllocation(of: RowSegment.self, capacity: columnCount) { segmentStorage in
                let segmentCount = Self.cutSegments(samples, into: segmentStorage)
                let segments = UnsafeBufferPointer(rebasing: segmentStorage[..<segmentCount])
                drawRows(
                    bounds: bounds, segments: segments, columns: samples, memo: &memo, source: source, target: target)
                segmentStorage.deinitialize()
            }
            columns.deinitialize()
        }
    }

    /// The destination extent of an axis-aligned draw: the face's sides (`x0 ≤ x1`, `y0 ≤ y1`,
    /// destination cells) and the columns and rows they touch, clipped to the destination.
    struct AxisAlignedBounds {
        var x0: Double
        var x1: Double
        var y0: Double
        var y1: Double
        var firstColumn: Int
        var endColumn: Int
        var firstRow: Int
        var endRow: Int

        var columnCount: Int { endColumn - firstColumn }
    }

    /// The face's extent (``AxisAlignedBounds``), or nil when it covers no destination cell.
    @inline(__always)
    func axisAlignedBounds() -> AxisAlignedBounds? {
        let a = Double(transform.a)
        let d = Double(transform.d)
        let left = centreX + a * -halfWidth + Double(transform.tx)
        let right = centreX + a * halfWidth + Double(transform.tx)
        let top = centreY + d * -halfHeight + Double(transform.ty)
        let bottom = centreY + d * halfHeight + Double(transform.ty)
        let x0 = min(left, right)
        let x1 = max(left, right)
        let y0 = min(top, bottom)
        let y1 = max(top, bottom)
        guard x1 > 0, y1 > 0, x0 < Double(width), y0 < Double(height) else { return nil }
        let firstColumn = max(Int(x0.rounded(.down)), 0)
        let endColumn = min(Int(x1.rounded(.up)), width)
        let firstRow = max(Int(y0.rounded(.down)), 0)
        let endRow = min(Int(y1.rounded(.up)), height)
        guard firstColumn < endColumn, firstRow < endRow else { return nil }
        return AxisAlignedBounds(
            x0: x0, x1: x1, y0: y0, y1: y1, firstColumn: firstColumn, endColumn: endColumn, firstRow: firstRow,
            endRow: endRow)
    }

    /// Initializes `columns` (``AxisAlignedBounds/columnCount`` of them) with each destination
    /// column's ``ColumnSample``.
    @inline(__always)
    func sampleColumns(into columns: UnsafeMutableBufferPointer<ColumnSample>, bounds: AxisAlignedBounds) {
        let (x0, x1) = (bounds.x0, bounds.x1)
        let columnCount = bounds.columnCount
        for i in 0..<columnCount {
            let x = bounds.firstColumn + i
            let eighths = Self.eighths(Double(x), x0, x1)
            let coversLeft = (max(x0, Double(x)) + min(x1, Double(x + 1))) / 2 < Double(x) + 0.5
            columns.initializeElement(
                at: i,
                to: ColumnSample(
                    sourceColumn: eighths == 8 ? Int32(truncatingIfNeeded: sourceColumn(x)) : 0,
                    eighths: UInt8(eighths), coversLeft: coversLeft))
        }
        for i in 0..<columnCount - 1 where columns[i].eighths == 8 && columns[i + 1].eighths == 8 {
            columns[i].wholeLead = columns[i + 1].sourceColumn == columns[i].sourceColumn + 1
        }
    }

    /// Cuts a fully covered row's columns (`samples`) into ``RowSegment``s, initializing them at
    /// the start of `segments`; returns how many.
    @inline(__always)
    static func cutSegments(
        _ samples: UnsafeBufferPointer<ColumnSample>, into segments: UnsafeMutableBufferPointer<RowSegment>
    ) -> Int {
        let columnCount = samples.count
        var segmentCount = 0
        var i = 0
        while i < columnCount {
            let sample = samples[i]
            if sample.eighths == 8 {
                var end = i + 1
                while end < columnCount && samples[end].eighths == 8
                    && samples[end].sourceColumn == samples[end - 1].sourceColumn + 1
                {
                    end += 1
                }
                // Short runs (a squashed layer) join the sampled stretch before them.
                if end - i < Self.shortestCopiedRun, segmentCount > 0,
                    segments[segmentCount - 1].sourceColumn == RowSegment.sampled,
                    Int(segments[segmentCount - 1].start + segments[segmentCount - 1].count) == i
                {
                    segments[segmentCount - 1].count += Int32(truncatingIfNeeded: end - i)
                } else {
                    segments.initializeElement(
                        at: segmentCount,
                        to: RowSegment(
                            start: Int32(truncatingIfNeeded: i), count: Int32(truncatingIfNeeded: end - i),
                            sourceColumn: end - i < Self.shortestCopiedRun ? RowSegment.sampled : sample.sourceColumn))
                    segmentCount += 1
                }
                i = end
                continue
            }
            if sample.eighths != 0 {
                segments.initializeElement(
                    at: segmentCount, to: RowSegment(start: Int32(truncatingIfNeeded: i), count: 0, sourceColumn: 0))
                segmentCount += 1
            }
            i += 1
        }
        return segmentCount
    }

    /// Draws the rows of an axis-aligned draw, each fully covered one from its segments, each
    /// partly covered one as lower block eighths (``drawPartialRow``), repairing the
    /// destination's wide clusters each row cuts.
    @inline(__always)
    func drawRows(
        bounds: AxisAlignedBounds, segments: UnsafeBufferPointer<RowSegment>,
        columns: UnsafeBufferPointer<ColumnSample>, memo: inout BlendMemo, source: UnsafeBufferPointer<Cell>,
        target: UnsafeMutableBufferPointer<Cell>
    ) {
        let (y0, y1) = (bounds.y0, bounds.y1)
        let a = Double(transform.a)
        let columnCount = columns.count
        let rowSources = laidOutRows(y0: y0, y1: y1, firstRow: bounds.firstRow, endRow: bounds.endRow)
        // A layer scaled horizontally lays its lines out (``drawLaidOutRow``).
        let layout: LineLayout? =
            a > 0 && a != 1
            ? LineLayout(
                run: Self.contentRange(bounds.x0, bounds.x1), a: a,
                offset: centreX + Double(transform.tx) - a * halfWidth, firstColumn: bounds.firstColumn) : nil
        // At most two repair candidates per segment (a run's two ends), one per edge cell.
        withUnsafeTemporaryAllocation(of: Int.self, capacity: 2 * columnCount + 2) { repairColumns in
            var repairs = Repairs(
                columns: repairColumns.baseAddress.unsafelyUnwrapped, firstColumn: bounds.firstColumn, width: width)
            for y in bounds.firstRow..<bounds.endRow {
                let rowEighths = Self.eighths(Double(y), y0, y1)
                if rowEighths == 0 { continue }
                let rowBase = y * width + bounds.firstColumn
                if rowEighths != 8 {
                    drawPartialRow(
                        y, eighths: rowEighths, bounds: bounds, targetBase: rowBase, columns: columns, memo: &memo,
                        repairs: &repairs, target: target)
                    repairs.repair(row: target.baseAddress.unsafelyUnwrapped + (y &* width))
                    continue
                }
                // The row's line laid out (``drawLaidOutRow``) when the layer is scaled
                // horizontally and the row holds one, else segment by segment (``drawFullRow``),
                // each specialized for an opaque or a blended layer.
                let sy = rowSources.isEmpty ? sourceRow(y) : rowSources[y - bounds.firstRow]
                let sourceRowBase = sy * sourceWidth
                if let layout, let profile, let line = profile.lineSpan(ofRow: sy) {
                    if alpha256 == 256 {
                        drawLaidOutRow(
                            sourceRowBase: sourceRowBase, line: line, layout: layout, targetBase: rowBase,
                            segments: segments, columns: columns, mode: Opaque.self, memo: &memo, repairs: &repairs,
                            source: source, target: target)
                    } else {
                        drawLaidOutRow(
                            sourceRowBase: sourceRowBase, line: line, layout: layout, targetBase: rowBase,
                            segments: segments, columns: columns, mode: Blended.self, memo: &memo, repairs: &repairs,
                            source: source, target: target)
                    }
                } else if alpha256 == 256 {
                    drawFullRow(
                        sourceRowBase: sourceRowBase, targetBase: rowBase, segments: segments, columns: columns,
                        mode: Opaque.self, memo: &memo, repairs: &repairs, source: source, target: target)
                } else {
                    drawFullRow(
                        sourceRowBase: sourceRowBase, targetBase: rowBase, segments: segments, columns: columns,
                        mode: Blended.self, memo: &memo, repairs: &repairs, source: source, target: target)
                }
                repairs.repair(row: target.baseAddress.unsafelyUnwrapped + (y &* width))
            }
        }
    }

    /// Draws the partly covered destination row `y` (`eighths` of it covered) as lower block
    /// eighths in the columns at least half covered, noting the destination clusters it cuts.
    /// Out of the row loop: a layer has at most two such rows.
    @inline(never)
    func drawPartialRow(
        _ y: Int, eighths rowEighths: Int, bounds: AxisAlignedBounds, targetBase rowBase: Int,
        columns: UnsafeBufferPointer<ColumnSample>, memo: inout BlendMemo, repairs: inout Repairs,
        target: UnsafeMutableBufferPointer<Cell>
    ) {
        let (y0, y1) = (bounds.y0, bounds.y1)
        let coversBottom = (max(y0, Double(y)) + min(y1, Double(y + 1))) / 2 >= Double(y) + 0.5
        for i in 0..<columns.count where columns[i].eighths >= 4 {
            repairs.noteCell(i, old: target[rowBase + i])
            drawEdge(
                at: rowBase + i, eighths: rowEighths, coversFar: coversBottom, faceColour: layerBackground,
                family: .lower, memo: &memo, target: target)
        }
    }

    /// Nonzero when `cell`'s width is not 1 (the width bits of `high` XOR 1).
    @inline(__always)
    static func widthOtherThanOne(_ cell: Cell) -> UInt64 {
        (cell.high ^ 1 << 32) & 0xFF << 32
    }

    /// Draws the partly covered column `i` of a fully covered row (a ``RowSegment`` of `count`
    /// 0) as a left block eighth, noting the destination cluster it cuts in `repairs`.
    @inline(__always)
    func drawEdgeColumn(
        _ i: Int, targetBase: Int, columns: UnsafeBufferPointer<ColumnSample>, memo: inout BlendMemo,
        repairs: inout Repairs, target: UnsafeMutableBufferPointer<Cell>
    ) {
        let column = columns[i]
        repairs.noteCell(i, old: target[targetBase &+ i])
        drawEdge(
            at: targetBase &+ i, eighths: Int(column.eighths), coversFar: column.coversLeft,
            faceColour: layerBackground, family: .left, memo: &memo, target: target)
    }

    /// Draws one fully covered destination row, segment by segment (``RowSegment``): runs of
    /// content, and left block eighths where a column is partly covered. `Mode.opaque` must be
    /// `alpha256 == 256` (content is copied, not blended). The mode is a type, so each
    /// combination is specialized into its own loop.
    ///
    /// The wide clusters of the destination it cuts are noted in `repairs`.
    @inline(__always)
    func drawFullRow<Mode: RowMode>(
        sourceRowBase: Int, targetBase: Int, segments: UnsafeBufferPointer<RowSegment>,
        columns: UnsafeBufferPointer<ColumnSample>, mode: Mode.Type, memo: inout BlendMemo, repairs: inout Repairs,
        source: UnsafeBufferPointer<Cell>, target: UnsafeMutableBufferPointer<Cell>
    ) {
        for segment in segments {
            let start = Int(segment.start)
            let count = Int(segment.count)
            if count == 0 {
                drawEdgeColumn(
                    start, targetBase: targetBase, columns: columns, memo: &memo, repairs: &repairs, target: target)
                continue
            }
            // A destination cluster is cut where the run starts on its trailing half or ends on
            // its lead; one wholly inside is replaced whole.
            repairs.noteRun(
                from: start, to: start &+ count, first: target[targetBase &+ start],
                last: target[targetBase &+ start &+ count &- 1])
            if segment.sourceColumn == RowSegment.sampled, !Mode.opaque, let recolour {
                drawRecolouredSampled(
                    sourceRowBase: sourceRowBase, targetBase: targetBase, from: start, count: count, columns: columns,
                    recolour: recolour, memo: &memo, source: source, target: target)
            } else if segment.sourceColumn == RowSegment.sampled {
                drawSampled(
                    sourceRowBase: sourceRowBase, targetBase: targetBase, from: start, count: count, columns: columns,
                    mode: mode, memo: &memo, source: source, target: target)
            } else if !Mode.opaque, let recolour {
                drawRecolouredRun(
                    sourceStart: sourceRowBase &+ Int(segment.sourceColumn), targetBase: targetBase &+ start,
                    count: count, recolour: recolour, memo: &memo, source: source, target: target)
            } else {
                drawRun(
                    sourceStart: sourceRowBase &+ Int(segment.sourceColumn), targetBase: targetBase &+ start,
                    count: count, mode: mode, memo: &memo, source: source, target: target)
            }
        }
    }

    /// Runs of consecutive layer columns shorter than this are drawn column by column
    /// (``drawSampled``) rather than as runs (``drawRun``).
    static let shortestCopiedRun = 4

    /// Draws the fully covered columns `start..<start + count` of a row, each from its own
    /// sample (`columns[i].sourceColumn` of the layer row at `sourceRowBase`), with the same
    /// wide-cluster rules as ``drawRun`` (a lead is drawn whole when `columns[i].wholeLead`).
    @inline(__always)
    fileprivate func drawSampled<Mode: RowMode>(
        sourceRowBase: Int, targetBase: Int, from start: Int, count: Int,
        columns: UnsafeBufferPointer<ColumnSample>, mode: Mode.Type, memo: inout BlendMemo,
        source: UnsafeBufferPointer<Cell>, target: UnsafeMutableBufferPointer<Cell>
    ) {
        let opaque = Mode.opaque
        let end = start &+ count
        var i = start
        while i < end {
            let column = columns[i]
            let cell = source[sourceRowBase &+ Int(column.sourceColumn)]
            let destination = targetBase &+ i
            if cell.width == 1 {
                target[destination] = opaque ? cell : blended(cell, below: target[destination], memo: &memo)
                i &+= 1
                continue
            }
            if cell.width == 2 && column.wholeLead && i &+ 1 < end {
                let lead = opaque ? cell : blended(cell, below: target[destination], memo: &memo)
                target[destination] = lead
                target[destination &+ 1] = .continuation(of: lead)
                i &+= 2
                continue
            }
            let blank = Cell(
                glyph: 0x20, foregroundBits: TerminalColor.packedDefault,
                backgroundBits: cell.backgroundBits)
            target[destination] = opaque ? blank : blended(blank, below: target[destination], memo: &memo)
            i &+= 1
        }
    }

    /// Draws `count` layer cells from `sourceStart` (consecutive layer columns of one row) to
    /// `targetBase`, copied when `Mode.opaque`, else blended over what is there. A wide lead whose
    /// continuation is in the run is drawn whole (the continuation from the drawn lead); a lead at
    /// the run's end, or a continuation (its lead not in the run), is drawn as a space in its
    /// background.
    @inline(__always)
    fileprivate func drawRun<Mode: RowMode>(
        sourceStart: Int, targetBase: Int, count: Int, mode: Mode.Type,
        memo: inout BlendMemo, source: UnsafeBufferPointer<Cell>,
        target: UnsafeMutableBufferPointer<Cell>
    ) {
        let opaque = Mode.opaque
        if opaque && canonicalClusters {
            copyRun(sourceStart: sourceStart, targetBase: targetBase, count: count, source: source, target: target)
            return
        }
        var i = 0
        while i < count {
            let cell = source[sourceStart &+ i]
            let destination = targetBase &+ i
            if cell.width == 1 {
                target[destination] = opaque ? cell : blended(cell, below: target[destination], memo: &memo)
                i &+= 1
                continue
            }
            if cell.width == 2 && i &+ 1 < count {
                let lead = opaque ? cell : blended(cell, below: target[destination], memo: &memo)
                target[destination] = lead
                target[destination &+ 1] = .continuation(of: lead)
                i &+= 2
                continue
            }
            let blank = Cell(
                glyph: 0x20, foregroundBits: TerminalColor.packedDefault,
                backgroundBits: cell.backgroundBits)
            target[destination] = opaque ? blank : blended(blank, below: target[destination], memo: &memo)
            i &+= 1
        }
    }

    /// ``drawRun`` of an opaque layer whose content's wide clusters are canonical
    /// (``LayerContentProfile/canonicalClusters``): inside the run every cell is drawn as it is
    /// (a lead's continuation is `.continuation(of: lead)`, the cell that follows it), so the run
    /// is one copy; only a continuation at its start or a lead at its end (cut off) is drawn as a
    /// space in its background.
    @inline(__always)
    fileprivate func copyRun(
        sourceStart: Int, targetBase: Int, count: Int, source: UnsafeBufferPointer<Cell>,
        target: UnsafeMutableBufferPointer<Cell>
    ) {
        guard count > 0 else { return }
        var from = 0
        var to = count
        let first = source[sourceStart]
        if first.width == 0 {
            target[targetBase] = Cell(
                glyph: 0x20, foregroundBits: TerminalColor.packedDefault, backgroundBits: first.backgroundBits)
            from = 1
        }
        let last = source[sourceStart &+ count &- 1]
        if last.width == 2 {
            target[targetBase &+ count &- 1] = Cell(
                glyph: 0x20, foregroundBits: TerminalColor.packedDefault, backgroundBits: last.backgroundBits)
            to = count &- 1
        }
        guard from < to else { return }
        (target.baseAddress.unsafelyUnwrapped + (targetBase &+ from)).update(
            from: source.baseAddress.unsafelyUnwrapped + (sourceStart &+ from), count: to &- from)
    }

    /// ``drawRun`` of a blended layer with a ``recolour``: the run's ends as ``drawRun`` draws
    /// them (a cut cluster is a blank, blended), the cells between recoloured
    /// (``recolourRun(source:target:count:recolour:)``). A function of its own, so that
    /// ``drawRun``'s loop stays as it is.
    @inline(never)
    fileprivate func drawRecolouredRun(
        sourceStart: Int, targetBase: Int, count: Int, recolour: Recolour, memo: inout BlendMemo,
        source: UnsafeBufferPointer<Cell>, target: UnsafeMutableBufferPointer<Cell>
    ) {
        guard count > 0 else { return }
        var from = 0
        var to = count
        if source[sourceStart].width == 0 {
            let blank = Cell(
                glyph: 0x20, foregroundBits: TerminalColor.packedDefault,
                backgroundBits: source[sourceStart].backgroundBits)
            target[targetBase] = blended(blank, below: target[targetBase], memo: &memo)
            from = 1
        }
        let last = source[sourceStart &+ count &- 1]
        if last.width == 2 && count > from {
            let blank = Cell(
                glyph: 0x20, foregroundBits: TerminalColor.packedDefault, backgroundBits: last.backgroundBits)
            target[targetBase &+ count &- 1] = blended(blank, below: target[targetBase &+ count &- 1], memo: &memo)
            to = count &- 1
        }
        Self.recolourRun(
            source: source.baseAddress.unsafelyUnwrapped + (sourceStart &+ from),
            target: target.baseAddress.unsafelyUnwrapped + (targetBase &+ from), count: to &- from,
            recolour: recolour)
    }

    /// ``drawSampled`` of a blended layer with a ``recolour``: a narrow cell or a whole lead (and
    /// its continuation) recoloured, a cut cluster a blank blended as there. A function of its
    /// own, so that ``drawSampled``'s loop stays as it is.
    @inline(never)
    fileprivate func drawRecolouredSampled(
        sourceRowBase: Int, targetBase: Int, from start: Int, count: Int,
        columns: UnsafeBufferPointer<ColumnSample>, recolour: Recolour, memo: inout BlendMemo,
        source: UnsafeBufferPointer<Cell>, target: UnsafeMutableBufferPointer<Cell>
    ) {
        let end = start &+ count
        var i = start
        while i < end {
            let column = columns[i]
            let cell = source[sourceRowBase &+ Int(column.sourceColumn)]
            let destination = targetBase &+ i
            if cell.width == 1 {
                target[destination] = recolour.recoloured(cell)
                i &+= 1
                continue
            }
            if cell.width == 2 && column.wholeLead && i &+ 1 < end {
                let lead = recolour.recoloured(cell)
                target[destination] = lead
                target[destination &+ 1] = .continuation(of: lead)
                i &+= 2
                continue
            }
            let blank = Cell(
                glyph: 0x20, foregroundBits: TerminalColor.packedDefault,
                backgroundBits: cell.backgroundBits)
            target[destination] = blended(blank, below: target[destination], memo: &memo)
            i &+= 1
        }
    }

    /// Writes `count` layer cells of canonical content (``LayerContentProfile/canonicalClusters``,
    /// every cell in one of `recolour`'s two colour pairs) with their colours replaced by their
    /// pair's blend: what ``drawRun`` draws cell by cell through the blend, inside a run, over a
    /// destination of one colour pair (a lead's continuation is the source's next cell, which
    /// has the lead's colours).
    @inline(never)
    static func recolourRun(
        source: UnsafePointer<Cell>, target: UnsafeMutablePointer<Cell>, count: Int, recolour: Recolour
    ) {
        var i = 0
        while i < count {
            target[i] = recolour.recoloured(source[i])
            i &+= 1
        }
    }

    /// Coverage of the unit interval `[start, start + 1]` by `[low, high]`, in eighths 0...8
    /// (rounded to nearest, halves away from zero).
    @inline(__always)
    static func eighths(_ start: Double, _ low: Double, _ high: Double) -> Int {
        let overlap = min(high, start + 1) - max(low, start)
        guard overlap > 0 else { return 0 }
        // `(overlap * 8).rounded()` without the libm call: for 0 < scaled ≤ 8, Int(_:) is the
        // floor and `scaled - floor` is exact (Sterbenz), so this rounds halves up as it does.
        let scaled = overlap * 8
        let whole = Int(scaled)
        return min(scaled - Double(whole) >= 0.5 ? whole + 1 : whole, 8)
    }

}

/// The compile-time flag of ``DrawContext``'s row loops: whether the layer is opaque (alpha 1:
/// copy, no blend).
protocol RowMode {
    static var opaque: Bool { get }
}

enum Opaque: RowMode {
    static var opaque: Bool { true }
}

enum Blended: RowMode {
    static var opaque: Bool { false }
}
