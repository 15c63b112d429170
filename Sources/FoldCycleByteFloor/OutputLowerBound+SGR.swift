import FoldCycle

// The floor's SGR term: the pens the changed cells need and the cheapest SGR into each
// (docs/PERFORMANCE.md#the-lower-bound, term 5).

extension OutputLowerBound {
    /// A pen a changed glyph needs: its output colours (0 default, RGB + 1, or palette index +
    /// 1) and attributes.
    struct NeededPen: Hashable {
        var foreground: Int
        var background: Int
        var attributes: UInt8
    }

    /// The SGR floor: the pens the changed glyphs need, and for each background of changed plain
    /// spaces that no such pen has, one pen with that background. Each pen but one must be
    /// entered at least once by an SGR from the pen before it, which is another needed pen (a pen
    /// no cell needs in between never makes the two SGRs cheaper than one); so the floor is the
    /// sum, over the needed pens, of the cheapest SGR into each from another, less the largest
    /// of those (the pen the frame may start in). Also each glyph pen's cheapest SGR into it.
    func sgrBytes(pens: Set<NeededPen>, blankBackgrounds: Set<Int>) -> (total: Int, entries: [NeededPen: Int]) {
        let glyphPens = Array(pens)
        let glyphBackgrounds = Set(glyphPens.map(\.background))
        let blankOnly = blankBackgrounds.subtracting(glyphBackgrounds).sorted()
        let needed = glyphPens.map { Needed.glyph($0) } + blankOnly.map { Needed.blank(background: $0) }
        guard needed.count > 1 else { return (0, Dictionary(uniqueKeysWithValues: glyphPens.map { ($0, 0) })) }
        var entries: [Int] = []
        var byPen: [NeededPen: Int] = [:]
        for (i, target) in needed.enumerated() {
            var cheapest = Int.max
            for (j, source) in needed.enumerated() where j != i {
                cheapest = min(cheapest, sgrCost(from: source, to: target))
            }
            entries.append(cheapest)
            if case .glyph(let pen) = target { byPen[pen] = cheapest }
        }
        return (entries.reduce(0, +) - (entries.max() ?? 0), byPen)
    }

    /// A needed pen: a glyph's whole rendition, or a plain space's background alone (its
    /// foreground, bold, dim and italic do not show).
    enum Needed {
        case glyph(NeededPen)
        case blank(background: Int)
    }

    /// The fewest bytes of an SGR sequence from `source` to `target`: `CSI`, the parameters and
    /// `m`, with either only the parameters that change (unknown parts of a blank's pen taken as
    /// already right) or the reset form (`CSI ; …m`: 0 then the target's non-default parts).
    func sgrCost(from source: Needed, to target: Needed) -> Int {
        // Characters of the changed parameters, and their count (separators: count − 1).
        var changed = 0
        var count = 0
        func add(_ length: Int) {
            changed += length
            count += 1
        }
        var resetForm = 0
        switch target {
        case .blank(let background):
            add(parameterLength(background, background: true))
            if case .glyph(let pen) = source {
                // Underline, reverse or strikethrough off (24, 27, 29): a plain space shows neither.
                for _ in 0..<Self.offCodeCount(pen.attributes & Self.blankVisibleAttributes) { add(2) }
            }
            resetForm = background == 0 ? 0 : parameterLength(background, background: true) + 1
        case .glyph(let pen):
            if case .glyph(let sourcePen) = source {
                if sourcePen.foreground != pen.foreground { add(parameterLength(pen.foreground, background: false)) }
                if sourcePen.background != pen.background { add(parameterLength(pen.background, background: true)) }
                for _ in 0..<(pen.attributes & ~sourcePen.attributes).nonzeroBitCount { add(1) }
                for _ in 0..<Self.offCodeCount(sourcePen.attributes & ~pen.attributes) { add(2) }
            } else {
                // From a blank's pen: only its background is known, and it differs.
                add(parameterLength(pen.background, background: true))
            }
            if pen.foreground != 0 { resetForm += parameterLength(pen.foreground, background: false) + 1 }
            if pen.background != 0 { resetForm += parameterLength(pen.background, background: true) + 1 }
            resetForm += 2 * pen.attributes.nonzeroBitCount
        }
        let incremental = count == 0 ? 0 : changed + count - 1
        return 3 + min(incremental, resetForm)
    }

    /// Underline, reverse and strikethrough, as ``CellAttributes`` bits: the attributes that show on a space.
    static let blankVisibleAttributes: UInt8 =
        CellAttributes.underline.rawValue | CellAttributes.reverse.rawValue | CellAttributes.strikethrough.rawValue

    /// How many SGR codes turn `attributes` off: 22 (bold and dim together), 23, 24, 27.
    static func offCodeCount(_ attributes: UInt8) -> Int {
        let boldOrDim = CellAttributes.bold.rawValue | CellAttributes.dim.rawValue
        return (attributes & boldOrDim != 0 ? 1 : 0) + (attributes & ~boldOrDim).nonzeroBitCount
    }

    /// The characters of the shortest SGR parameter that sets a colour (as ``output(_:)`` gives
    /// it): 2 for the default (39, 49); at truecolor `38;2;r;g;b`; at 256 or 16 colours `3n`,
    /// `4n`, `9n` or `10n` below 16, `38;5;n` above.
    func parameterLength(_ color: Int, background: Bool) -> Int {
        guard color != 0 else { return 2 }
        let value = color - 1
        switch depth {
        case .truecolor where color >= Self.truecolorPaletteBase:
            let index = color - Self.truecolorPaletteBase
            if index < 8 { return 2 }
            if index < 16 { return background ? 3 : 2 }
            return 5 + Self.digits(index)
        case .truecolor:
            return 7 + Self.digits(value >> 16 & 0xFF) + Self.digits(value >> 8 & 0xFF) + Self.digits(value & 0xFF)
        case .ansi256, .ansi16:
            if value < 8 { return 2 }
            if value < 16 { return background ? 3 : 2 }
            return 5 + Self.digits(value)
        case .none:
            return 2
        }
    }

    static func digits(_ value: Int) -> Int { value < 10 ? 1 : value < 100 ? 2 : 3 }
}
