/// The SGR (Select Graphic Rendition, `CSI` parameters `m`) parameters the encoder writes by
/// name, as ECMA-48 § 8.3.117 defines them, with the `;`-separated 256-colour (`38;5;n`) and
/// direct-colour (`38;2;r;g;b`) forms of 38 / 48 that xterm introduced (ITU T.416 separates them
/// with `:`). The codes that turn attributes on are ``CellAttributes``' own (bold 1, dim 2,
/// italic 3, underline 4, reverse 7).
enum SGRCode {
    /// 0: every attribute off and both colours to the terminal's defaults. The reset form of a
    /// pen change starts with it.
    static let reset = 0
    /// 2, after ``foregroundExtended`` or ``backgroundExtended``: a direct colour, `2;r;g;b`.
    static let directColor = 2
    /// 5, after ``foregroundExtended`` or ``backgroundExtended``: a 256-colour index, `5;n`.
    static let indexedColor = 5
    /// 22: bold and dim off (ECMA-48's "normal intensity"; no code turns off only one of them).
    static let boldAndDimOff = 22
    /// 23: italic off ("not italicized").
    static let italicOff = 23
    /// 24: underline off ("not underlined").
    static let underlineOff = 24
    /// 27: reverse video off ("positive image").
    static let reverseOff = 27
    /// 29: strikethrough off ("not crossed out").
    static let strikethroughOff = 29
    /// 30: the foreground is colour `n` of the 16-colour palette's first 8 at `30 + n`.
    static let foregroundBase = 30
    /// 38: an extended foreground colour follows (``indexedColor`` or ``directColor``).
    static let foregroundExtended = 38
    /// 39: the terminal's default foreground.
    static let foregroundDefault = 39
    /// 40: the background is colour `n` of the 16-colour palette's first 8 at `40 + n`.
    static let backgroundBase = 40
    /// 48: an extended background colour follows (``indexedColor`` or ``directColor``).
    static let backgroundExtended = 48
    /// 49: the terminal's default background.
    static let backgroundDefault = 49
    /// 90: the foreground is bright colour `8 + n` of the 16-colour palette at `90 + n`.
    static let brightForegroundBase = 90
    /// 100: the background is bright colour `8 + n` of the 16-colour palette at `100 + n`.
    static let brightBackgroundBase = 100
    /// 1: bold ("increased intensity").
    static let bold = 1
    /// 2: dim ("decreased intensity", faint).
    static let dim = 2
    /// 3: italic ("italicized").
    static let italic = 3
    /// 4: underline ("singly underlined").
    static let underline = 4
    /// 7: reverse video ("negative image").
    static let reverse = 7
    /// 9: strikethrough ("crossed-out").
    static let strikethrough = 9

    /// Each cell attribute with the SGR parameter that turns it on, in emission order.
    static let attributeCodes: [(attribute: CellAttributes, code: Int)] = [
        (.bold, bold), (.dim, dim), (.italic, italic), (.underline, underline), (.reverse, reverse),
        (.strikethrough, strikethrough),
    ]
}

/// The current rendition (the "pen"), raw (as in the cells, packed) and as output; and the
/// rules for which of a cell's bits the pen must match.
struct Pen: Equatable {
    /// A colour as the output depth renders it, packed in one word: ``outputDefault`` (0),
    /// `rgbTag | 0xrrggbb` (the same bits as ``TerminalColor/packed``), or `indexTag | n`.
    typealias OutputColor = UInt32
    /// The terminal's default colour, as output.
    static let outputDefault: OutputColor = 0
    /// The tag of a palette index (256 or 16 colours), as output.
    static let indexTag: OutputColor = 0x0200_0000

    /// The foreground, packed as in the cells (``TerminalColor/packed``).
    var foreground: UInt32
    /// The background, packed as in the cells.
    var background: UInt32
    /// The attributes on.
    var attributes: CellAttributes
    /// ``foreground`` as the output depth renders it.
    var outputForeground: OutputColor
    /// ``background`` as the output depth renders it.
    var outputBackground: OutputColor
    /// The hyperlink open on the terminal (``Cell/linkID``; 0 for none). It is tracked whether
    /// or not links are written (``SGRState/hyperlinks``), so a pen matches exactly the cells
    /// of its link; OSC 8 is sent only when they are.
    var link: UInt16 = 0

    /// The terminal's default rendition, as after SGR 0.
    static let initial = Pen(
        foreground: TerminalColor.packedDefault, background: TerminalColor.packedDefault,
        attributes: [], outputForeground: outputDefault, outputBackground: outputDefault)

    /// ``SGRState/penHigh`` when the pen is unknown: bit 63, which no cell's `high` word has, so
    /// nothing matches.
    static let unknownHigh: UInt64 = 1 << 63
    /// The bits of `high` a cell's rendition needs from the pen: background, attributes and link.
    static let renditionMask: UInt64 = 0xFFFF_FFFF | 0xFF << 40 | Cell.linkBits | unknownHigh
    /// Underline, reverse and strikethrough: the attributes that make a space's foreground visible.
    static let foregroundVisibleAttributes: CellAttributes = [.underline, .reverse, .strikethrough]
    /// The bits of `high` a plain space needs from the pen: background,
    /// ``foregroundVisibleAttributes`` and link (a space in a link's text is part of the link).
    static let plainSpaceMask: UInt64 =
        0xFFFF_FFFF | UInt64(foregroundVisibleAttributes.rawValue) << 40 | Cell.linkBits | unknownHigh

    /// The output form of a packed cell colour at `depth`: ``outputDefault`` for the default (and
    /// for every colour at ``ColorDepth/none``), the packed RGB at truecolor, `indexTag | n` for
    /// palette entry `n` at 256 or 16 colours.
    /// A palette entry (``TerminalColor/packedPalette(_:)``) stays its entry at every depth that
    /// has it: `indexTag | n` for 0–15 at every depth, and for 16–255 at truecolor and 256.
    @inline(__always)
    static func output(_ color: UInt32, depth: ColorDepth) -> OutputColor {
        guard color & TerminalColor.rgbTag != 0 else { return outputDefault }
        if color & TerminalColor.paletteFlags != 0 && depth != .none
            && (depth != .ansi16 || color & TerminalColor.palette16Flag != 0),
            let index = TerminalColor.paletteIndex(packed: color)
        {
            return indexTag | UInt32(index)
        }
        switch depth {
        case .truecolor: return color & ~TerminalColor.paletteFlags
        case .ansi256: return indexTag | UInt32(ColorDepth.ansi256Index(for: RGBColor(packed: color)))
        case .ansi16: return indexTag | UInt32(ColorDepth.ansi16Index(for: RGBColor(packed: color)))
        case .none: return outputDefault
        }
    }

    /// A plain space: U+0020 with neither underline nor reverse. It shows only its background,
    /// so its foreground, bold, dim and italic are whatever makes the SGR shortest (the pen's
    /// when only the background changes, none after a reset). Text runs separated by padding or
    /// blanked cells on the same background then need no SGR at all.
    @inline(__always)
    static func isPlainSpace(_ cell: Cell) -> Bool {
        cell.glyph == 0x20 && cell.attributes.isDisjoint(with: foregroundVisibleAttributes)
    }
}

/// The pen the terminal has (or nil when unknown) and the forming of the SGR that changes it to
/// a cell's rendition at a fixed colour depth, through ``SGRCache``.
struct SGRState {
    /// The colour depth SGR colours are downsampled to; ``ColorDepth/none`` writes no colour.
    let depth: ColorDepth

    /// The current rendition (nil when unknown).
    var pen: Pen? {
        didSet {
            penHigh =
                pen.map { UInt64($0.background) | UInt64($0.attributes.rawValue) << 40 | UInt64($0.link) << 48 }
                ?? Pen.unknownHigh
            penForeground = pen?.foreground ?? 0
        }
    }
    /// ``pen`` laid out like ``Cell``'s `high` word (background, attributes), or
    /// ``Pen/unknownHigh``.
    private(set) var penHigh: UInt64 = Pen.unknownHigh
    /// ``pen``'s packed foreground.
    private(set) var penForeground: UInt32 = 0
    /// Recent pen changes and their SGR bytes (``SGRCache``): a frame repeats the same few
    /// transitions on every row.
    private var sgrCache = SGRCache()

    /// How many bytes longer than the reset form a plain space's incremental SGR may be and
    /// still be chosen, when the reset would drop pen state the next text may need.
    static let plainSpaceSlack = 2

    /// Whether a change of link is written as OSC 8 (``EscapeSequence/openHyperlink(encodedTarget:)``);
    /// when false links are tracked (so the pen still matches cells exactly) but nothing is sent.
    var hyperlinks = false

    /// A state with the pen unknown (the first change is a reset form).
    init(depth: ColorDepth, hyperlinks: Bool = false) {
        self.depth = depth
        self.hyperlinks = hyperlinks
        pen = nil
    }

    /// Writes the OSC 8 that closes the open link, if any (and links are written), into the
    /// sink (which has room for it: ``ByteSink/escapeRoom``); the pen's link is then 0.
    mutating func closeLink(sink: inout ByteSink) {
        guard let link = pen?.link, link != 0 else { return }
        if hyperlinks {
            EscapeSequence.closeHyperlink.withUnsafeBufferPointer { bytes in
                guard let from = bytes.baseAddress, let to = sink.block.baseAddress else { return }
                (to + sink.count).update(from: from, count: bytes.count)
                sink.count += bytes.count
            }
        }
        pen?.link = 0
    }

    /// The output form of a packed cell colour at this depth.
    func output(_ color: UInt32) -> Pen.OutputColor {
        Pen.output(color, depth: depth)
    }

    /// Whether the pen already draws `cell` (no SGR needed): the same background, attributes
    /// and foreground, or for a plain space the same background and no underline or reverse.
    @inline(__always)
    func penMatches(_ cell: Cell) -> Bool {
        let high = cell.high ^ penHigh
        if high & Pen.renditionMask == 0 && cell.foregroundBits == penForeground { return true }
        return high & Pen.plainSpaceMask == 0 && Pen.isPlainSpace(cell)
    }

    /// Writes the SGR for a pen change (when ``penMatches(_:)`` is false) into the sink (which
    /// has ``ByteSink/escapeRoom``): the shorter of the incremental form (only what differs,
    /// turning attributes off with 22/23/24/27) and the reset form (`0` and everything that is
    /// not the default). For a plain space the incremental form keeps the pen's foreground,
    /// bold, dim and italic, which the text after the space most likely needs again (restoring
    /// them costs 2 to 17 bytes), so it wins even when up to ``plainSpaceSlack`` bytes longer.
    ///
    /// Then, when the cell's link differs from the pen's, the OSC 8 that opens it (or closes the
    /// open one) is written (when ``hyperlinks``; through `bytes` for a long target), and the
    /// sink again has ``ByteSink/escapeRoom``.
    @inline(__always)
    mutating func changePen(_ cell: Cell, sink: inout ByteSink, bytes: inout [UInt8]) {
        // No link open and none wanted (every plain-text frame): the SGR alone, whose pen keeps
        // link 0 (docs/decisions/0216).
        if cell.high & Cell.linkBits == 0 && (pen?.link ?? 0) == 0 {
            changeRendition(cell, sink: &sink)
        } else {
            changeLinkedPen(cell, sink: &sink, bytes: &bytes)
        }
    }

    /// ``changePen(_:sink:bytes:)`` where the cell's link or the pen's is not 0.
    @inline(never)
    private mutating func changeLinkedPen(_ cell: Cell, sink: inout ByteSink, bytes: inout [UInt8]) {
        let openLink = pen?.link ?? 0
        let link = cell.linkID
        var rendition = cell
        rendition.linkID = openLink
        if !penMatches(rendition) { changeRendition(rendition, sink: &sink) }
        pen?.link = openLink
        guard link != openLink else { return }
        if hyperlinks {
            LinkTable.shared.opening(link).withUnsafeBufferPointer { sink.write($0, flushingTo: &bytes) }
            sink.reserve(ByteSink.escapeRoom, flushingTo: &bytes)
        }
        pen?.link = link
    }

    /// ``changePen(_:sink:bytes:)``'s SGR: the colours and attributes, the link left as it is.
    private mutating func changeRendition(_ cell: Cell, sink: inout ByteSink) {
        guard let pen else {
            formPenChange(cell, sink: &sink)
            return
        }
        let key = SGRCache.Key(
            from: pen.foreground, pen.background, pen.attributes, to: cell,
            plainSpace: Pen.isPlainSpace(cell))
        if let cached = sgrCache.lookUp(key, writingTo: &sink) {
            self.pen = cached
            return
        }
        let start = sink.count
        formPenChange(cell, sink: &sink)
        if let formed = self.pen { sgrCache.store(key, pen: formed, bytes: sink.block, from: start, to: sink.count) }
    }

    /// ``changePen(_:sink:)`` without the cache: forms both SGRs and keeps the shorter.
    private mutating func formPenChange(_ cell: Cell, sink: inout ByteSink) {
        let plainSpace = Pen.isPlainSpace(cell)
        let outputBackground = output(cell.backgroundBits)
        // Reset form: a plain space keeps no foreground and no attributes.
        let resetForeground = plainSpace ? TerminalColor.packedDefault : cell.foregroundBits
        let resetPen = Pen(
            foreground: resetForeground, background: cell.backgroundBits,
            attributes: plainSpace ? [] : cell.attributes,
            outputForeground: output(resetForeground), outputBackground: outputBackground)
        let start = sink.count
        let resetEnd = writeResetForm(resetPen, block: sink.block, start: start)
        guard let pen else {
            sink.count = resetEnd
            self.pen = resetPen
            return
        }
        // Incremental form, written after the reset form: a plain space keeps the pen's
        // foreground, bold, dim and italic.
        let target = Pen(
            foreground: plainSpace ? pen.foreground : cell.foregroundBits,
            background: cell.backgroundBits,
            attributes: plainSpace
                ? pen.attributes.subtracting(Pen.foregroundVisibleAttributes)
                : cell.attributes,
            outputForeground: plainSpace ? pen.outputForeground : output(cell.foregroundBits),
            outputBackground: outputBackground)
        guard let changesEnd = writeIncrementalForm(from: pen, to: target, block: sink.block, start: resetEnd) else {
            // Same rendition on screen (colours that downsample alike): just track the cell's.
            sink.count = start
            self.pen = target
            return
        }
        let keepsMore = plainSpace && (pen.foreground != resetPen.foreground || pen.attributes != resetPen.attributes)
        if changesEnd - resetEnd <= resetEnd - start + (keepsMore ? Self.plainSpaceSlack : 0) {
            let length = changesEnd - resetEnd
            guard let base = sink.block.baseAddress else { return }
            (base + start).update(from: base + resetEnd, count: length)
            sink.count = start + length
            self.pen = target
        } else {
            sink.count = resetEnd
            self.pen = resetPen
        }
    }

    /// Writes the reset form of a change to `pen` (`0`, its attributes, its colours that are not
    /// the default) at `start` of `block`; returns its end.
    @inline(__always)
    private func writeResetForm(_ pen: Pen, block: UnsafeMutableBufferPointer<UInt8>, start: Int) -> Int {
        var parameters = SGRWriter(sink: block, start: start)
        parameters.append(SGRCode.reset)
        parameters.appendAttributes(pen.attributes)
        if pen.outputForeground != Pen.outputDefault {
            parameters.appendColor(pen.outputForeground, background: false, depth: depth)
        }
        if pen.outputBackground != Pen.outputDefault {
            parameters.appendColor(pen.outputBackground, background: true, depth: depth)
        }
        return parameters.finish()
    }

    /// Writes the incremental form of a change from `pen` to `target` (the attributes it turns
    /// off, those it turns on, the colours that differ on screen) at `start` of `block`; returns
    /// its end, or nil when nothing differs on screen.
    @inline(__always)
    private func writeIncrementalForm(
        from pen: Pen, to target: Pen, block: UnsafeMutableBufferPointer<UInt8>, start: Int
    ) -> Int? {
        var changes = SGRWriter(sink: block, start: start)
        var attributes = pen.attributes
        let removed = attributes.subtracting(target.attributes)
        if !removed.isDisjoint(with: [.bold, .dim]) {
            changes.append(SGRCode.boldAndDimOff)
            attributes.subtract([.bold, .dim])
        }
        if removed.contains(.italic) { changes.append(SGRCode.italicOff) }
        if removed.contains(.underline) { changes.append(SGRCode.underlineOff) }
        if removed.contains(.reverse) { changes.append(SGRCode.reverseOff) }
        if removed.contains(.strikethrough) { changes.append(SGRCode.strikethroughOff) }
        changes.appendAttributes(target.attributes.subtracting(attributes))
        if pen.outputForeground != target.outputForeground {
            changes.appendColor(target.outputForeground, background: false, depth: depth)
        }
        if pen.outputBackground != target.outputBackground {
            changes.appendColor(target.outputBackground, background: true, depth: depth)
        }
        return changes.isEmpty ? nil : changes.finish()
    }
}

/// Writes one SGR (`CSI` parameters `m`) through a pointer into a ``ByteSink``'s block, from
/// `start`; the caller has made room (``ByteSink/escapeRoom`` covers two full SGRs).
///
/// No sequence gets more than ``maximumParameters`` parameters: a colour that would pass it
/// starts a second SGR (mlterm drops a whole SGR of more than 10, and bold with two direct
/// colours is 11). A colour's parameters are never split between two sequences.
struct SGRWriter {
    /// The most parameters one SGR may have: what every common terminal accepts (mlterm 3.9
    /// accepts 10; xterm, VTE, kitty, alacritty and urxvt more, st 16).
    static let maximumParameters = 10

    let pointer: UnsafeMutablePointer<UInt8>
    let start: Int
    var count: Int
    /// The parameters written into the current sequence.
    private var parameters = 0
    /// Whether any parameter has been written (into this or an earlier sequence).
    private(set) var wroteAny = false

    init(sink block: UnsafeMutableBufferPointer<UInt8>, start: Int) {
        // The sink's block always has a base address (its capacity is not 0).
        pointer = block.baseAddress.unsafelyUnwrapped
        self.start = start
        count = start + EscapeSequence.writeIntroducer(to: pointer + start)
    }

    /// Whether no parameter has been written.
    var isEmpty: Bool { !wroteAny }

    /// Writes the final byte; returns the end offset.
    mutating func finish() -> Int {
        pointer[count] = UInt8(ascii: "m")
        return count + 1
    }

    /// Ends the current sequence and starts the next when `needed` more parameters would not
    /// fit in it.
    @inline(__always)
    mutating func makeRoom(for needed: Int) {
        guard parameters + needed > Self.maximumParameters else { return }
        count = finish()
        count += EscapeSequence.writeIntroducer(to: pointer + count)
        parameters = 0
    }

    /// Writes one parameter (after a `;` unless it is the first of its sequence).
    @inline(__always)
    mutating func append(_ value: Int) {
        if parameters != 0 {
            pointer[count] = UInt8(ascii: ";")
            count += 1
        }
        parameters += 1
        wroteAny = true
        count += EscapeSequence.writeDecimal(value, to: pointer + count)
    }

    /// Writes the codes that turn `attributes` on, in ``SGRCode/attributeCodes``' order.
    mutating func appendAttributes(_ attributes: CellAttributes) {
        guard !attributes.isEmpty else { return }
        for (attribute, code) in SGRCode.attributeCodes where attributes.contains(attribute) {
            makeRoom(for: 1)
            append(code)
        }
    }

    /// Writes an output colour (``Pen/OutputColor``) as a foreground or background: 39 / 49
    /// for the default, `38;2;r;g;b` / `48;2;r;g;b` for RGB, and for a palette index `n` at
    /// ``ColorDepth/ansi16``, or for an index below 16 at any depth (a palette entry),
    /// `30 + n` / `40 + n` (n < 8) or `90 + n − 8` / `100 + n − 8`, otherwise `38;5;n` / `48;5;n`.
    mutating func appendColor(_ color: Pen.OutputColor, background: Bool, depth: ColorDepth) {
        if color == Pen.outputDefault {
            makeRoom(for: 1)
            append(background ? SGRCode.backgroundDefault : SGRCode.foregroundDefault)
        } else if color & TerminalColor.rgbTag != 0 {
            makeRoom(for: 5)
            append(background ? SGRCode.backgroundExtended : SGRCode.foregroundExtended)
            append(SGRCode.directColor)
            append(Int((color >> 16) & 0xFF))
            append(Int((color >> 8) & 0xFF))
            append(Int(color & 0xFF))
        } else {
            let index = UInt8(truncatingIfNeeded: color)
            if depth == .ansi16 || index < 16 {
                let base =
                    index < 8
                    ? (background ? SGRCode.backgroundBase : SGRCode.foregroundBase)
                    : (background ? SGRCode.brightBackgroundBase : SGRCode.brightForegroundBase)
                makeRoom(for: 1)
                append(base + Int(index % 8))
            } else {
                makeRoom(for: 3)
                append(background ? SGRCode.backgroundExtended : SGRCode.foregroundExtended)
                append(SGRCode.indexedColor)
                append(Int(index))
            }
        }
    }
}
