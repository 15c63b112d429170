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
        guard x1 > 0, y1 > 0, x0 < Double(width), y0 < Double(height) else { return }
        let firstColumn = max(Int(x0.rounded(.down)), 0)
        let endColumn = min(Int(x1.rounded(.up)), width)
        let firstRow = max(Int(y0.rounded(.down)), 0)
        let endRow = min(Int(y1.rounded(.up)), height)
        guard firstColumn < endColumn, firstRow < endRow else { return }
        let columnCount = endColumn - firstColumn
        var memo = BlendMemo()

        withUnsafeTemporaryAllocation(of: ColumnSample.self, capacity: columnCount) { columns in
            for i in 0..<columnCount {
                let x = firstColumn + i
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
            let samples = UnsafeBufferPointer(columns)
            withUnsafeTemporaryAllocation(of: RowSegment.self, capacity: columnCount) { segmentStorage in
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
                            segmentStorage[segmentCount - 1].sourceColumn == RowSegment.sampled,
                            Int(segmentStorage[segmentCount - 1].start + segmentStorage[segmentCount - 1].count) == i
                        {
                            segmentStorage[segmentCount - 1].count += Int32(truncatingIfNeeded: end - i)
                        } else {
                            segmentStorage.initializeElement(
                                at: segmentCount,
                                to: RowSegment(
                                    start: Int32(truncatingIfNeeded: i), count: Int32(truncatingIfNeeded: end - i),
                                    sourceColumn: end - i < Self.shortestCopiedRun
                                        ? RowSegment.sampled : sample.sourceColumn))
                            segmentCount += 1
                        }
                        i = end
                        continue
                    }
                    if sample.eighths != 0 {
                        segmentStorage.initializeElement(
                            at: segmentCount,
                            to: RowSegment(start: Int32(truncatingIfNeeded: i), count: 0, sourceColumn: 0))
                        segmentCount += 1
                    }
                    i += 1
                }
                let segments = UnsafeBufferPointer(rebasing: segmentStorage[..<segmentCount])
                // At most two repair candidates per segment (a run's two ends), one per edge cell.
                let rowSources = laidOutRows(y0: y0, y1: y1, firstRow: firstRow, endRow: endRow)
                // A layer scaled horizontally lays its lines out (``drawLaidOutRow``).
                let layout: LineLayout? =
                    a > 0 && a != 1
                    ? LineLayout(
                        run: Self.contentRange(x0, x1), a: a, offset: centreX + Double(transform.tx) - a * halfWidth,
                        firstColumn: firstColumn) : nil
                withUnsafeTemporaryAllocation(of: Int.self, capacity: 2 * columnCount + 2) { repairColumns in
                    var repairs = Repairs(
                        columns: repairColumns.baseAddress.unsafelyUnwrapped, firstColumn: firstColumn, width: width)
                    for y in firstRow..<endRow {
                        let rowEighths = Self.eighths(Double(y), y0, y1)
                        if rowEighths == 0 { continue }
                        let rowBase = y * width + firstColumn
                        if rowEighths == 8 {
                            let sy = rowSources.isEmpty ? sourceRow(y) : rowSources[y - firstRow]
                            let sourceRowBase = sy * sourceWidth
                            if let layout, let profile, let line = profile.lineSpan(ofRow: sy) {
                                if alpha256 == 256 {
                                    drawLaidOutRow(
                                        sourceRowBase: sourceRowBase, line: line, layout: layout, targetBase: rowBase,
                                        segments: segments, columns: samples, mode: Opaque.self, memo: &memo,
                                        repairs: &repairs, source: source, target: target)
                                } else {
                                    drawLaidOutRow(
                                        sourceRowBase: sourceRowBase, line: line, layout: layout, targetBase: rowBase,
                                        segments: segments, columns: samples, mode: Blended.self, memo: &memo,
                                        repairs: &repairs, source: source, target: target)
                                }
                            } else if alpha256 == 256 {
                                drawFullRow(
                                    sourceRowBase: sourceRowBase, targetBase: rowBase, segments: segments,
                                    columns: samples, mode: Opaque.self, memo: &memo, repairs: &repairs, source: source,
                                    target: target)
                            } else {
                                drawFullRow(
                                    sourceRowBase: sourceRowBase, targetBase: rowBase, segments: segments,
                                    columns: samples, mode: Blended.self, memo: &memo, repairs: &repairs,
                                    source: source,
                                    target: target)
                            }
                        } else {
                            let coversBottom = (max(y0, Double(y)) + min(y1, Double(y + 1))) / 2 >= Double(y) + 0.5
                            for i in 0..<columnCount where samples[i].eighths >= 4 {
                                repairs.noteCell(i, old: target[rowBase + i])
                                drawEdge(
                                    at: rowBase + i, eighths: rowEighths, coversFar: coversBottom,
                                    faceColour: layerBackground, family: .lower, memo: &memo, target: target)
                            }
                        }
                        repairs.repair(row: target.baseAddress.unsafelyUnwrapped + (y &* width))
                    }
                }
                segmentStorage.deinitialize()
            }
            columns.deinitialize()
        }
    }

    /// How a horizontally scaled layer's lines go into its rows (``drawLaidOutRow``): the face's
    /// content columns (``contentRange(_:_:)``, destination columns, not clipped to the
    /// destination) and the forward map of a layer column, `x' = a·x + offset`.
    struct LineLayout {
        var run: Range<Int>
        var a: Double
        var offset: Double
        var firstColumn: Int
    }

    /// The cells `c` whose unit interval `[c, c + 1]` `[low, high]` covers whole (8/8, as
    /// ``eighths(_:_:_:)`` rounds), not clipped to the destination.
    static func contentRange(_ low: Double, _ high: Double) -> Range<Int> {
        let (low, high) = (max(low, -1e9), min(high, 1e9))
        guard low < high else { return 0..<0 }
        var first = Int(low.rounded(.down))
        var end = Int(high.rounded(.up))
        while first < end && eighths(Double(first), low, high) != 8 { first += 1 }
        while end > first && eighths(Double(end - 1), low, high) != 8 { end -= 1 }
        return first..<end
    }

    /// For each destination row `firstRow..<endRow` of a layer scaled vertically (`0 < d < 1`),
    /// the layer row it shows, when its text rows (from the first that holds a glyph to the
    /// last) fit in the rows it covers whole: they are drawn consecutively, the block's centre
    /// at its projected centre's row (rounded, shifted into the face), so no line that fits is
    /// lost to sampling; the face's other rows show glyph-less rows (the sampled one where it is
    /// one). Empty otherwise: each row shows the layer row its centre samples
    /// (docs/DESIGN.md#text-on-turned-faces).
    func laidOutRows(y0: Double, y1: Double, firstRow: Int, endRow: Int) -> [Int] {
        let d = Double(transform.d)
        guard d > 0, d < 1, let profile, let text = profile.textRows else { return [] }
        let rows = Self.contentRange(y0, y1)
        let count = text.count
        guard count <= rows.count,
            let blankRow = (0..<sourceHeight).first(where: { !text.contains($0) })
        else { return [] }
        let blockCentre =
            centreY + Double(transform.ty) + d * (Double(text.lowerBound + text.upperBound + 1) / 2 - halfHeight)
        let wanted = (blockCentre - Double(count) / 2).rounded()
        let start = Int(min(max(wanted, Double(rows.lowerBound)), Double(rows.upperBound - count)))
        return (firstRow..<endRow).map { y in
            if y >= start && y < start + count { return text.lowerBound + (y - start) }
            let sampled = sourceRow(y)
            if text.contains(sampled) {
                if y < start && text.lowerBound > 0 { return text.lowerBound - 1 }
                if y >= start + count && text.upperBound < sourceHeight - 1 { return text.upperBound + 1 }
                return blankRow
            }
            return sampled
        }
    }

    /// The repair candidates of one destination row of an axis-aligned draw
    /// (``CellBuffer/repairWideClusters(at:count:row:width:)``): every cell the draw writes is
    /// narrow or a whole cluster, so a cluster of the destination it cuts is a lead left of a
    /// write that started on a continuation or a continuation right of one that ended on a lead.
    struct Repairs {
        /// Destination columns, `count` of them.
        let columns: UnsafeMutablePointer<Int>
        var count = 0
        /// The destination column of the draw's column 0, and the destination's width.
        let firstColumn: Int
        let width: Int

        init(columns: UnsafeMutablePointer<Int>, firstColumn: Int, width: Int) {
            self.columns = columns
            self.firstColumn = firstColumn
            self.width = width
        }

        /// A write of the cells `start..<end` (the draw's columns) over `first` and `last`, the
        /// cells that were at its ends.
        @inline(__always)
        mutating func noteRun(from start: Int, to end: Int, first: Cell, last: Cell) {
            let x = firstColumn &+ start
            if first.width == 0 && x > 0 {
                columns[count] = x &- 1
                count &+= 1
            }
            let after = firstColumn &+ end
            if last.width == 2 && after < width {
                columns[count] = after
                count &+= 1
            }
        }

        /// A write of one narrow cell at the draw's column `i` over `old`.
        @inline(__always)
        mutating func noteCell(_ i: Int, old: Cell) {
            let x = firstColumn &+ i
            if old.width == 0 && x > 0 {
                columns[count] = x &- 1
                count &+= 1
            } else if old.width == 2 && x &+ 1 < width {
                columns[count] = x &+ 1
                count &+= 1
            }
        }

        /// Repairs the noted cells of `row` (the destination row just drawn) and starts over.
        @inline(__always)
        mutating func repair(row: UnsafeMutablePointer<Cell>) {
            guard count > 0 else { return }
            CellBuffer.repairWideClusters(at: columns, count: count, row: row, width: width)
            count = 0
        }
    }

    /// Nonzero when `cell`'s width is not 1 (the width bits of `high` XOR 1).
    @inline(__always)
    static func widthOtherThanOne(_ cell: Cell) -> UInt64 {
        (cell.high ^ 1 << 32) & 0xFF << 32
    }

    /// Draws one fully covered destination row, segment by segment (``RowSegment``): runs of
    /// content, and left block eighths where a column is partly covered. `Mode.opaque` must be
    /// `alpha256 == 256` (content is copied, not blended). The mode is a type, so each
    /// combination is specialized into its own loop.
    ///
    /// The wide clusters of the destination it cuts are noted in `repairs`.
    @inline(__always)
    fileprivate func drawFullRow<Mode: RowMode>(
        sourceRowBase: Int, targetBase: Int, segments: UnsafeBufferPointer<RowSegment>,
        columns: UnsafeBufferPointer<ColumnSample>, mode: Mode.Type, memo: inout BlendMemo, repairs: inout Repairs,
        source: UnsafeBufferPointer<Cell>, target: UnsafeMutableBufferPointer<Cell>
    ) {
        for segment in segments {
            let start = Int(segment.start)
            let count = Int(segment.count)
            if count == 0 {
                let column = columns[start]
                repairs.noteCell(start, old: target[targetBase &+ start])
                drawEdge(
                    at: targetBase &+ start, eighths: Int(column.eighths), coversFar: column.coversLeft,
                    faceColour: layerBackground, family: .left, memo: &memo, target: target)
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

    /// ``drawFullRow`` for a horizontally scaled layer (``LineLayout``) and a row that holds a
    /// line (`line`, the layer columns from its first glyph to the end of its last): the edge
    /// columns as there, and the content columns the line laid out contiguously in the face's
    /// content run (``LineFit``), on spaces in the row's padding, so the row shows a contiguous
    /// part of the line (the whole line where it fits), never a sampled subsequence. A cluster
    /// the destination's edge cuts is dropped (a space), as a run's ends are in ``drawRun``.
    @inline(never)
    fileprivate func drawLaidOutRow<Mode: RowMode>(
        sourceRowBase: Int, line: Range<Int>, layout: LineLayout, targetBase: Int,
        segments: UnsafeBufferPointer<RowSegment>, columns: UnsafeBufferPointer<ColumnSample>, mode: Mode.Type,
        memo: inout BlendMemo, repairs: inout Repairs, source: UnsafeBufferPointer<Cell>,
        target: UnsafeMutableBufferPointer<Cell>
    ) {
        var contentStart = -1
        var contentEnd = -1
        for segment in segments {
            let start = Int(segment.start)
            let count = Int(segment.count)
            if count == 0 {
                let column = columns[start]
                repairs.noteCell(start, old: target[targetBase &+ start])
                drawEdge(
                    at: targetBase &+ start, eighths: Int(column.eighths), coversFar: column.coversLeft,
                    faceColour: layerBackground, family: .left, memo: &memo, target: target)
                continue
            }
            if contentStart < 0 { contentStart = start }
            contentEnd = start + count
        }
        // The run in draw columns (it may reach past the destination's sides).
        let runStart = layout.run.lowerBound - layout.firstColumn
        let runLength = layout.run.count
        contentStart = max(contentStart, runStart)
        contentEnd = min(contentEnd, runStart + runLength)
        guard contentStart >= 0, contentStart < contentEnd else { return }
        repairs.noteRun(
            from: contentStart, to: contentEnd, first: target[targetBase &+ contentStart],
            last: target[targetBase &+ contentEnd &- 1])
        let lineCells = UnsafeBufferPointer(
            rebasing: source[(sourceRowBase + line.lowerBound)..<(sourceRowBase + line.upperBound)])
        // A space of the row's padding, or one in the line's background.
        let padding = line.lowerBound > 0 ? source[sourceRowBase] : source[sourceRowBase + line.upperBound - 1]
        let blank =
            padding.glyph == 0x20 && padding.width == 1 && padding.attributes.isEmpty
            ? padding
            : Cell(
                glyph: 0x20, foregroundBits: TerminalColor.packedDefault, backgroundBits: lineCells[0].backgroundBits)
        let centre = layout.a * Double(line.lowerBound + line.upperBound) / 2 + layout.offset
        let fit = LineFit.fit(
            line: lineCells, runLength: runLength, centre: centre - Double(layout.run.lowerBound))
        if Mode.opaque && canonicalClusters {
            drawLaidOutOpaque(
                line: lineCells, fit: fit, runStart: runStart, from: contentStart, to: contentEnd,
                targetBase: targetBase, blank: blank, target: target)
            return
        }
        if !Mode.opaque && canonicalClusters, let recolour {
            drawLaidOutRecoloured(
                line: lineCells, fit: fit, runStart: runStart, from: contentStart, to: contentEnd,
                targetBase: targetBase, blank: blank, recolour: recolour, memo: &memo, target: target)
            return
        }
        // The run's cells that are read: all of them, or, for a run longer than any terminal is
        // wide (a transform from outside; the fuzzers found one of 135 million cells), only the
        // visible part, the rest never being drawn.
        let windowed = runLength > LineFit.longestWrittenRun
        let windowStart = windowed ? contentStart - runStart : 0
        let windowLength = windowed ? contentEnd - contentStart : runLength
        withUnsafeTemporaryAllocation(of: Cell.self, capacity: windowLength) { run in
            let cells = run.baseAddress.unsafelyUnwrapped - windowStart
            if windowed {
                fit.write(
                    line: lineCells, window: windowStart..<(windowStart + windowLength), into: cells, blank: blank)
            } else {
                fit.write(
                    line: lineCells, into: cells, runLength: runLength, blank: blank, canonical: canonicalClusters)
            }
            // A blended layer's cells in its content's two colour pairs are recoloured (the
            // pair's blend, ``Recolour``), any other (a blank in the default foreground) blended.
            @inline(__always)
            func drawn(_ cell: Cell, below: Cell) -> Cell {
                if Mode.opaque { return cell }
                if let recolour {
                    let key = LayerContentProfile.colourKey(cell)
                    if key == recolour.first || key == recolour.second { return recolour.recoloured(cell) }
                }
                return blended(cell, below: below, memo: &memo)
            }
            // The visible part of the run: a cluster its ends cut is a space in its background.
            var i = contentStart
            while i < contentEnd {
                var cell = cells[i - runStart]
                let destination = targetBase + i
                if cell.width == 2 && i + 1 < contentEnd {
                    let lead = drawn(cell, below: target[destination])
                    target[destination] = lead
                    target[destination + 1] = .continuation(of: lead)
                    i += 2
                    continue
                }
                if cell.width != 1 {
                    cell = Cell(
                        glyph: 0x20, foregroundBits: TerminalColor.packedDefault, backgroundBits: cell.backgroundBits)
                }
                target[destination] = drawn(cell, below: target[destination])
                i += 1
            }
            run.deinitialize()
        }
    }

    /// The visible part `from..<to` (draw columns) of a fitted line (``LineFit``, its run starting
    /// at draw column `runStart`) of an opaque layer of canonical content, written straight into
    /// the destination: `blank`, the line's shown cells in one copy (a cluster the visible part's
    /// ends cut is a space in its background) and the "…".
    private func drawLaidOutOpaque(
        line: UnsafeBufferPointer<Cell>, fit: LineFit, runStart: Int, from: Int, to: Int, targetBase: Int,
        blank: Cell, target: UnsafeMutableBufferPointer<Cell>
    ) {
        let base = target.baseAddress.unsafelyUnwrapped + targetBase
        (base + from).update(repeating: blank, count: to - from)
        // The line's cells in draw columns, clipped to the visible part.
        let lineStart = runStart + fit.start
        var first = max(lineStart, from)
        var end = min(lineStart + fit.shown, to)
        if first < end {
            let firstCell = line[first - lineStart]
            if firstCell.width == 0 {
                base[first] = Cell(
                    glyph: 0x20, foregroundBits: TerminalColor.packedDefault, backgroundBits: firstCell.backgroundBits)
                first += 1
            }
        }
        if first < end {
            let lastCell = line[end - 1 - lineStart]
            if lastCell.width == 2 {
                base[end - 1] = Cell(
                    glyph: 0x20, foregroundBits: TerminalColor.packedDefault, backgroundBits: lastCell.backgroundBits)
                end -= 1
            }
        }
        if first < end {
            (base + first).update(from: line.baseAddress.unsafelyUnwrapped + (first - lineStart), count: end - first)
        }
        let ellipsis = lineStart + fit.shown
        if fit.ellipsis && ellipsis >= from && ellipsis < to {
            base[ellipsis] = ProjectiveDraw.ellipsis(replacing: line[min(fit.shown, line.count - 1)])
        }
    }

    /// ``drawLaidOutOpaque`` for a blended layer with a ``recolour``: each visible cell (`blank`, a
    /// cell of the line, the "…"; a cluster the visible part's ends cut a space in its
    /// background) recoloured where its colours are one of the content's two pairs, else blended.
    private func drawLaidOutRecoloured(
        line: UnsafeBufferPointer<Cell>, fit: LineFit, runStart: Int, from: Int, to: Int, targetBase: Int,
        blank: Cell, recolour: Recolour, memo: inout BlendMemo, target: UnsafeMutableBufferPointer<Cell>
    ) {
        let base = target.baseAddress.unsafelyUnwrapped + targetBase
        @inline(__always)
        func drawn(_ cell: Cell, at i: Int, memo: inout BlendMemo) -> Cell {
            let key = LayerContentProfile.colourKey(cell)
            if key == recolour.first || key == recolour.second { return recolour.recoloured(cell) }
            return blended(cell, below: base[i], memo: &memo)
        }
        let blankKey = LayerContentProfile.colourKey(blank)
        let blankRecoloured: Cell? =
            blankKey == recolour.first || blankKey == recolour.second ? recolour.recoloured(blank) : nil
        let lineStart = runStart + fit.start
        let lineEnd = lineStart + fit.shown
        let ellipsisAt = fit.ellipsis ? lineEnd : Int.min
        var i = from
        while i < to {
            if i >= lineStart && i < lineEnd {
                let cell = line[i - lineStart]
                if cell.width == 2 && i + 1 < to {
                    let lead = drawn(cell, at: i, memo: &memo)
                    base[i] = lead
                    base[i + 1] = .continuation(of: lead)
                    i += 2
                    continue
                }
                let shown =
                    cell.width == 1
                    ? cell
                    : Cell(
                        glyph: 0x20, foregroundBits: TerminalColor.packedDefault,
                        backgroundBits: cell.backgroundBits)
                base[i] = drawn(shown, at: i, memo: &memo)
            } else if i == ellipsisAt {
                base[i] = drawn(
                    ProjectiveDraw.ellipsis(replacing: line[min(fit.shown, line.count - 1)]), at: i, memo: &memo)
            } else {
                base[i] = blankRecoloured ?? drawn(blank, at: i, memo: &memo)
            }
            i += 1
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
private protocol RowMode {
    static var opaque: Bool { get }
}

private enum Opaque: RowMode {
    static var opaque: Bool { true }
}

private enum Blended: RowMode {
    static var opaque: Bool { false }
}
