/// The constants of alpha-blending one layer's cells over what is below them, shared by every
/// drawing path (``DrawContext``, ``ProjectiveDraw``). The blend functions are protocol
/// extension methods, so each conforming type gets them statically dispatched and inlined.
protocol LayerBlending {
    /// The clamped alpha quantized to n/256 for fixed-point blending (256: copy unchanged).
    var alpha256: UInt32 { get }
    /// ``Compositor/backgroundColor`` as `0x00rrggbb`.
    var backgroundRGB: UInt32 { get }
    /// ``Compositor/foregroundColor`` as `0x00rrggbb`.
    var foregroundRGB: UInt32 { get }
    /// ``Compositor/colorDepth``: blended colours are snapped to what it shows.
    var colorDepth: ColorDepth { get }
}

/// The last two colour blends of a layer draw: cells in a run mostly share their colours and the
/// colours below, or alternate between two (text and the spaces between words), so most blends
/// are a two-word compare or two.
struct BlendMemo {
    /// Foreground (high half) and background (low half) of the top cell; all ones (no
    /// packed colour has those bits) before the first blend.
    var top: UInt64 = ~0
    /// The same for the cell below.
    var below: UInt64 = 0
    /// The blended foreground (high half) and background (low half).
    var result: UInt64 = 0
    /// The blend before the last one.
    var previousTop: UInt64 = ~0
    var previousBelow: UInt64 = 0
    var previousResult: UInt64 = 0
    /// The last background blend of an edge cell (``LayerBlending/blendedBackground(_:below:memo:)``):
    /// the face's colour (high half) and the one below (low half), all ones before the first;
    /// and its result. An edge row or column mostly blends the same two colours, and below
    /// truecolor each blend is snapped to the palette, which costs a search.
    var edgeColours: UInt64 = ~0
    var edgeResult: UInt32 = 0
}

/// Alpha blending of a layer's cells over what is below them.
extension LayerBlending {

    /// ``blended(_:below:)`` through `memo`.
    @inline(__always)
    func blended(_ cell: Cell, below: Cell, memo: inout BlendMemo) -> Cell {
        guard alpha256 < 256 else { return cell }
        let below = Self.shown(below)
        if alpha256 >= 128, Self.competes(cell, below: below) { return crossFaded(cell, below: below) }
        let top = cell.low & 0xFFFF_FFFF_0000_0000 | cell.high & 0xFFFF_FFFF
        let under = below.low & 0xFFFF_FFFF_0000_0000 | below.high & 0xFFFF_FFFF
        let colours: UInt64
        if top == memo.top && under == memo.below {
            colours = memo.result
        } else if top == memo.previousTop && under == memo.previousBelow {
            colours = memo.previousResult
        } else {
            let result = blended(cell, below: below)
            colours = result.low & 0xFFFF_FFFF_0000_0000 | result.high & 0xFFFF_FFFF
            memo = BlendMemo(
                top: top, below: under, result: colours, previousTop: memo.top, previousBelow: memo.below,
                previousResult: memo.result)
        }
        var result = cell
        result.low = cell.low & 0xFFFF_FFFF | colours & 0xFFFF_FFFF_0000_0000
        result.high = cell.high & 0xFFFF_FFFF_0000_0000 | colours & 0xFFFF_FFFF
        return result
    }

    /// `cell` over `below` with the layer's alpha: both colours blended in packed RGB (a
    /// default foreground counts as the foreground colour, any other default as the background
    /// colour) and snapped to ``colorDepth`` (``quantized(_:)``); at alpha 256/256 the cell
    /// unchanged.
    @inline(__always)
    func blended(_ cell: Cell, below: Cell) -> Cell {
        guard alpha256 < 256 else { return cell }
        let below = Self.shown(below)
        if alpha256 >= 128, Self.competes(cell, below: below) { return crossFaded(cell, below: below) }
        var result = cell
        let foreground = TerminalColor.resolved(packed: cell.foregroundBits, fallback: foregroundRGB)
        let belowForeground = TerminalColor.resolved(packed: below.foregroundBits, fallback: backgroundRGB)
        result.foregroundBits =
            TerminalColor.rgbTag
            | quantized(RGBColor.blend(packed: foreground, over: belowForeground, alpha256: alpha256))
        result.backgroundBits = blendedBackground(cell.backgroundBits, below: below.backgroundBits)
        return result
    }

    /// Whether `cell`'s glyph and the glyph `below` it compete for the cell: the one below is not
    /// a space (a glyph, or half of a wide one) and the two differ. A blend cannot show two
    /// glyphs at once, so such a cell cross-fades them: from alpha 1/2 the layer's glyph, its ink
    /// faded toward the cell's background by `2·alpha − 1` (``crossFaded(_:below:)``); below 1/2
    /// the glyph below, faded by `1 − 2·alpha` (``CrossFade``).
    @inline(__always)
    static func competes(_ cell: Cell, below: Cell) -> Bool {
        (below.glyph != 0x20 || below.width != 1) && (below.glyph != cell.glyph || below.width != cell.width)
    }

    /// A cell where `cell`'s glyph competes with the one `below` (``competes(_:below:)``) at an
    /// alpha of at least 1/2: the layer's cell, its background blended as ever, its foreground
    /// blended toward that background by how far the alpha is from 1/2 (`2·alpha − 1`), so the
    /// swap is invisible and the new text fades in (docs/DESIGN.md#compositing). `below` as
    /// shown (not reversed).
    @inline(__always)
    func crossFaded(_ cell: Cell, below: Cell) -> Cell {
        let background = blendedBackground(cell.backgroundBits, below: below.backgroundBits)
        var result = cell
        result.foregroundBits = faded(cell.foregroundBits, toward: background, by: 2 &* alpha256 &- 256)
        result.backgroundBits = background
        return result
    }

    /// A packed foreground (a default one counts as the foreground colour) blended toward the
    /// packed `background`, `strength`/256 of the foreground left, snapped to ``colorDepth``.
    @inline(__always)
    func faded(_ foreground: UInt32, toward background: UInt32, by strength: UInt32) -> UInt32 {
        let ink = TerminalColor.resolved(packed: foreground, fallback: foregroundRGB)
        let paper = TerminalColor.resolved(packed: background, fallback: backgroundRGB)
        return TerminalColor.rgbTag | quantized(RGBColor.blend(packed: ink, over: paper, alpha256: strength))
    }

    /// `cell` with its colours as the terminal shows them: a reversed cell (an edge cell whose
    /// filled part is the default background, ``edgeCell(glyph:ink:paper:)``) with its foreground
    /// and background swapped, so blending over it sees the same colours as over an unreversed one.
    @inline(__always)
    static func shown(_ cell: Cell) -> Cell {
        guard cell.attributes.contains(.reverse) else { return cell }
        var shown = cell
        shown.foregroundBits = cell.backgroundBits
        shown.backgroundBits = cell.foregroundBits
        shown.attributes.remove(.reverse)
        return shown
    }

    /// A packed background `colour` over the packed `below` with the layer's alpha (defaults
    /// count as the background colour), snapped to ``colorDepth``; at alpha 256/256 `colour`
    /// unchanged.
    @inline(__always)
    func blendedBackground(_ colour: UInt32, below: UInt32) -> UInt32 {
        guard alpha256 < 256 else { return colour }
        let top = TerminalColor.resolved(packed: colour, fallback: backgroundRGB)
        return TerminalColor.rgbTag
            | quantized(
                RGBColor.blend(
                    packed: top, over: TerminalColor.resolved(packed: below, fallback: backgroundRGB),
                    alpha256: alpha256))
    }

    /// ``blendedBackground(_:below:)`` through `memo`.
    @inline(__always)
    func blendedBackground(_ colour: UInt32, below: UInt32, memo: inout BlendMemo) -> UInt32 {
        guard alpha256 < 256 else { return colour }
        let colours = UInt64(colour) << 32 | UInt64(below)
        if colours == memo.edgeColours { return memo.edgeResult }
        let result = blendedBackground(colour, below: below)
        memo.edgeColours = colours
        memo.edgeResult = result
        return result
    }

    /// A blended `0x00rrggbb` as the output shows it (``ColorDepth/paletteColor(for:)``): itself
    /// at truecolor, the palette entry's RGB at 256 or 16 colours. Frames then differ where the
    /// output does: a fading colour whose palette entry stays the same stays the same colour, so
    /// the diff encoder does not redraw it (docs/DESIGN.md#compositing).
    @inline(__always)
    func quantized(_ rgb: UInt32) -> UInt32 {
        switch colorDepth {
        case .truecolor, .none: return rgb
        case .ansi256, .ansi16: return colorDepth.paletteColor(for: RGBColor(packed: rgb)).packed
        }
    }
}
