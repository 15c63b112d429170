@testable import FoldCycle

/// The property tests draw from the package's SplitMix64 (`SeededGenerator`), so they
/// are reproducible.
extension SeededGenerator {
    /// A number in `0 ..< bound`: `next() % bound`.
    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
}

/// Seeded random frames for the encoder's property tests (``ANSIEncoderPropertyTests``,
/// ``ReferenceEncoderTests``): random cells, card-like zones, edits and blank tails.
enum RandomFrames {
    static let alphabet: [Character] = ["a", "b", " ", "你", "界", "e\u{301}", "\u{1F44D}\u{1F3FD}", "\u{2584}"]
    static let colours: [TerminalColor] = [.default, red, navy, .rgb(RGBColor(red: 10, green: 200, blue: 30))]

    static func randomBuffer(_ random: inout SeededGenerator, width: Int, height: Int) -> CellBuffer {
        var buffer = CellBuffer(width: width, height: height)
        for y in 0..<height { fillRow(&buffer, y: y, from: 0, &random) }
        return buffer
    }

    static func randomCell(_ random: inout SeededGenerator) -> Cell {
        Cell(
            alphabet[random.below(alphabet.count)], foreground: colours[random.below(colours.count)],
            background: colours[random.below(colours.count)], attributes: random.below(3) == 0 ? .bold : [])
    }

    static func fillRow(_ buffer: inout CellBuffer, y: Int, from start: Int, _ random: inout SeededGenerator) {
        var x = start
        while x < buffer.width {
            var cell = randomCell(&random)
            if cell.width == 2 && x + 1 >= buffer.width { cell = Cell("z") }
            buffer[x, y] = cell
            if cell.width == 2 {
                buffer[x + 1, y] = .continuation(of: cell)
                x += 2
            } else {
                x += 1
            }
        }
    }

    /// Fills row `y` of `buffer` with text drawn from `glyphs` (one draw a glyph; a wide one that
    /// would cross the right edge becomes "z"), each cell styled by `style`, a wide glyph followed
    /// by its continuation.
    static func fillText(
        _ buffer: inout CellBuffer, y: Int, glyphs: [Character], _ random: inout SeededGenerator,
        style: (inout Cell) -> Void
    ) {
        var x = 0
        while x < buffer.width {
            var cell = Cell(glyphs[random.below(glyphs.count)])
            if cell.width == 2 && x + 1 >= buffer.width { cell = Cell("z") }
            style(&cell)
            buffer[x, y] = cell
            if cell.width == 2 { buffer[x + 1, y] = .continuation(of: cell) }
            x += Int(cell.width)
        }
    }

    /// B from A: a few random cells (or runs) re-drawn, so both small and large diffs occur.
    static func mutate(_ buffer: CellBuffer, _ random: inout SeededGenerator) -> CellBuffer {
        var result = buffer
        let edits = random.below(6)
        for _ in 0..<edits {
            let y = random.below(buffer.height)
            let x = random.below(buffer.width)
            var cell = randomCell(&random)
            if cell.width == 2 && x + 1 >= buffer.width { cell = Cell("q") }
            result[x, y] = cell
            if cell.width == 2 { result[x + 1, y] = .continuation(of: cell) }
        }
        if random.below(4) == 0 {
            fillRow(&result, y: random.below(buffer.height), from: random.below(buffer.width), &random)
        }
        result.normalizeWideClusters()
        return result
    }

    /// Ends some rows with a run of default blanks (the card narrower than the region), which the
    /// encoder erases with EL.
    static func blankTails(_ buffer: inout CellBuffer, _ random: inout SeededGenerator) {
        for y in 0..<buffer.height where random.below(2) == 0 {
            for x in random.below(buffer.width + 1)..<buffer.width { buffer[x, y] = .blank }
        }
        buffer.normalizeWideClusters()
    }

    /// A card-like row: zones of one background and text colour each (plain-space padding, words,
    /// wide glyphs, the odd underlined or reversed space), so diffs have long runs of spaces to
    /// erase and several colour zones per row to draw in passes.
    static func zonedBuffer(_ random: inout SeededGenerator, width: Int, height: Int) -> CellBuffer {
        var buffer = CellBuffer(width: width, height: height)
        for y in 0..<height {
            var x = 0
            while x < width {
                let zoneEnd = min(width, x + 1 + random.below(width))
                let background = colours[random.below(colours.count)]
                let foreground = colours[random.below(colours.count)]
                let attributes: CellAttributes = random.below(2) == 0 ? .bold : []
                while x < zoneEnd {
                    let roll = random.below(10)
                    var cell: Cell
                    if roll < 5 {
                        cell = .space(background: background)
                    } else if roll == 5 {
                        cell = Cell(
                            glyph: 0x20, foreground: foreground, background: background,
                            attributes: random.below(2) == 0 ? .underline : .reverse)
                    } else {
                        let glyph = alphabet[random.below(alphabet.count)]
                        cell = Cell(glyph, foreground: foreground, background: background, attributes: attributes)
                    }
                    if cell.width == 2 && x + 1 >= width { cell = .space(background: background) }
                    buffer[x, y] = cell
                    if cell.width == 2 {
                        buffer[x + 1, y] = .continuation(of: cell)
                        x += 2
                    } else {
                        x += 1
                    }
                }
            }
        }
        return buffer
    }
}
