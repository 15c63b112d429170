import FoldCycleTestSupport
import Testing

@testable import FoldCycle

@Suite("Cells, colours, glyphs and buffers")
struct CellTests {
    @Test(
        "colour parsing",
        arguments: [
            ("#ff8800", RGBColor(red: 255, green: 136, blue: 0)), ("#FFFFFF", .white), ("#000000", .black),
            ("black", .black), ("white", .white), ("red", RGBColor(red: 255, green: 0, blue: 0)),
            ("green", RGBColor(red: 0, green: 128, blue: 0)), ("blue", RGBColor(red: 0, green: 0, blue: 255)),
            ("yellow", RGBColor(red: 255, green: 255, blue: 0)), ("cyan", RGBColor(red: 0, green: 255, blue: 255)),
            ("magenta", RGBColor(red: 255, green: 0, blue: 255)), ("Orange", RGBColor(red: 255, green: 165, blue: 0)),
            ("purple", RGBColor(red: 128, green: 0, blue: 128)), ("gray", RGBColor(red: 128, green: 128, blue: 128)),
            ("grey", RGBColor(red: 128, green: 128, blue: 128)),
        ])
    func parse(_ text: String, _ expected: RGBColor) throws {
        #expect(try RGBColor(parsing: text) == expected)
    }

    @Test("invalid colours throw", arguments: ["", "#fff", "ff8800", "#ff880", "#ff88000", "#gg0000", "pink"])
    func invalid(_ text: String) {
        #expect(throws: RGBColorError.invalid(text)) { try RGBColor(parsing: text) }
    }

    @Test("description and blending")
    func describeAndBlend() {
        #expect(RGBColor(red: 255, green: 136, blue: 0).description == "#ff8800")
        #expect(RGBColor.white.blended(over: .black, alpha: 0.5) == RGBColor(red: 128, green: 128, blue: 128))
        #expect(
            RGBColor(red: 200, green: 100, blue: 0).blended(over: RGBColor(red: 0, green: 0, blue: 100), alpha: 0.25)
                == RGBColor(red: 50, green: 25, blue: 75))
    }

    @Test(
        "glyph ids: scalars are themselves, clusters are interned from 0x110000, disputed ones from 0x80000000")
    func glyphTable() {
        let table = GlyphTable()
        #expect(table.id(for: "A") == 0x41)
        #expect(table.id(for: "你") == 0x4F60)
        let acute = table.id(for: "e\u{301}")
        let jamo = table.id(for: "\u{1100}\u{1161}")
        let family = table.id(for: "\u{1F468}\u{200D}\u{1F469}")
        let flagHalf = table.id(for: "\u{1F1EF}")
        #expect(acute == 0x110000)
        #expect(jamo == 0x110001)
        #expect(family == 0x8000_0000)
        #expect(flagHalf == 0x8000_0001)
        #expect([acute, jamo, 0x41, 0x1F600].map(GlyphTable.isDisputed) == [false, false, false, false])
        #expect([family, flagHalf].map(GlyphTable.isDisputed) == [true, true])
        #expect(table.id(for: "e\u{301}") == acute)
        var bytes: [UInt8] = []
        table.appendUTF8(of: acute, to: &bytes)
        table.appendUTF8(of: 0x4F60, to: &bytes)
        table.appendUTF8(of: 0x1F600, to: &bytes)
        table.appendUTF8(of: 0x110009, to: &bytes)
        table.appendUTF8(of: flagHalf, to: &bytes)
        table.appendUTF8(of: 0x8000_0009, to: &bytes)
        #expect(bytes == Array("e\u{301}你\u{1F600}\u{FFFD}\u{1F1EF}\u{FFFD}".utf8))
        #expect(table.character(for: family) == "\u{1F468}\u{200D}\u{1F469}")
    }

    @Test("a cell is 16 bytes and holds no references")
    func cellLayout() {
        #expect(MemoryLayout<Cell>.stride == 16)
        #expect(_isPOD(Cell.self))
    }

    @Test("buffer: row-major storage, subscript, fill, reset, equality")
    func buffer() {
        var buffer = CellBuffer(width: 3, height: 2)
        #expect(buffer.cells.count == 6)
        buffer[2, 1] = Cell("z")
        #expect(buffer.cells[5] == Cell("z"))
        #expect(buffer[2, 1] == Cell("z"))
        var other = CellBuffer(width: 3, height: 2)
        #expect(buffer != other)
        other[2, 1] = Cell("z")
        #expect(buffer == other)
        buffer.fill(with: Cell("x"))
        #expect(buffer.cells == Array(repeating: Cell("x"), count: 6))
        buffer.reset(width: 4, height: 1)
        #expect(buffer.width == 4 && buffer.height == 1 && buffer.cells == Array(repeating: .blank, count: 4))
        #expect(CellBuffer(width: -1, height: 3).cells.isEmpty)
    }

    @Test("normalizing blanks half-written wide clusters")
    func normalize() {
        var buffer = CellBuffer(width: 4, height: 1)
        let wide = Cell("你", background: red)
        buffer[0, 0] = wide
        buffer[2, 0] = .continuation(of: wide)
        buffer[3, 0] = wide
        buffer.normalizeWideClusters()
        #expect(buffer.cells == [.space(background: red), .blank, .space(background: red), .space(background: red)])
    }
}
