/// Encodes ``CellBuffer`` frames as terminal bytes: whole frames or only the cells that changed,
/// with minimal SGR changes and the shortest cursor moves. The only writer of escape bytes
/// besides ``EscapeSequence``.
///
/// Every frame is wrapped in synchronized output (`CSI ?2026h` … `CSI ?2026l`) and ends with
/// an SGR reset (`CSI 0m`), so the terminal is left in its default rendition between frames.
///
/// The encoder is stateful: it tracks the cursor position it leaves behind (relative to the
/// region's top-left) and the current rendition (the "pen"), so the next frame starts from
/// what the terminal really shows. Bytes are appended to a caller-owned array; after the first
/// frames no call allocates (SGR parameters and the diff's per-row marks use reused scratch
/// arrays; glyph bytes are gathered in a 1 KiB stack block and appended a block at a time).
///
/// - Important: after the last column of a row the cursor column is treated as unknown: if the
///   region reaches the terminal's right margin the terminal is in the "pending wrap" state
///   (VT100), so the next move starts with CR (inline) or CUP (absolute). No byte ever prints
///   in that state, so output never wraps or scrolls.
public struct ANSIEncoder: Sendable {
    /// How the cursor is positioned.
    public enum Mode: Hashable, Sendable {
        /// A region of rows in the normal screen, redrawn in place with relative moves only
        /// (CR, CUU, CUD, CUF, CUB; never LF or anything else that scrolls). The region's
        /// top-left is (0, 0); the cursor must be there before the first frame.
        case inline
        /// The region's top-left is at a 0-based screen position (e.g. (0, 0) on the alternate
        /// screen); the first move of a frame with an unknown cursor is a CUP.
        case absolute(originRow: Int, originColumn: Int)
    }

    /// The cursor-positioning mode.
    public let mode: Mode
    /// The colour depth SGR colours are downsampled to; ``ColorDepth/none`` writes no colour.
    public let depth: ColorDepth
    /// The table glyph ids refer to.
    public let glyphs: GlyphTable

    /// The cursor's row relative to the region (nil when unknown).
    public private(set) var cursorRow: Int?
    /// The cursor's column relative to the region (nil when unknown, e.g. after the last column).
    public private(set) var cursorColumn: Int?

    private var pen: Pen?
    private var sgrScratch: [UInt8] = []
    private var resetScratch: [UInt8] = []
    private var dirty: [Bool] = []

    /// Creates an encoder.
    ///
    /// - Parameters:
    ///   - mode: ``Mode/inline`` (cursor assumed at the region's top-left) or
    ///     ``Mode/absolute(originRow:originColumn:)`` (cursor unknown until the first CUP).
    ///   - depth: the output's colour depth.
    ///   - glyphs: the glyph table of the buffers' cells, default ``GlyphTable/shared``.
    public init(mode: Mode, depth: ColorDepth, glyphs: GlyphTable = .shared) {
        self.mode = mode
        self.depth = depth
        self.glyphs = glyphs
        switch mode {
        case .inline:
            cursorRow = 0
            cursorColumn = 0
        case .absolute:
            cursorRow = nil
            cursorColumn = nil
        }
        pen = nil
    }

    /// Forgets the cursor column and the pen (e.g. after other output was written to the
    /// terminal): the next frame starts with CR (inline) or CUP (absolute) and an SGR reset.
    /// In inline mode the row is kept, since only the caller's own writes can change it.
    public mutating func invalidate() {
        cursorColumn = nil
        pen = nil
        if case .absolute = mode { cursorRow = nil }
    }

    // MARK: - Frames

    /// Appends a frame that draws every cell of `buffer`.
    ///
    /// - Parameters:
    ///   - buffer: the frame.
    ///   - bytes: the caller's output buffer, appended to.
    public mutating func encodeFull(_ buffer: CellBuffer, into bytes: inout [UInt8]) {
        bytes.reserveCapacity(bytes.count + 64 + buffer.cells.count * 4)
        EscapeSequence.beginSynchronizedUpdate.append(to: &bytes)
        buffer.cells.withUnsafeBufferPointer { cells in
            ByteSink.withSink(flushingTo: &bytes) { sink, bytes in
                for y in 0..<buffer.height {
                    var x = 0
                    while x < buffer.width {
                        let cell = cells[y * buffer.width + x]
                        if cell.width == 0 {
                            x += 1
                            continue
                        }
                        draw(cell, x: x, y: y, regionWidth: buffer.width, sink: &sink, bytes: &bytes)
                        x += Int(cell.width)
                    }
                }
            }
        }
        endFrame(into: &bytes)
    }

    /// Appends a frame that draws only the cells of `current` that differ from `previous`
    /// (which must be what the terminal shows), or nothing at all when none differ.
    ///
    /// A cell is redrawn when it changed, plus the repairs terminals need: the lead of a changed
    /// continuation; the cell after a wide cluster that a narrow glyph replaces (terminals blank
    /// the other half of a wide character that is half overwritten); the lead before a
    /// continuation that is overwritten. Continuation cells are never written themselves.
    ///
    /// - Parameters:
    ///   - previous: the frame on screen. When its size differs from `current`'s, the whole of
    ///     `current` is drawn (``encodeFull(_:into:)``).
    ///   - current: the new frame.
    ///   - bytes: the caller's output buffer, appended to.
    public mutating func encodeDiff(previous: CellBuffer, current: CellBuffer, into bytes: inout [UInt8]) {
        guard previous.width == current.width, previous.height == current.height else {
            encodeFull(current, into: &bytes)
            return
        }
        let width = current.width
        // The marks live in a local while this frame is encoded, so that `draw` (mutating) and
        // the marks' pointer do not overlap accesses to `self`.
        var dirty = self.dirty
        self.dirty = []
        if dirty.count != width + 1 { dirty = Array(repeating: false, count: width + 1) }
        var started = false
        previous.cells.withUnsafeBufferPointer { old in
            current.cells.withUnsafeBufferPointer { new in
                dirty.withUnsafeMutableBufferPointer { dirty in
                    ByteSink.withSink(flushingTo: &bytes) { sink, bytes in
                        for y in 0..<current.height {
                            let row = y * width
                            guard Self.markDirty(old: old, new: new, row: row, width: width, dirty: dirty) else {
                                continue
                            }
                            if !started {
                                EscapeSequence.beginSynchronizedUpdate.append(to: &bytes)
                                started = true
                            }
                            var x = 0
                            while x < width {
                                let cell = new[row + x]
                                if !dirty[x] || cell.width == 0 {
                                    x += 1
                                    continue
                                }
                                draw(cell, x: x, y: y, regionWidth: width, sink: &sink, bytes: &bytes)
                                x += Int(cell.width)
                            }
                        }
                    }
                }
            }
        }
        self.dirty = dirty
        if started { endFrame(into: &bytes) }
    }

    /// Appends the shortest cursor move to a region-relative position (for callers that leave
    /// the cursor below the region, say), and tracks it.
    public mutating func moveCursor(toRow row: Int, column: Int, into bytes: inout [UInt8]) {
        move(toX: column, y: row, into: &bytes)
    }

    // MARK: - Dirty marking

    /// Marks `dirty[x]` for the cells of one row to redraw; returns whether any is marked.
    ///
    /// - Complexity: O(width): an unchanged row costs one branch-free pass of word compares
    ///   (cells are 16 bytes with no padding) and writes no marks.
    private static func markDirty(old: UnsafeBufferPointer<Cell>, new: UnsafeBufferPointer<Cell>,
                                  row: Int, width: Int, dirty: UnsafeMutableBufferPointer<Bool>) -> Bool {
        var difference: UInt64 = 0
        for x in row..<(row + width) {
            difference |= (old[x].low ^ new[x].low) | (old[x].high ^ new[x].high)
        }
        guard difference != 0 else { return false }
        for x in 0..<width {
            dirty[x] = old[row + x] != new[row + x]
        }
        var changed = true
        while changed {
            changed = false
            for x in 0..<width where dirty[x] {
                let cell = new[row + x]
                if cell.width == 0 {
                    if x > 0 && !dirty[x - 1] {
                        dirty[x - 1] = true
                        changed = true
                    }
                    continue
                }
                // Writing over the trailing half of an old wide glyph blanks its lead.
                if old[row + x].width == 0 && x > 0 && !dirty[x - 1] {
                    dirty[x - 1] = true
                    changed = true
                }
                // Writing over the lead of an old wide glyph blanks its trailing half.
                let last = x + Int(cell.width) - 1
                if last < width && old[row + last].width == 2 && last + 1 < width && !dirty[last + 1] {
                    dirty[last + 1] = true
                    changed = true
                }
            }
        }
        return true
    }

    // MARK: - Drawing

    /// Draws one cell: the glyph's UTF-8 into the sink, after a cursor move and an SGR when
    /// needed. The common case (cursor in place, pen matching, a scalar glyph) is inlined; the
    /// rest goes through ``drawSlow(_:x:y:regionWidth:sink:bytes:)``.
    @inline(__always)
    private mutating func draw(_ cell: Cell, x: Int, y: Int, regionWidth: Int,
                               sink: inout ByteSink, bytes: inout [UInt8]) {
        let glyph = cell.glyph
        guard cursorColumn == x, cursorRow == y, glyph < GlyphTable.firstInternedID, penMatches(cell) else {
            drawSlow(cell, x: x, y: y, regionWidth: regionWidth, sink: &sink, bytes: &bytes)
            return
        }
        sink.writeScalarUTF8(glyph, flushingTo: &bytes)
        let next = x + Int(cell.width)
        cursorColumn = next >= regionWidth ? nil : next
    }

    /// ``draw(_:x:y:regionWidth:sink:bytes:)`` with a cursor move, a pen change or an interned
    /// glyph: the sink is flushed and those bytes are appended to `bytes` directly.
    @inline(never)
    private mutating func drawSlow(_ cell: Cell, x: Int, y: Int, regionWidth: Int,
                                   sink: inout ByteSink, bytes: inout [UInt8]) {
        sink.flush(to: &bytes)
        if cursorRow != y || cursorColumn != x { move(toX: x, y: y, into: &bytes) }
        if !penMatches(cell) { changePen(cell, into: &bytes) }
        glyphs.appendUTF8(of: cell.glyph, to: &bytes)
        let next = x + Int(cell.width)
        cursorColumn = next >= regionWidth ? nil : next
    }

    private mutating func endFrame(into bytes: inout [UInt8]) {
        EscapeSequence.resetAttributes.append(to: &bytes)
        pen = Pen.initial
        EscapeSequence.endSynchronizedUpdate.append(to: &bytes)
    }

    // MARK: - Cursor moves

    private mutating func move(toX x: Int, y: Int, into bytes: inout [UInt8]) {
        defer {
            cursorRow = y
            cursorColumn = x
        }
        var absolute: EscapeSequence?
        // CR goes to the screen's column 0, which is the region's column `-leftMargin`.
        var leftMargin = 0
        if case let .absolute(originRow, originColumn) = mode {
            absolute = .cursorPosition(row: originRow + y + 1, column: originColumn + x + 1)
            leftMargin = originColumn
        }
        guard let row = cursorRow else {
            absolute?.append(to: &bytes)
            return
        }
        // Vertical part.
        var vertical: EscapeSequence?
        if y > row { vertical = .cursorDown(y - row) } else if y < row { vertical = .cursorUp(row - y) }
        let verticalCost = vertical?.byteCount ?? 0
        // Horizontal part: relative to the known column, or from column 0 after CR.
        let fromStart: EscapeSequence? = leftMargin + x > 0 ? .cursorForward(leftMargin + x) : nil
        let fromStartCost = 1 + (fromStart?.byteCount ?? 0)
        var relative: EscapeSequence?
        var useCarriageReturn = true
        if let column = cursorColumn {
            if x > column { relative = .cursorForward(x - column) } else if x < column { relative = .cursorBackward(column - x) }
            if (relative?.byteCount ?? 0) <= fromStartCost { useCarriageReturn = false }
        }
        let horizontalCost = useCarriageReturn ? fromStartCost : (relative?.byteCount ?? 0)
        if let absolute, absolute.byteCount < verticalCost + horizontalCost {
            absolute.append(to: &bytes)
            return
        }
        if useCarriageReturn {
            EscapeSequence.carriageReturn.append(to: &bytes)
            vertical?.append(to: &bytes)
            fromStart?.append(to: &bytes)
        } else {
            vertical?.append(to: &bytes)
            relative?.append(to: &bytes)
        }
    }

    // MARK: - SGR

    /// A colour as the output depth renders it, packed in one word: ``outputDefault`` (0),
    /// `rgbTag | 0xrrggbb` (the same bits as ``TerminalColor/packed``), or `indexTag | n`.
    private typealias OutputColor = UInt32
    private static let outputDefault: OutputColor = 0
    private static let indexTag: OutputColor = 0x0200_0000

    /// The current rendition, raw (as in the cells, packed) and as output.
    private struct Pen {
        var foreground: UInt32
        var background: UInt32
        var attributes: CellAttributes
        var outputForeground: OutputColor
        var outputBackground: OutputColor

        static let initial = Pen(foreground: TerminalColor.packedDefault, background: TerminalColor.packedDefault,
                                 attributes: [], outputForeground: ANSIEncoder.outputDefault,
                                 outputBackground: ANSIEncoder.outputDefault)
    }

    /// The output form of a packed cell colour at this encoder's depth.
    private func output(_ color: UInt32) -> OutputColor {
        guard color & TerminalColor.rgbTag != 0 else { return Self.outputDefault }
        switch depth {
        case .truecolor: return color
        case .ansi256: return Self.indexTag | UInt32(ColorDepth.ansi256Index(for: RGBColor(packed: color)))
        case .ansi16: return Self.indexTag | UInt32(ColorDepth.ansi16Index(for: RGBColor(packed: color)))
        case .none: return Self.outputDefault
        }
    }

    /// Underline and reverse: the attributes that make a space's foreground visible.
    private static let foregroundVisibleAttributes: CellAttributes = [.underline, .reverse]

    /// A space shows no foreground (unless underlined or reversed), so its foreground is
    /// whatever makes the SGR shortest: the pen's when only the background changes, the
    /// default after a reset. Text runs separated by spaces then need no SGR at all.
    @inline(__always)
    private static func anyForeground(_ cell: Cell) -> Bool {
        cell.glyph == 0x20 && cell.attributes.isDisjoint(with: foregroundVisibleAttributes)
    }

    /// Whether the pen already draws `cell` (no SGR needed).
    @inline(__always)
    private func penMatches(_ cell: Cell) -> Bool {
        guard let pen else { return false }
        return pen.background == cell.backgroundBits && pen.attributes == cell.attributes
            && (pen.foreground == cell.foregroundBits || Self.anyForeground(cell))
    }

    /// The SGR for a pen change (when ``penMatches(_:)`` is false): the shorter of the
    /// incremental form and the reset form.
    private mutating func changePen(_ cell: Cell, into bytes: inout [UInt8]) {
        let anyForeground = Self.anyForeground(cell)
        let outputBackground = output(cell.backgroundBits)
        // Full form: reset, then everything that is not the default.
        let resetForeground = anyForeground ? TerminalColor.packedDefault : cell.foregroundBits
        let resetPen = Pen(foreground: resetForeground, background: cell.backgroundBits, attributes: cell.attributes,
                           outputForeground: output(resetForeground), outputBackground: outputBackground)
        resetScratch.removeAll(keepingCapacity: true)
        resetScratch.append(UInt8(ascii: "0"))
        Self.appendAttributes(resetPen.attributes, to: &resetScratch)
        if resetPen.outputForeground != Self.outputDefault {
            Self.appendColor(resetPen.outputForeground, background: false, depth: depth, to: &resetScratch)
        }
        if resetPen.outputBackground != Self.outputDefault {
            Self.appendColor(resetPen.outputBackground, background: true, depth: depth, to: &resetScratch)
        }
        // Incremental form: only when no attribute has to be turned off.
        if let pen, pen.attributes.isSubset(of: cell.attributes) {
            let foreground = anyForeground ? pen.foreground : cell.foregroundBits
            let target = Pen(foreground: foreground, background: cell.backgroundBits, attributes: cell.attributes,
                             outputForeground: anyForeground ? pen.outputForeground : output(foreground),
                             outputBackground: outputBackground)
            sgrScratch.removeAll(keepingCapacity: true)
            Self.appendAttributes(target.attributes.subtracting(pen.attributes), to: &sgrScratch)
            if pen.outputForeground != target.outputForeground {
                Self.appendColor(target.outputForeground, background: false, depth: depth, to: &sgrScratch)
            }
            if pen.outputBackground != target.outputBackground {
                Self.appendColor(target.outputBackground, background: true, depth: depth, to: &sgrScratch)
            }
            if sgrScratch.isEmpty {
                // Same rendition on screen (colours that downsample alike): just track the cell's.
                self.pen = target
                return
            }
            if sgrScratch.count < resetScratch.count {
                writeSGR(sgrScratch, into: &bytes)
                self.pen = target
                return
            }
        }
        writeSGR(resetScratch, into: &bytes)
        self.pen = resetPen
    }

    private func writeSGR(_ parameters: [UInt8], into bytes: inout [UInt8]) {
        bytes.append(contentsOf: EscapeSequence.controlSequenceIntroducer)
        bytes.append(contentsOf: parameters)
        bytes.append(UInt8(ascii: "m"))
    }

    private static func appendAttributes(_ attributes: CellAttributes, to parameters: inout [UInt8]) {
        guard !attributes.isEmpty else { return }
        for (attribute, code) in CellAttributes.sgrCodes where attributes.contains(attribute) {
            appendParameter(Int(code), to: &parameters)
        }
    }

    private static func appendColor(_ color: OutputColor, background: Bool, depth: ColorDepth,
                                    to parameters: inout [UInt8]) {
        if color == outputDefault {
            appendParameter(background ? 49 : 39, to: &parameters)
        } else if color & TerminalColor.rgbTag != 0 {
            appendParameter(background ? 48 : 38, to: &parameters)
            appendParameter(2, to: &parameters)
            appendParameter(Int((color >> 16) & 0xFF), to: &parameters)
            appendParameter(Int((color >> 8) & 0xFF), to: &parameters)
            appendParameter(Int(color & 0xFF), to: &parameters)
        } else {
            let index = UInt8(truncatingIfNeeded: color)
            if depth == .ansi16 {
                let base = index < 8 ? (background ? 40 : 30) : (background ? 100 : 90)
                appendParameter(base + Int(index % 8), to: &parameters)
            } else {
                appendParameter(background ? 48 : 38, to: &parameters)
                appendParameter(5, to: &parameters)
                appendParameter(Int(index), to: &parameters)
            }
        }
    }

    private static func appendParameter(_ value: Int, to parameters: inout [UInt8]) {
        if !parameters.isEmpty { parameters.append(UInt8(ascii: ";")) }
        EscapeSequence.appendDecimal(value, to: &parameters)
    }
}

/// The frame's glyph bytes, written through a pointer into a 1 KiB stack block and appended to
/// the caller's array a block at a time, so a glyph costs no per-byte uniqueness or capacity
/// check. Whoever writes to the array directly flushes the sink first, keeping the order.
private struct ByteSink {
    /// The block's size: bytes written between flushes.
    static let capacity = 1024

    let block: UnsafeMutableBufferPointer<UInt8>
    var count = 0

    /// Calls `body` with an empty sink and `bytes`, then flushes the sink to `bytes`.
    static func withSink<Result>(flushingTo bytes: inout [UInt8],
                                 _ body: (inout ByteSink, inout [UInt8]) -> Result) -> Result {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { block in
            var sink = ByteSink(block: block)
            let result = body(&sink, &bytes)
            sink.flush(to: &bytes)
            return result
        }
    }

    /// Appends the written bytes to `bytes` and empties the sink.
    @inline(__always)
    mutating func flush(to bytes: inout [UInt8]) {
        guard count > 0 else { return }
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: block[..<count]))
        count = 0
    }

    /// Writes one scalar value as UTF-8, as ``GlyphTable/appendScalarUTF8(_:to:)`` (surrogates
    /// and out-of-range values as U+FFFD).
    @inline(__always)
    mutating func writeScalarUTF8(_ scalar: UInt32, flushingTo bytes: inout [UInt8]) {
        if count > block.count - 4 { flush(to: &bytes) }
        let value = (0xD800..<0xE000).contains(scalar) || scalar >= 0x110000 ? 0xFFFD : scalar
        if value < 0x80 {
            block[count] = UInt8(truncatingIfNeeded: value)
            count += 1
        } else if value < 0x800 {
            block[count] = UInt8(truncatingIfNeeded: 0xC0 | (value >> 6))
            block[count + 1] = UInt8(truncatingIfNeeded: 0x80 | (value & 0x3F))
            count += 2
        } else if value < 0x10000 {
            block[count] = UInt8(truncatingIfNeeded: 0xE0 | (value >> 12))
            block[count + 1] = UInt8(truncatingIfNeeded: 0x80 | ((value >> 6) & 0x3F))
            block[count + 2] = UInt8(truncatingIfNeeded: 0x80 | (value & 0x3F))
            count += 3
        } else {
            block[count] = UInt8(truncatingIfNeeded: 0xF0 | (value >> 18))
            block[count + 1] = UInt8(truncatingIfNeeded: 0x80 | ((value >> 12) & 0x3F))
            block[count + 2] = UInt8(truncatingIfNeeded: 0x80 | ((value >> 6) & 0x3F))
            block[count + 3] = UInt8(truncatingIfNeeded: 0x80 | (value & 0x3F))
            count += 4
        }
    }
}
