import Testing

@testable import FoldCycle

/// `CellBuffer.normalizeWideClusters(rows:columns:)`, the pass the compositor runs after a
/// forward-placed layer that wrote only its bounding box: the same cells as the full pass.
@Suite("Wide-cluster normalizing of a written region")
struct NormalizeRegionTests {
    /// A 64-bit linear congruential generator (Knuth's MMIX constants): the same cells on every
    /// run.
    struct Generator {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(truncatingIfNeeded: state >> 33) % bound
        }
    }

    static let wide = Cell(glyph: 0x4E00, width: 2, background: .rgb(RGBColor(red: 200, green: 0, blue: 0)))
    static let narrow = Cell(glyph: 0x61, background: .rgb(RGBColor(red: 0, green: 0, blue: 200)))

    /// A `width` × `height` buffer of narrow glyphs and whole wide clusters (the invariant holds).
    static func normalizedBuffer(width: Int, height: Int, generator: inout Generator) -> CellBuffer {
        var buffer = CellBuffer(width: width, height: height)
        for y in 0..<height {
            var x = 0
            while x < width {
                if x + 1 < width && generator.next(2) == 0 {
                    buffer[x, y] = wide
                    buffer[x + 1, y] = .continuation(of: wide)
                    x += 2
                } else {
                    buffer[x, y] = narrow
                    x += 1
                }
            }
        }
        return buffer
    }

    @Test(
        "a region pass after writes inside the region equals the full pass",
        arguments: [
            (1, 0..<4, 0..<12), (2, 1..<3, 3..<9), (3, 0..<1, 0..<1), (4, 2..<4, 11..<12), (5, 0..<4, 5..<6),
            (6, 1..<2, 1..<11), (7, 3..<4, 0..<2), (8, 0..<4, 10..<12), (9, 0..<2, 2..<3), (10, 1..<4, 4..<8),
        ])
    func regionEqualsFullPass(seed: UInt64, rows: Range<Int>, columns: Range<Int>) {
        var generator = Generator(state: seed)
        for _ in 0..<50 {
            var buffer = Self.normalizedBuffer(width: 12, height: 4, generator: &generator)
            // Cell-by-cell writes inside the region: narrow glyphs, leads and continuations.
            for _ in 0..<generator.next(8) + 1 {
                let x = columns.lowerBound + generator.next(columns.count)
                let y = rows.lowerBound + generator.next(rows.count)
                switch generator.next(3) {
                case 0: buffer[x, y] = Self.narrow
                case 1: buffer[x, y] = Self.wide
                default: buffer[x, y] = .continuation(of: Self.wide)
                }
            }
            var full = buffer
            full.normalizeWideClusters()
            buffer.normalizeWideClusters(rows: rows, columns: columns)
            #expect(buffer.cells == full.cells)
        }
    }

    @Test("a lead left of the region and a continuation right of it lose their overwritten halves")
    func edgesOfTheRegion() {
        var buffer = CellBuffer(width: 6, height: 1)
        buffer[0, 0] = Self.wide
        buffer[1, 0] = .continuation(of: Self.wide)
        buffer[3, 0] = Self.wide
        buffer[4, 0] = .continuation(of: Self.wide)
        // Columns 1...3 are written: the lead at 0 lost its continuation, the continuation at 4
        // its lead.
        buffer[1, 0] = Self.narrow
        buffer[3, 0] = Self.narrow
        buffer.normalizeWideClusters(rows: 0..<1, columns: 1..<4)
        let red = TerminalColor.rgb(RGBColor(red: 200, green: 0, blue: 0))
        #expect(
            buffer.cells == [
                .space(background: red), Self.narrow, .blank, Self.narrow, .space(background: red), .blank,
            ])
    }
}
