import Foundation

/// Composites ``Layer``s, bottom first, into a ``CellBuffer``.
///
/// For each destination cell the compositor maps the cell's centre through the inverse of the
/// layer's transform (about the layer's centre, see ``Layer``) and draws the layer cell it lands
/// in (nearest cell). Rules:
/// - A wide cluster is drawn whole or not at all: its lead must land on a destination cell whose
///   right neighbour lands on the cluster's continuation; otherwise the cell is blanked (a space
///   on the cluster's background).
/// - Axis-aligned transforms (`b == 0 && c == 0`, the fold's case) get exact coverage: a row or
///   column the layer covers only partly, rounded to the nearest 1/8, is drawn as a block eighth
///   in the layer's background so edges move in 1/8-cell steps. Covering the bottom `n/8` of a
///   cell draws the lower block `n/8` (▁▂▃▄▅▆▇) in the layer's colour over the colour below;
///   covering the top draws the complementary lower block `(8−n)/8` in the colour below over the
///   layer's colour. Left and right edges use the left blocks ▏▎▍▌▋▊▉ the same way. 0/8 is not
///   drawn; 8/8 draws content. In a corner cell (both partial) the vertical edge wins, drawn only
///   when the horizontal coverage is at least 4/8. "The colour below" is the background of the
///   destination cell before the layer is drawn.
/// - Other transforms (rotation, shear) sample nearest only, with no block eighths.
/// - A singular transform (``LayerTransform/isSingular``, e.g. a scale of 0) or an alpha ≤ 0
///   draws nothing.
/// - Alpha blends RGB per channel: `alpha·layer + (1 − alpha)·below`, for the foreground and the
///   background. A ``TerminalColor/default`` below counts as ``backgroundColor``; the layer's
///   own default foreground counts as ``foregroundColor`` and default background as
///   ``backgroundColor``. With alpha 1 colours are copied unchanged (defaults stay defaults).
///
/// Source semantics: Core Animation composites sublayers in order with `opacity`, each layer's
/// `transform` about its `anchorPoint`.
public struct Compositor: Hashable, Sendable {
    /// The terminal background as RGB, used when blending a default colour; default black.
    public var backgroundColor: RGBColor
    /// The terminal foreground as RGB, used when blending a layer's default foreground;
    /// default white.
    public var foregroundColor: RGBColor
    /// The cell the destination is cleared to before compositing; default a space in the
    /// terminal's default colours.
    public var clearCell: Cell

    /// Creates a compositor.
    public init(backgroundColor: RGBColor = .black, foregroundColor: RGBColor = .white, clearCell: Cell = .blank) {
        self.backgroundColor = backgroundColor
        self.foregroundColor = foregroundColor
        self.clearCell = clearCell
    }

    // MARK: - Compositing

    /// Clears `destination` to ``clearCell`` and draws `layers` in order (first = bottom).
    ///
    /// - Complexity: O(destination cells) per layer (each ``draw(_:onto:)`` ends with a
    ///   normalizing pass); see ``draw(_:onto:)`` for allocation.
    public func composite(_ layers: [Layer], into destination: inout CellBuffer) {
        destination.fill(with: clearCell)
        for layer in layers { draw(layer, onto: &destination) }
    }

    /// Renders one fold frame: `outgoing` below, `incoming` on top, both at origin (0, 0) with
    /// the presentations of `state`, into `destination` (resized to `outgoing`'s size when it
    /// differs, storage reused).
    ///
    /// - Parameters:
    ///   - outgoing: the outgoing item's slot cells.
    ///   - incoming: the incoming item's slot cells, the same size.
    ///   - state: the transition's state at one instant (``FoldTransition/state(at:)``).
    ///   - background: both slots' background colour (for edge blocks).
    ///   - destination: a caller-owned buffer, reused from frame to frame.
    ///
    /// - Complexity: one fill of `destination` plus the cells each layer covers; the normalizing
    ///   pass runs only after a layer that overwrote part of a wide cluster.
    public func renderFold(outgoing: CellBuffer, incoming: CellBuffer, state: FoldTransitionState,
                           background: TerminalColor = .default, into destination: inout CellBuffer) {
        renderFold(outgoing: outgoing, incoming: incoming, outgoingPresentation: state.outgoing,
                   incomingPresentation: state.incoming, background: background, into: &destination)
    }

    /// Renders one fold frame from the two slots' presentations (see
    /// ``renderFold(outgoing:incoming:state:background:into:)``).
    public func renderFold(outgoing: CellBuffer, incoming: CellBuffer,
                           outgoingPresentation: SlotPresentation, incomingPresentation: SlotPresentation,
                           background: TerminalColor = .default, into destination: inout CellBuffer) {
        if destination.width != outgoing.width || destination.height != outgoing.height {
            destination.reset(width: outgoing.width, height: outgoing.height, filling: clearCell)
        } else {
            destination.fill(with: clearCell)
        }
        // A narrow clear cell leaves the wide-cluster invariant holding, so each layer needs the
        // normalizing pass only if it overwrites part of a wide cluster.
        let normalized = draw(Layer(content: outgoing, transform: outgoingPresentation.transform,
                                    alpha: outgoingPresentation.alpha, background: background),
                              onto: &destination, destinationIsNormalized: clearCell.width == 1,
                              destinationIsNarrow: clearCell.width == 1)
        draw(Layer(content: incoming, transform: incomingPresentation.transform,
                   alpha: incomingPresentation.alpha, background: background),
             onto: &destination, destinationIsNormalized: normalized)
    }

    /// Draws one layer over what `destination` already holds, then restores the wide-cluster
    /// invariant (``CellBuffer/normalizeWideClusters()``).
    ///
    /// - Complexity: O(destination cells covered by the layer + destination cells). An
    ///   axis-aligned layer's column map is a temporary buffer (on the stack where it fits, as
    ///   `withUnsafeTemporaryAllocation` decides); rotated or sheared layers allocate a few
    ///   small arrays for their bounds.
    public func draw(_ layer: Layer, onto destination: inout CellBuffer) {
        draw(layer, onto: &destination, destinationIsNormalized: false)
    }

    /// ``draw(_:onto:)``, skipping the normalizing pass when `destinationIsNormalized` (the
    /// invariant holds before the draw) and the layer overwrote no part of a wide cluster (so
    /// it still holds; the pass would change nothing). Returns whether the invariant holds after.
    ///
    /// `destinationIsNarrow` promises that no destination cell is wide (width ≠ 1), e.g. right
    /// after a fill with a narrow cell: nothing wide can be overwritten, so the draw does not
    /// look at the cells it overwrites to find out.
    @discardableResult
    func draw(_ layer: Layer, onto destination: inout CellBuffer, destinationIsNormalized: Bool,
              destinationIsNarrow: Bool = false) -> Bool {
        let alpha = Double(layer.alpha)
        guard alpha > 0, !alpha.isNaN else { return destinationIsNormalized }
        let transform = layer.transform
        guard let inverse = try? transform.inverted() else { return destinationIsNormalized }
        let content = layer.content
        guard content.width > 0, content.height > 0, destination.width > 0, destination.height > 0 else {
            return destinationIsNormalized
        }
        let context = DrawContext(
            layer: layer, inverse: inverse, alpha: min(alpha, 1),
            backgroundColor: backgroundColor, foregroundColor: foregroundColor,
            destinationWidth: destination.width, destinationHeight: destination.height,
            tracksOverwrites: destinationIsNormalized && !destinationIsNarrow)
        let overwroteWide = content.cells.withUnsafeBufferPointer { source in
            destination.withUnsafeMutableCells { target in
                if transform.b == 0 && transform.c == 0 {
                    return context.drawAxisAligned(source: source, target: target)
                }
                context.drawSampled(source: source, target: target)
                return true
            }
        }
        if overwroteWide || !destinationIsNormalized { destination.normalizeWideClusters() }
        return true
    }
}

/// The per-layer constants of one ``Compositor/draw(_:onto:)`` call and its inner loops.
private struct DrawContext {
    let sourceWidth: Int
    let sourceHeight: Int
    let width: Int
    let height: Int
    let inverse: LayerTransform
    /// The clamped alpha quantized to n/256 for fixed-point blending (256: copy unchanged).
    let alpha256: UInt32
    /// The layer's background, packed (``TerminalColor/packed``).
    let layerBackground: UInt32
    /// ``Compositor/backgroundColor`` as `0x00rrggbb`.
    let backgroundRGB: UInt32
    /// ``Compositor/foregroundColor`` as `0x00rrggbb`.
    let foregroundRGB: UInt32
    /// Destination x of the layer's centre, and y.
    let centreX: Double
    let centreY: Double
    let halfWidth: Double
    let halfHeight: Double
    let transform: LayerTransform
    /// Whether fully covered content cells check the cell they overwrite for a wide cluster.
    /// False when the answer cannot matter: the destination holds no wide cell, or it is
    /// normalized after the draw anyway.
    let tracksOverwrites: Bool

    init(layer: Layer, inverse: LayerTransform, alpha: Double, backgroundColor: RGBColor,
         foregroundColor: RGBColor, destinationWidth: Int, destinationHeight: Int, tracksOverwrites: Bool) {
        sourceWidth = layer.content.width
        sourceHeight = layer.content.height
        width = destinationWidth
        height = destinationHeight
        self.inverse = inverse
        alpha256 = UInt32(RGBColor.alpha256(alpha))
        layerBackground = layer.background.packed
        backgroundRGB = backgroundColor.packed
        foregroundRGB = foregroundColor.packed
        halfWidth = Double(sourceWidth) / 2
        halfHeight = Double(sourceHeight) / 2
        centreX = Double(layer.origin.column) + halfWidth
        centreY = Double(layer.origin.row) + halfHeight
        transform = layer.transform
        self.tracksOverwrites = tracksOverwrites
    }

    // MARK: Sampling

    /// The layer cell index the centre of destination cell (x, y) lands in, or -1 outside.
    @inline(__always)
    func sample(_ x: Int, _ y: Int) -> Int {
        let px = Double(x) + 0.5 - centreX
        let py = Double(y) + 0.5 - centreY
        let lx = Double(inverse.a) * px + Double(inverse.c) * py + Double(inverse.tx) + halfWidth
        let ly = Double(inverse.b) * px + Double(inverse.d) * py + Double(inverse.ty) + halfHeight
        guard lx >= 0, ly >= 0, lx < Double(sourceWidth), ly < Double(sourceHeight) else { return -1 }
        let column = min(max(Self.nearestCell(lx, half: halfWidth), 0), sourceWidth - 1)
        let row = min(max(Self.nearestCell(ly, half: halfHeight), 0), sourceHeight - 1)
        return row * sourceWidth + column
    }

    /// For an axis-aligned inverse (`b == 0 && c == 0`): the layer column the centre of
    /// destination column `x` lands in, clamped into the layer. The `c·py` term of ``sample(_:_:)``
    /// is ±0 there and cannot change the sum, so the column depends on `x` alone.
    @inline(__always)
    func sourceColumn(_ x: Int) -> Int {
        let px = Double(x) + 0.5 - centreX
        let lx = Double(inverse.a) * px + Double(inverse.tx) + halfWidth
        return min(max(Self.nearestCell(lx, half: halfWidth), 0), sourceWidth - 1)
    }

    /// The same for destination row `y`: the layer row, clamped into the layer.
    @inline(__always)
    func sourceRow(_ y: Int) -> Int {
        let py = Double(y) + 0.5 - centreY
        let ly = Double(inverse.d) * py + Double(inverse.ty) + halfHeight
        return min(max(Self.nearestCell(ly, half: halfHeight), 0), sourceHeight - 1)
    }

    /// The cell containing layer coordinate `value`. A point on a cell boundary (within 1e-9)
    /// takes the cell nearer the layer's centre `half`, so a layer squashed to an exact fraction
    /// samples symmetrically whichever way it folds.
    @inline(__always)
    static func nearestCell(_ value: Double, half: Double) -> Int {
        // Int(_:) truncates, which is floor for the non-negative values here, with no libm call.
        let nonNegative = max(value, 0)
        let cell = Int(nonNegative)
        let fraction = nonNegative - Double(cell)
        if fraction < 1e-9 { return cell > 0 && Double(cell) > half ? cell - 1 : cell }
        if fraction > 1 - 1e-9 { return Double(cell + 1) > half ? cell : cell + 1 }
        return cell
    }

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
        let x0 = min(left, right), x1 = max(left, right)
        let y0 = min(top, bottom), y1 = max(top, bottom)
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
                    to: ColumnSample(sourceColumn: eighths == 8 ? Int32(truncatingIfNeeded: sourceColumn(x)) : 0,
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
                        overwritten |= alpha256 == 256
                            ? (tracksOverwrites
                                ? drawContiguousRun(sourceStart: start, targetBase: rowBase, count: columnCount,
                                                    mode: OpaqueTracked.self, memo: &memo, source: source, target: target)
                                : drawContiguousRun(sourceStart: start, targetBase: rowBase, count: columnCount,
                                                    mode: OpaqueUntracked.self, memo: &memo, source: source, target: target))
                            : (tracksOverwrites
                                ? drawContiguousRun(sourceStart: start, targetBase: rowBase, count: columnCount,
                                                    mode: BlendedTracked.self, memo: &memo, source: source, target: target)
                                : drawContiguousRun(sourceStart: start, targetBase: rowBase, count: columnCount,
                                                    mode: BlendedUntracked.self, memo: &memo, source: source,
                                                    target: target))
                    } else if alpha256 == 256 {
                        overwritten |= tracksOverwrites
                            ? drawFullRow(sourceRowBase: sourceRowBase, targetBase: rowBase, columns: samples,
                                          mode: OpaqueTracked.self, memo: &memo, source: source, target: target)
                            : drawFullRow(sourceRowBase: sourceRowBase, targetBase: rowBase, columns: samples,
                                          mode: OpaqueUntracked.self, memo: &memo, source: source, target: target)
                    } else {
                        overwritten |= tracksOverwrites
                            ? drawFullRow(sourceRowBase: sourceRowBase, targetBase: rowBase, columns: samples,
                                          mode: BlendedTracked.self, memo: &memo, source: source, target: target)
                            : drawFullRow(sourceRowBase: sourceRowBase, targetBase: rowBase, columns: samples,
                                          mode: BlendedUntracked.self, memo: &memo, source: source, target: target)
                    }
                    continue
                }
                let coversBottom = (max(y0, Double(y)) + min(y1, Double(y + 1))) / 2 >= Double(y) + 0.5
                for i in 0..<columnCount where samples[i].eighths >= 4 {
                    overwritten |= Self.widthOtherThanOne(target[rowBase + i])
                    drawEdge(at: rowBase + i, eighths: rowEighths, coversFar: coversBottom,
                             partial: { 0x2580 + UInt32($0) }, target: target)
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
    func drawContiguousRun<Mode: RowMode>(sourceStart: Int, targetBase: Int, count: Int, mode: Mode.Type,
                                          memo: inout BlendMemo, source: UnsafeBufferPointer<Cell>,
                                          target: UnsafeMutableBufferPointer<Cell>) -> UInt64 {
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
            let blank = Cell(glyph: 0x20, foregroundBits: TerminalColor.packedDefault,
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
    func drawFullRow<Mode: RowMode>(sourceRowBase: Int, targetBase: Int, columns: UnsafeBufferPointer<ColumnSample>,
                                    mode: Mode.Type, memo: inout BlendMemo, source: UnsafeBufferPointer<Cell>,
                                    target: UnsafeMutableBufferPointer<Cell>) -> UInt64 {
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
                    && Int(columns[i + 1].sourceColumn) == sourceColumn + 1 && sourceColumn + 1 != sourceWidth {
                    if tracks { overwritten |= Self.widthOtherThanOne(target[destination + 1]) }
                    let lead = blended(cell, below: below, memo: &memo)
                    target[destination] = lead
                    target[destination + 1] = .continuation(of: lead)
                    i += 2
                    continue
                }
                // A lead cut off, or a continuation whose lead did not land to its left: blank.
                target[destination] = blended(Cell(glyph: 0x20, foregroundBits: TerminalColor.packedDefault,
                                                   backgroundBits: cell.backgroundBits),
                                              below: below, memo: &memo)
            } else if column.eighths != 0 {
                overwritten |= Self.widthOtherThanOne(target[destination])
                drawEdge(at: destination, eighths: Int(column.eighths), coversFar: column.coversLeft,
                         partial: { 0x2590 - UInt32($0) }, target: target)
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

    /// Draws a partly covered cell. `coversFar` is true when the layer covers the bottom (rows)
    /// or left (columns) part, the part the block glyphs fill; otherwise the complementary block
    /// is drawn in the colour below over the layer's colour.
    @inline(__always)
    func drawEdge(at index: Int, eighths: Int, coversFar: Bool, partial: (Int) -> UInt32,
                  target: UnsafeMutableBufferPointer<Cell>) {
        let below = target[index].backgroundBits
        let layerColour = blendedBackground(layerBackground, below: below)
        if coversFar {
            let layerAsForeground = TerminalColor.rgbTag
                | TerminalColor.resolved(packed: layerColour, fallback: backgroundRGB)
            target[index] = Cell(glyph: partial(eighths), foregroundBits: layerAsForeground, backgroundBits: below)
        } else {
            let belowAsForeground = TerminalColor.rgbTag | TerminalColor.resolved(packed: below, fallback: backgroundRGB)
            target[index] = Cell(glyph: partial(8 - eighths), foregroundBits: belowAsForeground,
                                 backgroundBits: layerColour)
        }
    }

    // MARK: General transforms: nearest sample only

    func drawSampled(source: UnsafeBufferPointer<Cell>, target: UnsafeMutableBufferPointer<Cell>) {
        let corners = [
            CGPoint(x: -halfWidth, y: -halfHeight), CGPoint(x: halfWidth, y: -halfHeight),
            CGPoint(x: halfWidth, y: halfHeight), CGPoint(x: -halfWidth, y: halfHeight),
        ].map { transform.apply(to: $0) }
        let xs = corners.map { Double($0.x) + centreX }
        let ys = corners.map { Double($0.y) + centreY }
        let firstColumn = max(Int((xs.min() ?? 0).rounded(.down)), 0)
        let endColumn = min(Int((xs.max() ?? 0).rounded(.up)), width)
        let firstRow = max(Int((ys.min() ?? 0).rounded(.down)), 0)
        let endRow = min(Int((ys.max() ?? 0).rounded(.up)), height)
        guard firstColumn < endColumn, firstRow < endRow else { return }
        for y in firstRow..<endRow {
            let rowBase = y * width
            var x = firstColumn
            while x < endColumn {
                if sample(x, y) < 0 {
                    x += 1
                    continue
                }
                x += drawContent(x, y, rowBase: rowBase, nextIsFull: x + 1 < endColumn,
                                 source: source, target: target)
            }
        }
    }

    // MARK: Content cells

    /// Draws the layer cell that destination (x, y) samples; returns how many destination cells
    /// it filled (2 for a whole wide cluster, else 1).
    @inline(__always)
    func drawContent(_ x: Int, _ y: Int, rowBase: Int, nextIsFull: Bool,
                     source: UnsafeBufferPointer<Cell>, target: UnsafeMutableBufferPointer<Cell>) -> Int {
        let index = sample(x, y)
        let cell = source[index]
        let destination = rowBase + x
        switch cell.width {
        case 1:
            target[destination] = blended(cell, below: target[destination])
            return 1
        case 2:
            let next = nextIsFull ? sample(x + 1, y) : -1
            if next == index + 1 && (index + 1) % sourceWidth != 0 {
                let lead = blended(cell, below: target[destination])
                target[destination] = lead
                target[destination + 1] = .continuation(of: lead)
                return 2
            }
            target[destination] = blended(.space(background: cell.background), below: target[destination])
            return 1
        default:
            // The trailing half of a wide cluster whose lead did not land to its left: blank.
            target[destination] = blended(.space(background: cell.background), below: target[destination])
            return 1
        }
    }

    // MARK: Alpha

    /// The last colour blend of a layer draw: cells in a run mostly share their colours and the
    /// colours below, so most blends are a two-word compare.
    struct BlendMemo {
        /// Foreground (high half) and background (low half) of the top cell; all ones (no
        /// packed colour has those bits) before the first blend.
        var top: UInt64 = ~0
        /// The same for the cell below.
        var below: UInt64 = 0
        /// The blended foreground (high half) and background (low half).
        var result: UInt64 = 0
    }

    /// ``blended(_:below:)`` through `memo`.
    @inline(__always)
    func blended(_ cell: Cell, below: Cell, memo: inout BlendMemo) -> Cell {
        guard alpha256 < 256 else { return cell }
        let top = cell.low & 0xFFFF_FFFF_0000_0000 | cell.high & 0xFFFF_FFFF
        let under = below.low & 0xFFFF_FFFF_0000_0000 | below.high & 0xFFFF_FFFF
        if top != memo.top || under != memo.below {
            let result = blended(cell, below: below)
            memo = BlendMemo(top: top, below: under,
                             result: result.low & 0xFFFF_FFFF_0000_0000 | result.high & 0xFFFF_FFFF)
        }
        var result = cell
        result.low = cell.low & 0xFFFF_FFFF | memo.result & 0xFFFF_FFFF_0000_0000
        result.high = cell.high & 0xFFFF_FFFF_0000_0000 | memo.result & 0xFFFF_FFFF
        return result
    }

    /// `cell` over `below` with the layer's alpha: both colours blended in packed RGB (a
    /// default foreground counts as the foreground colour, any other default as the background
    /// colour); at alpha 256/256 the cell unchanged.
    @inline(__always)
    func blended(_ cell: Cell, below: Cell) -> Cell {
        guard alpha256 < 256 else { return cell }
        var result = cell
        let foreground = TerminalColor.resolved(packed: cell.foregroundBits, fallback: foregroundRGB)
        let belowForeground = TerminalColor.resolved(packed: below.foregroundBits, fallback: backgroundRGB)
        result.foregroundBits = TerminalColor.rgbTag
            | RGBColor.blend(packed: foreground, over: belowForeground, alpha256: alpha256)
        result.backgroundBits = blendedBackground(cell.backgroundBits, below: below.backgroundBits)
        return result
    }

    /// A packed background `colour` over the packed `below` with the layer's alpha (defaults
    /// count as the background colour); at alpha 256/256 `colour` unchanged.
    @inline(__always)
    func blendedBackground(_ colour: UInt32, below: UInt32) -> UInt32 {
        guard alpha256 < 256 else { return colour }
        let top = TerminalColor.resolved(packed: colour, fallback: backgroundRGB)
        return TerminalColor.rgbTag
            | RGBColor.blend(packed: top, over: TerminalColor.resolved(packed: below, fallback: backgroundRGB),
                             alpha256: alpha256)
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
