/// The axis-aligned path's text on a scaled face (docs/DESIGN.md#text-on-turned-faces): a
/// horizontally scaled layer's lines laid out whole in its rows (``LineFit``), and a vertically
/// scaled layer's text rows drawn consecutively.
extension DrawContext {
    // MARK: Laid-out text

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

    /// ``drawFullRow`` for a horizontally scaled layer (``LineLayout``) and a row that holds a
    /// line (`line`, the layer columns from its first glyph to the end of its last): the edge
    /// columns as there, and the content columns the line laid out contiguously in the face's
    /// content run (``LineFit``), on spaces in the row's padding, so the row shows a contiguous
    /// part of the line (the whole line where it fits), never a sampled subsequence. A cluster
    /// the destination's edge cuts is dropped (a space), as a run's ends are in ``drawRun``.
    @inline(never)
    func drawLaidOutRow<Mode: RowMode>(
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
                drawEdgeColumn(
                    start, targetBase: targetBase, columns: columns, memo: &memo, repairs: &repairs, target: target)
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
        drawLaidOutCells(
            line: lineCells, fit: fit, runStart: runStart, runLength: runLength, from: contentStart, to: contentEnd,
            targetBase: targetBase, blank: blank, mode: mode, memo: &memo, target: target)
    }

    /// The visible part `from..<to` (draw columns) of a fitted line (``LineFit``, its run of
    /// `runLength` cells starting at draw column `runStart`), for any layer: the run written out
    /// (``LineFit/write(line:into:runLength:blank:canonical:)``), then its visible cells drawn
    /// (copied when `Mode.opaque`, else recoloured or blended; a cluster the visible part's ends
    /// cut is a space in its background).
    @inline(__always)
    func drawLaidOutCells<Mode: RowMode>(
        line lineCells: UnsafeBufferPointer<Cell>, fit: LineFit, runStart: Int, runLength: Int, from contentStart: Int,
        to contentEnd: Int, targetBase: Int, blank: Cell, mode: Mode.Type, memo: inout BlendMemo,
        target: UnsafeMutableBufferPointer<Cell>
    ) {
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
}
