import FoldCycle

/// The lower bound of a frame's bytes in the output's colour space: the UTF-8 bytes of the
/// glyphs of the cells whose output form changed since the previous frame. A cell's output form
/// is its glyph, width, attributes and its two colours as the depth sends them (an RGB colour at
/// truecolor, a palette index at 256 or 16 colours, the terminal's default as itself; no colour
/// at all at ``ColorDepth/none``), so two RGB colours that downsample to the same palette entry
/// count as the same. Continuation cells, which print nothing, count 0.
///
/// No encoder can send less than this before a single escape byte (it may send fewer *glyph*
/// bytes only by erasing runs of spaces with ECH, which the ratio then shows as below 1).
struct OutputLowerBound {
    /// The depth whose colour space the cells are compared in.
    let depth: ColorDepth
    /// Output colours already computed: packed palette index + 1, 0 for the default.
    private var indexByColor: [RGBColor: Int] = [:]
    private var scratch: [UInt8] = []

    init(depth: ColorDepth) {
        self.depth = depth
    }

    /// The bound for drawing `current` over `previous` (all of `current` when the sizes differ).
    mutating func bytes(previous: CellBuffer, current: CellBuffer) -> Int {
        guard previous.width == current.width, previous.height == current.height else {
            var total = 0
            for cell in current.cells { total += utf8Count(cell) }
            return total
        }
        var total = 0
        previous.cells.withUnsafeBufferPointer { old in
            current.cells.withUnsafeBufferPointer { new in
                for index in new.indices where old[index] != new[index] && outputDiffers(old[index], new[index]) {
                    total += utf8Count(new[index])
                }
            }
        }
        return total
    }

    /// Whether two cells that differ somewhere differ in their output form.
    private mutating func outputDiffers(_ a: Cell, _ b: Cell) -> Bool {
        guard a.glyph == b.glyph, a.width == b.width, a.attributes == b.attributes else { return true }
        return output(a.foreground) != output(b.foreground) || output(a.background) != output(b.background)
    }

    /// A colour as the depth sends it: 0 for the default, the RGB value + 1 at truecolor, the
    /// palette index + 1 at 256 or 16 colours; every colour is 0 at ``ColorDepth/none``.
    private mutating func output(_ color: TerminalColor) -> Int {
        guard case .rgb(let rgb) = color else { return 0 }
        switch depth {
        case .truecolor: return 1 + (Int(rgb.red) << 16 | Int(rgb.green) << 8 | Int(rgb.blue))
        case .none: return 0
        case .ansi256, .ansi16:
            if let known = indexByColor[rgb] { return known }
            let index =
                1 + Int(depth == .ansi256 ? ColorDepth.ansi256Index(for: rgb) : ColorDepth.ansi16Index(for: rgb))
            indexByColor[rgb] = index
            return index
        }
    }

    private mutating func utf8Count(_ cell: Cell) -> Int {
        guard !cell.isContinuation else { return 0 }
        let glyph = cell.glyph
        // A scalar value's UTF-8 length (surrogates are written as U+FFFD, 3 bytes); an interned
        // cluster's from the table.
        guard glyph >= GlyphTable.firstInternedID else {
            return glyph < 0x80 ? 1 : glyph < 0x800 ? 2 : glyph < 0x10000 ? 3 : 4
        }
        scratch.removeAll(keepingCapacity: true)
        GlyphTable.shared.appendUTF8(of: glyph, to: &scratch)
        return scratch.count
    }
}
