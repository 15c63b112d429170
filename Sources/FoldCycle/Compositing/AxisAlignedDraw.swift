import Foundation

/// The axis-aligned path (`b == 0 && c == 0`: the fold's case): exact coverage with block eighths.
extension DrawContext {
    // MARK: Axis-aligned: exact coverage with block eighths

    /// One destination column of an axis-aligned draw, computed once per layer: its coverage
    /// in eighths, whether the layer covers its left part, and the layer column it samples.
    struct ColumnSample {
        var sourceColumn: Int32
        var eighths: UInt8
        var coversLeft: Bool
    }

    /// The inverse map separates into a column map and a row map: the column samples are
    /// computed once into a temporary (stack-allocated when small) buffer, each row's sample and
    /// coverage once per row, so a covered cell costs one source load and one store (plus the
    /// blend when alpha < 1).
    ///
    /// - Returns: whether any overwritten destination cell was part of a wide cluster (width ≠ 1).
    func drawAxisAligned(source: UnsafeBufferPointer<Cell>, target: UnsafeMutableBufferPointer<Cell>) -> Bool {
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
        guard x1 > 0, y1 > 0, x0 < Double(width), y0 < Double(height) else { return false }
        let firstColumn = max(Int(x0.rounded(.down)), 0)
        let endColumn = min(Int(x1.rounded(.up)), width)
        let firstRow = max(Int(y0.rounded(.down)), 0)
        let endRow = min(Int(y1.rounded(.up)), height)
        guard firstColumn < endColumn, firstRow < endRow else { return false }
        let columnCount = endColumn - firstColumn
        // The OR of (width ^ 1) over the overwritten cells' `high` words: nonzero when one was wide.
        var overwritten: UInt64 = 0
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
            let samples = UnsafeBufferPointer(columns)
            // Every column fully covered and sampling consecutive layer columns (no horizontal
            // scaling): a content row is a run of the layer's row.
            var contiguousFrom: Int32 = -1
            if samples.allSatisfy({ $0.eighths == 8 }) {
                let first = samples[0].sourceColumn
                if samples.indices.allSatisfy({ samples[$0].sourceColumn == first + Int32(truncatingIfNeeded: $0) }) {
                    contiguousFrom = first
                }
            }
            for y in firstRow..<endRow {
                let rowEighths = Self.eighths(Double(y), y0, y1)
                if rowEighths == 0 { continue }
                let rowBase = y * width + firstColumn
                if rowEighths == 8 {
                    let sourceRowBase = sourceRow(y) * sourceWidth
                    if contiguousFrom >= 0 {
                        let start = sourceRowBase + Int(contiguousFrom)
                        overwritten |=
                            alpha256 == 256
                            ? (tracksOverwrites
                                ? drawContiguousRun(
                                    sourceStart: start, targetBase: rowBase, count: columnCount,
                                    mode: OpaqueTracked.self, memo: &memo, source: source, target: target)
                                : drawContiguousRun(
                                    sourceStart: start, targetBase: rowBase, count: columnCount,
                                    mode: OpaqueUntracked.self, memo: &memo, source: source, target: target))
                            : (tracksOverwrites
                                ? drawContiguousRun(
                                    sourceStart: start, targetBase: rowBase, count: columnCount,
                                    mode: BlendedTracked.self, memo: &memo, source: source, target: target)
                                : drawContiguousRun(
                                    sourceStart: start, targetBase: rowBase, count: columnCount,
                                    mode: BlendedUntracked.self, memo: &memo, source: source,
                                    target: target))
                    } else if alpha256 == 256 {
                        overwritten |=
                            tracksOverwrites
                            ? drawFullRow(
                                sourceRowBase: sourceRowBase, targetBase: rowBase, columns: samples,
                                mode: OpaqueTracked.self, memo: &memo, source: source, target: target)
                            : drawFullRow(
                                sourceRowBase: sourceRowBase, targetBase: rowBase, columns: samples,
                                mode: OpaqueUntracked.self, memo: &memo, source: source, target: target)
                    } else {
                        overwritten |=
                            tracksOverwrites
                            ? drawFullRow(
                                sourceRowBase: sourceRowBase, targetBase: rowBase, columns: samples,
                                mode: BlendedTracked.self, memo: &memo, source: source, target: target)
                            : drawFullRow(
                                sourceRowBase: sourceRowBase, targetBase: rowBase, columns: samples,
                                mode: BlendedUntracked.self, memo: &memo, source: source, target: target)
                    }
                    continue
                }
                let coversBottom = (max(y0, Double(y)) + min(y1, Double(y + 1))) / 2 >= Double(y) + 0.5
                for i in 0..<columnCount where samples[i].eighths >= 4 {
                    overwritten |= Self.widthOtherThanOne(target[rowBase + i])
                    drawEdge(
                        at: rowBase + i, eighths: rowEighths, coversFar: coversBottom, faceColour: layerBackground,
                        family: .lower, target: target)
                }
            }
            columns.deinitialize()
        }
        return overwritten != 0
    }

    /// Nonzero when `cell`'s width is not 1 (the width bits of `high` XOR 1).
    @inline(__always)
    static func widthOtherThanOne(_ cell: Cell) -> UInt64 {
        (cell.high ^ 1 << 32) & 0xFF << 32
    }

    /// Draws one fully covered row of a layer whose columns are all fully covered and sample
    /// consecutive layer columns: the `count` layer cells from `sourceStart`, drawn (copied when
    /// `Mode.opaque`, else blended) to `targetBase`, with the same wide-cluster rules as
    /// ``drawFullRow`` (a lead whose continuation column is in the run is drawn whole; a lead at
    /// the run's end, or a continuation, is blanked). `Mode`: see ``drawFullRow``.
    ///
    /// - Returns: nonzero when an overwritten cell was part of a wide cluster (0 when not
    ///   `Mode.tracks`).
    @inline(__always)
    fileprivate func drawContiguousRun<Mode: RowMode>(
        sourceStart: Int, targetBase: Int, count: Int, mode: Mode.Type,
        memo: inout BlendMemo, source: UnsafeBufferPointer<Cell>,
        target: UnsafeMutableBufferPointer<Cell>
    ) -> UInt64 {
        let opaque = Mode.opaque
        let tracks = Mode.tracks
        var overwritten: UInt64 = 0
        var i = 0
        while i < count {
            let cell = source[sourceStart &+ i]
            let destination = targetBase &+ i
            let below = target[destination]
            if tracks { overwritten |= Self.widthOtherThanOne(below) }
            if cell.width == 1 {
                target[destination] = opaque ? cell : blended(cell, below: below, memo: &memo)
                i &+= 1
                continue
            }
            // The next column samples the next layer column, which is in the layer's row: the
            // run ends at or before the row's end.
            if cell.width == 2 && i &+ 1 < count {
                if tracks { overwritten |= Self.widthOtherThanOne(target[destination &+ 1]) }
                let lead = opaque ? cell : blended(cell, below: below, memo: &memo)
                target[destination] = lead
                target[destination &+ 1] = .continuation(of: lead)
                i &+= 2
                continue
            }
            let blank = Cell(
                glyph: 0x20, foregroundBits: TerminalColor.packedDefault,
                backgroundBits: cell.backgroundBits)
            target[destination] = opaque ? blank : blended(blank, below: below, memo: &memo)
            i &+= 1
        }
        return overwritten
    }

    /// Draws one fully covered destination row: content where the column is fully covered,
    /// left/right block eighths where it is partly covered. `Mode.opaque` must be
    /// `alpha256 == 256` (content is copied, not blended); `Mode.tracks`: see
    /// ``tracksOverwrites``. The mode is a type, so each combination is specialized into its
    /// own loop.
    ///
    /// - Returns: nonzero when an overwritten cell was part of a wide cluster (content cells
    ///   count only when `Mode.tracks`).
    @inline(__always)
    fileprivate func drawFullRow<Mode: RowMode>(
        sourceRowBase: Int, targetBase: Int, columns: UnsafeBufferPointer<ColumnSample>,
        mode: Mode.Type, memo: inout BlendMemo, source: UnsafeBufferPointer<Cell>,
        target: UnsafeMutableBufferPointer<Cell>
    ) -> UInt64 {
        let opaque = Mode.opaque
        let tracks = Mode.tracks
        let count = columns.count
        var overwritten: UInt64 = 0
        var i = 0
        while i < count {
            let column = columns[i]
            let destination = targetBase + i
            if column.eighths == 8 {
                let sourceColumn = Int(column.sourceColumn)
                let cell = source[sourceRowBase + sourceColumn]
                if opaque && cell.width == 1 {
                    if tracks { overwritten |= Self.widthOtherThanOne(target[destination]) }
                    target[destination] = cell
                    i += 1
                    continue
                }
                let below = target[destination]
                if tracks { overwritten |= Self.widthOtherThanOne(below) }
                if cell.width == 1 {
                    target[destination] = blended(cell, below: below, memo: &memo)
                    i += 1
                    continue
                }
                // A wide lead is drawn whole when the next column is fully covered and samples
                // the lead's own continuation (the next layer column, in the same row).
                if cell.width == 2 && i + 1 < count && columns[i + 1].eighths == 8
                    && Int(columns[i + 1].sourceColumn) == sourceColumn + 1 && sourceColumn + 1 != sourceWidth
                {
                    if tracks { overwritten |= Self.widthOtherThanOne(target[destination + 1]) }
                    let lead = blended(cell, below: below, memo: &memo)
                    target[destination] = lead
                    target[destination + 1] = .continuation(of: lead)
                    i += 2
                    continue
                }
                // A lead cut off, or a continuation whose lead did not land to its left: blank.
                target[destination] = blended(
                    Cell(
                        glyph: 0x20, foregroundBits: TerminalColor.packedDefault,
                        backgroundBits: cell.backgroundBits),
                    below: below, memo: &memo)
            } else if column.eighths != 0 {
                overwritten |= Self.widthOtherThanOne(target[destination])
                drawEdge(
                    at: destination, eighths: Int(column.eighths), coversFar: column.coversLeft,
                    faceColour: layerBackground,
                    family: .left, target: target)
            }
            i += 1
        }
        return overwritten
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

/// The compile-time flags of ``DrawContext``'s full-row loops: whether the layer is opaque
/// (alpha 1: copy, no blend) and whether overwritten cells are checked for wide clusters
/// (``DrawContext/tracksOverwrites``).
private protocol RowMode {
    static var opaque: Bool { get }
    static var tracks: Bool { get }
}

private enum OpaqueTracked: RowMode {
    static var opaque: Bool { true }
    static var tracks: Bool { true }
}

private enum OpaqueUntracked: RowMode {
    static var opaque: Bool { true }
    static var tracks: Bool { false }
}

private enum BlendedTracked: RowMode {
    static var opaque: Bool { false }
    static var tracks: Bool { true }
}

private enum BlendedUntracked: RowMode {
    static var opaque: Bool { false }
    static var tracks: Bool { false }
}
