internal import FoldCyclePlatform

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The drawing order of a diff frame's ``DiffSpan``s, and the drawing.
///
/// Every span gets a pass: its pen key's, or for a plain span (spaces, ECH, EL) the exact key of
/// the nearest span beside it in its row whose pen draws it (``PenKey/takes(_:)``), else the
/// first such key in the frame. Two orders are then priced, cursor moves
/// (``CursorMove``) plus SGRs (``SGRCostTable``), and the cheaper is drawn:
/// - **passes**: pass by pass in order of first appearance, each pass's spans row-major, so a
///   row that crosses several colour zones (a horizontal fold: outgoing card, edge column,
///   incoming card) costs a cursor move per zone and one SGR per pass, not an SGR per zone;
/// - **row-major**: the spans as they come, an SGR wherever the pass changes (cheaper when
///   moves cost more than SGRs: short SGRs at 16 colours, many small zones).
///
/// Any order draws the same screen: every marked cell's final content is independent of when it
/// is drawn (the repairs of ``ANSIEncoder/segmentRow(_:marks:width:old:new:eraseFrom:spans:keys:)``).
struct DrawPasses {
    /// Per span, the key of the pass that draws it.
    private(set) var passes: [Int32] = []
    /// Span indices in drawing order.
    private(set) var order: [Int32] = []
    /// Per key, its rank among the passes (by first appearance), then scratch.
    private var rank: [Int32] = []
    private var starts: [Int32] = []
    /// The priced SGRs between passes.
    private var costs = SGRCostTable()

    /// More passes than this are not priced: the spans are drawn row-major.
    static let maximumPricedPasses = 48

    /// Chooses each span's pass and the drawing order (``order``) for a frame `width` cells
    /// wide whose encoder left the cursor at (`column`, `row`) (nil: unknown) in `mode`.
    mutating func plan(
        spans: [DiffSpan], keys: PenKeys, width: Int, cursorRow: Int?, cursorColumn: Int?, mode: ANSIEncoder.Mode,
        lineFeedRows: Int, depth: ColorDepth
    ) {
        assignPasses(spans: spans, keys: keys)
        order.removeAll(keepingCapacity: true)
        let count = keys.count
        guard count > 1 else {
            order.append(contentsOf: (0..<Int32(truncatingIfNeeded: spans.count)))
            return
        }
        // Ranks by first appearance, and how many spans each pass draws.
        rank.removeAll(keepingCapacity: true)
        rank.append(contentsOf: repeatElement(-1, count: count))
        starts.removeAll(keepingCapacity: true)
        var passCount: Int32 = 0
        for pass in passes where rank[Int(pass)] < 0 {
            rank[Int(pass)] = passCount
            passCount += 1
        }
        guard passCount > 1, passCount <= Self.maximumPricedPasses else {
            order.append(contentsOf: (0..<Int32(truncatingIfNeeded: spans.count)))
            return
        }
        starts.append(contentsOf: repeatElement(0, count: Int(passCount) + 1))
        for pass in passes { starts[Int(rank[Int(pass)]) + 1] += 1 }
        for index in 1..<starts.count { starts[index] += starts[index - 1] }
        order.append(contentsOf: repeatElement(0, count: spans.count))
        var rowMajorAlready = true
        for (index, pass) in passes.enumerated() {
            let slot = Int(rank[Int(pass)])
            rowMajorAlready = rowMajorAlready && Int(starts[slot]) == index
            order[Int(starts[slot])] = Int32(truncatingIfNeeded: index)
            starts[slot] += 1
        }
        // Pass by pass is row-major already (each pass's spans follow the last pass's): both
        // orders cost the same, and row-major is the one drawn on a tie.
        if rowMajorAlready { return }
        costs.reset(keys: keys, depth: depth)
        let byPass = price(
            spans: spans, sequence: order, width: width, cursorRow: cursorRow, cursorColumn: cursorColumn, mode: mode,
            lineFeedRows: lineFeedRows, limit: Int.max)
        // Row-major is drawn when it costs no more; its pricing stops once it costs more.
        let rowMajor = price(
            spans: spans, sequence: nil, width: width, cursorRow: cursorRow, cursorColumn: cursorColumn, mode: mode,
            lineFeedRows: lineFeedRows, limit: byPass)
        if rowMajor <= byPass {
            for index in order.indices { order[index] = Int32(truncatingIfNeeded: index) }
        }
    }

    /// Sets ``passes``: each span's own key, or for a plain span the key that draws it.
    private mutating func assignPasses(spans: [DiffSpan], keys: PenKeys) {
        passes.removeAll(keepingCapacity: true)
        passes.append(contentsOf: repeatElement(0, count: spans.count))
        // Read and written without bounds checks: every index is a span's or a key's.
        spans.withUnsafeBufferPointer { spans in
            keys.keys.withUnsafeBufferPointer { keys in
                passes.withUnsafeMutableBufferPointer { passes in
                    for index in 0..<spans.count { passes[index] = spans[index].key }
                    for index in 0..<spans.count {
                        let own = keys[Int(spans[index].key)]
                        guard own.plain else { continue }
                        let row = spans[index].row
                        var chosen: Int32 = -1
                        // The nearest exact span to the left in the row, then to the right.
                        var left = index &- 1
                        while left >= 0 && spans[left].row == row {
                            let key = keys[Int(passes[left])]
                            if !key.plain {
                                if key.takes(own) { chosen = passes[left] }
                                break
                            }
                            left &-= 1
                        }
                        if chosen < 0 {
                            var right = index &+ 1
                            while right < spans.count && spans[right].row == row {
                                let key = keys[Int(spans[right].key)]
                                if !key.plain {
                                    if key.takes(own) { chosen = spans[right].key }
                                    break
                                }
                                right &+= 1
                            }
                        }
                        if chosen < 0, let found = keys.firstIndex(where: { !$0.plain && $0.takes(own) }) {
                            chosen = Int32(truncatingIfNeeded: found)
                        }
                        if chosen >= 0 { passes[index] = chosen }
                    }
                }
            }
        }
    }

    /// The bytes of moves and SGRs (glyphs and erases are the same in any order) to draw the
    /// spans in `sequence` (nil: as they are), or a sum above `limit` as soon as they exceed it
    /// (every term is ≥ 0, so the whole is above it too).
    private mutating func price(
        spans: [DiffSpan], sequence: [Int32]?, width: Int, cursorRow: Int?, cursorColumn: Int?,
        mode: ANSIEncoder.Mode, lineFeedRows: Int, limit: Int
    ) -> Int {
        var row = cursorRow
        var column = cursorColumn
        var pen: Int32 = -1
        var total = 0
        let passes = self.passes
        // The spans, passes and sequence read without bounds checks (every index is a span's).
        spans.withUnsafeBufferPointer { spans in
            passes.withUnsafeBufferPointer { passes in
                (sequence ?? []).withUnsafeBufferPointer { order in
                    let ordered = sequence != nil
                    for position in 0..<spans.count {
                        let index = ordered ? Int(order[position]) : position
                        let span = spans[index]
                        let y = Int(span.row)
                        let x = Int(span.start)
                        if row != y || column != x {
                            total &+= CursorMove.byteCount(
                                fromRow: row, column: column, toRow: y, column: x, mode: mode,
                                lineFeedRows: lineFeedRows)
                        }
                        let pass = passes[index]
                        if pass != pen {
                            total &+= costs.cost(from: pen, to: pass)
                            pen = pass
                        }
                        if total > limit { return }
                        row = y
                        column = span.kind == .draw ? (Int(span.end) >= width ? nil : Int(span.end)) : x
                    }
                }
            }
        }
        return total
    }
}

/// Estimated SGR lengths between the pens of one frame's keys (``PenKey``), memoized: the
/// parameters that differ (an attribute 2 bytes, a colour as the depth writes it) plus `CSI`
/// and `m`. Only for choosing an order; the bytes written come from ``SGRState``.
struct SGRCostTable {
    private var keys: [PenKey] = []
    private var depth = ColorDepth.truecolor
    private var table: [Int16] = []

    /// Forgets the memo and takes the frame's keys.
    mutating func reset(keys: PenKeys, depth: ColorDepth) {
        self.keys.removeAll(keepingCapacity: true)
        self.keys.append(contentsOf: keys.keys)
        self.depth = depth
        table.removeAll(keepingCapacity: true)
        table.append(contentsOf: repeatElement(-1, count: (keys.count + 1) * keys.count))
    }

    /// The estimated SGR from the pen of key `from` (-1: unknown) to key `to`'s.
    mutating func cost(from: Int32, to: Int32) -> Int {
        let slot = Int(from + 1) * keys.count + Int(to)
        if table[slot] >= 0 { return Int(table[slot]) }
        let value = Self.estimate(from: from < 0 ? nil : keys[Int(from)], to: keys[Int(to)], depth: depth)
        table[slot] = Int16(clamping: value)
        return value
    }

    /// The bytes of one change (from nil: the reset form), formed as ``SGRState`` forms it:
    /// the shorter of the reset form and the incremental form (attributes off with 22/23/24/27,
    /// then on, then the colours that differ on screen), a plain space keeping the pen's
    /// foreground and its bold, dim and italic with ``SGRState/plainSpaceSlack`` bytes of slack.
    static func estimate(from: PenKey?, to: PenKey, depth: ColorDepth) -> Int {
        let toAttributes = to.plain ? 0 : UInt8(truncatingIfNeeded: to.high >> 40)
        let toBackground = UInt32(truncatingIfNeeded: to.high)
        let toForeground = to.plain ? TerminalColor.packedDefault : to.foreground
        // Reset form: ESC [ 0 … m, each parameter with its separator.
        var reset = 4 + 2 * toAttributes.nonzeroBitCount
        var resetSplit = SplitCount(parameters: 1 + toAttributes.nonzeroBitCount)
        if Pen.output(toForeground, depth: depth) != Pen.outputDefault {
            reset += 1 + colorLength(toForeground, background: false, depth)
            resetSplit.add(colorParameters(toForeground, depth))
        }
        if Pen.output(toBackground, depth: depth) != Pen.outputDefault {
            reset += 1 + colorLength(toBackground, background: true, depth)
            resetSplit.add(colorParameters(toBackground, depth))
        }
        reset += resetSplit.extraBytes
        guard let from else { return reset }
        let fromAttributes = UInt8(truncatingIfNeeded: from.high >> 40)
        let fromBackground = UInt32(truncatingIfNeeded: from.high)
        let visible = Pen.foregroundVisibleAttributes.rawValue
        let targetAttributes = to.plain ? fromAttributes & ~visible : toAttributes
        let removed = fromAttributes & ~targetAttributes
        var kept = fromAttributes
        var parameters = 0
        let boldAndDim = CellAttributes([.bold, .dim]).rawValue
        if removed & boldAndDim != 0 {
            parameters += 3
            kept &= ~boldAndDim
        }
        parameters += 3 * (removed & ~boldAndDim).nonzeroBitCount
        parameters += 2 * (targetAttributes & ~kept).nonzeroBitCount
        // Attributes off and on: at most 9 parameters, so they never start a second SGR.
        var split = SplitCount(
            parameters: (removed & boldAndDim != 0 ? 1 : 0) + (removed & ~boldAndDim).nonzeroBitCount
                + (targetAttributes & ~kept).nonzeroBitCount)
        if !to.plain && Pen.output(from.foreground, depth: depth) != Pen.output(to.foreground, depth: depth) {
            parameters += 1 + colorLength(to.foreground, background: false, depth)
            split.add(colorParameters(to.foreground, depth))
        }
        if Pen.output(fromBackground, depth: depth) != Pen.output(toBackground, depth: depth) {
            parameters += 1 + colorLength(toBackground, background: true, depth)
            split.add(colorParameters(toBackground, depth))
        }
        guard parameters > 0 else { return 0 }
        let incremental = parameters + 2 + split.extraBytes
        let keepsMore = to.plain && (from.foreground != TerminalColor.packedDefault || fromAttributes != 0)
        return incremental <= reset + (keepsMore ? SGRState.plainSpaceSlack : 0) ? incremental : reset
    }

    /// How ``SGRWriter`` splits a change's parameters into SGRs of at most
    /// ``SGRWriter/maximumParameters``: a colour that would pass it starts a second SGR, which
    /// costs `m ESC [` less a separator, 2 bytes.
    struct SplitCount {
        var parameters: Int
        var splits = 0

        mutating func add(_ count: Int) {
            if parameters + count > SGRWriter.maximumParameters {
                splits += 1
                parameters = 0
            }
            parameters += count
        }

        var extraBytes: Int { 2 * splits }
    }

    /// The parameters of one colour at `depth`: 1 for the default or a 16-colour code, 3 for
    /// `38;5;n`, 5 for `38;2;r;g;b`.
    static func colorParameters(_ color: UInt32, _ depth: ColorDepth) -> Int {
        let output = Pen.output(color, depth: depth)
        guard output != Pen.outputDefault else { return 1 }
        switch depth {
        case .truecolor: return 5
        case .ansi256: return 3
        case .ansi16, .none: return 1
        }
    }

    /// The characters of one colour's parameters at `depth` (without the separator).
    static func colorLength(_ color: UInt32, background: Bool, _ depth: ColorDepth) -> Int {
        let output = Pen.output(color, depth: depth)
        guard output != Pen.outputDefault else { return 2 }
        switch depth {
        case .truecolor:
            return 7 + EscapeSequence.digitCount(Int(color >> 16 & 0xFF))
                + EscapeSequence.digitCount(Int(color >> 8 & 0xFF))
                + EscapeSequence.digitCount(Int(color & 0xFF))
        case .ansi256:
            return 5 + EscapeSequence.digitCount(Int(output & 0xFF))
        case .ansi16:
            // 30–37 and 90–97; 40–47 and 100–107.
            return background && output & 0xFF >= 8 ? 3 : 2
        case .none:
            return 0
        }
    }
}

extension ANSIEncoder {
    /// Draws one span: a move to its start and an SGR when needed (the pen of `pass`, the key
    /// of the span's pass), then its bytes from the glyph stream `glyphs`, its cluster, its ECH or
    /// its EL.
    @inline(__always)
    mutating func draw(
        _ span: DiffSpan, pass: PenKey, width: Int, glyphs stream: UnsafeBufferPointer<UInt8>,
        cells: UnsafeBufferPointer<Cell>, sink: inout ByteSink, bytes: inout [UInt8]
    ) {
        let y = Int(span.row)
        let x = Int(span.start)
        sink.reserve(ByteSink.escapeRoom + EscapeSequence.maximumByteCount, flushingTo: &bytes)
        if cursorRow != y || cursorColumn != x { move(toX: x, y: y, sink: &sink) }
        let pen = pass.cell
        if !sgr.penMatches(pen) { sgr.changePen(pen, sink: &sink, bytes: &bytes) }
        switch span.kind {
        case .draw:
            sink.write(
                UnsafeBufferPointer(rebasing: stream[Int(span.bytesStart)..<Int(span.bytesStart + span.bytesCount)]),
                flushingTo: &bytes)
        case .cluster:
            sink.flush(to: &bytes)
            glyphs.appendUTF8(of: cells[y * width + x].glyph, to: &bytes)
        case .erase:
            sink.write(.eraseCharacters(Int(span.end) - x))
            return
        case .eraseLine:
            sink.write(.eraseToEndOfLine)
            return
        }
        cursorColumn = Int(span.end) >= width ? nil : Int(span.end)
    }
}

/// What ``ANSIEncoder/encodeDiff(previous:current:into:)`` keeps between frames so that it does
/// not allocate: the marks (``CellDiff``), the spans, keys and glyph stream of the frame
/// (``DiffSpan``) and its passes (``DrawPasses``).
struct DiffScratch {
    /// A bit per cell that changed, ``CellDiff/wordsPerRow(_:)`` words per row.
    var marks: [UInt64] = []
    var spans: [DiffSpan] = []
    var keys = PenKeys()
    var passes = DrawPasses()
    /// The `.draw` spans' bytes.
    var glyphs = GlyphStream()
    /// The rows with a changed cluster of disputed width (``GlyphTable/isDisputed(_:)``), drawn
    /// whole after the spans (``ANSIEncoder/drawWholeRow(_:width:cells:sink:bytes:)``).
    var wholeRows: [Int32] = []
    /// Per row, whether any of its cells differs at all between the two frames (even where the
    /// output shows no change), and how many rows do: what the move search reads.
    var changedRows: [Bool] = []
    var changedRowCount = 0
    /// Per row, the first column whose cell differs at all (`width` for an unchanged row).
    var firstChanges: [Int32] = []
    /// Per row, the column after the last one whose cell differs at all (0 for an unchanged row).
    var changeEnds: [Int32] = []

    /// Sizes the marks for `width` × `height` and empties the spans, keys and glyph stream.
    mutating func prepare(width: Int, height: Int) {
        let words = CellDiff.wordsPerRow(width) * height
        if marks.count != words { marks = Array(repeating: 0, count: words) }
        if changedRows.count != height {
            changedRows = Array(repeating: false, count: height)
            firstChanges = Array(repeating: 0, count: height)
            changeEnds = Array(repeating: 0, count: height)
        }
        changedRowCount = 0
        spans.removeAll(keepingCapacity: true)
        keys.removeAll()
        glyphs.count = 0
        wholeRows.removeAll(keepingCapacity: true)
    }

    /// Marks each row's changes (``CellDiff``) and cuts the changed rows into spans
    /// (``ANSIEncoder/segmentRow(_:marks:width:old:new:eraseFrom:spans:keys:glyphs:)``), or, for a
    /// row with a changed disputed cluster, lists it in ``wholeRows``; sets ``changedRows``,
    /// ``firstChanges`` and ``changeEnds``. `repeats`: REP for runs of one glyph (``RepeatRuns``);
    /// `erasesByCharacters`: no ECH over a wide character of `old` (``ANSIEncoder/erasesByCharacters``).
    mutating func collectSpans(
        old: UnsafePointer<Cell>, new: UnsafePointer<Cell>, width: Int, height: Int, depth: ColorDepth,
        repeats: Bool = false, erasesByCharacters: Bool = false
    ) {
        let words = CellDiff.wordsPerRow(width)
        var colors = OutputColors(depth: depth)
        let filtersColors = depth != .truecolor
        let newCells = UnsafeBufferPointer(start: new, count: width * height)
        var changedRowCount = 0
        defer { self.changedRowCount = changedRowCount }
        let unchanged = Int32(truncatingIfNeeded: width)
        var changeEnds: [Int32] = []
        swap(&changeEnds, &self.changeEnds)
        defer { swap(&changeEnds, &self.changeEnds) }
        changedRows.withUnsafeMutableBufferPointer { changedRows in
            firstChanges.withUnsafeMutableBufferPointer { firstChanges in
                marks.withUnsafeMutableBufferPointer { marks in
                    guard let marks = marks.baseAddress else { return }
                    for y in 0..<height {
                        let row = y * width
                        let rowMarks = marks + y * words
                        // An unchanged row (one memcmp, which stops at the first difference) has no marks.
                        if memcmp(old + row, new + row, width &* MemoryLayout<Cell>.stride) == 0 {
                            rowMarks.update(repeating: 0, count: words)
                            changedRows[y] = false
                            firstChanges[y] = unchanged
                            changeEnds[y] = 0
                            continue
                        }
                        changedRows[y] = true
                        changedRowCount &+= 1
                        guard CellDiff.markChanges(old: old + row, new: new + row, width: width, marks: rowMarks) else {
                            firstChanges[y] = unchanged
                            changeEnds[y] = 0
                            continue
                        }
                        // The marks are every differing cell until the output's colours unmark some.
                        var word = 0
                        while rowMarks[word] == 0 { word &+= 1 }
                        firstChanges[y] = Int32(truncatingIfNeeded: word &* 64 &+ rowMarks[word].trailingZeroBitCount)
                        var last = words &- 1
                        while rowMarks[last] == 0 { last &-= 1 }
                        changeEnds[y] = Int32(
                            truncatingIfNeeded: last &* 64 &+ 64 &- rowMarks[last].leadingZeroBitCount)
                        if filtersColors {
                            guard
                                CellDiff.unmarkInvisibleChanges(
                                    old: old + row, new: new + row, width: width, marks: rowMarks, colors: &colors)
                            else { continue }
                        }
                        let eraseFrom = CellDiff.trailingBlanksStart(newCells, row: row, width: width)
                        let cut = ANSIEncoder.segmentRow(
                            y, marks: rowMarks, width: width, old: old + row, new: new + row, eraseFrom: eraseFrom,
                            spans: &spans, keys: &keys, glyphs: &glyphs, repeats: repeats,
                            erasesByCharacters: erasesByCharacters)
                        if !cut { wholeRows.append(Int32(truncatingIfNeeded: y)) }
                    }
                }
            }
        }
    }
}
