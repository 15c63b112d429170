import FoldCycleTestSupport
import Foundation
import Testing

@testable import FoldCycle

/// Pictures at 16 colours are dithered (ordered, 4 × 4 Bayer) instead of mapped to the nearest
/// palette entry alone (docs/decisions/0157-picture-dithering.md).
@Suite struct PictureDitherTests {
    static let black = RGBColor(red: 0, green: 0, blue: 0)
    static let grey = RGBColor(red: 127, green: 127, blue: 127)
    static let navy = RGBColor(red: 0, green: 0, blue: 128)

    /// A flat `colour` picture of `width` × `height` pixels.
    static func flat(_ colour: RGBColor, width: Int, height: Int) -> RGBAImage {
        RGBAImage(
            width: width, height: height,
            pixels: Array(repeating: [colour.red, colour.green, colour.blue, 255], count: width * height).flatMap { $0 }
        )!
    }

    static func half(_ top: RGBColor, _ bottom: RGBColor) -> Cell {
        PictureRaster.cell(top: TerminalColor.rgb(top).packed, bottom: TerminalColor.rgb(bottom).packed)
    }

    /// The cells of a 4 × 2-card of `image` (no caption) at `depth`.
    static func cells(_ image: RGBAImage, depth: ColorDepth, size: TerminalSize = .init(columns: 4, rows: 2))
        -> [Cell]
    {
        PictureCardLayout.layout(
            CardPicture(image: image), size: size, style: TextStyle(background: .rgb(navy)), cellAspect: 2,
            terminalBackground: .black, depth: depth
        ).cells.cells
    }

    @Test("grey 64 between black and grey 127: a checkerboard; grey 96 is grey 127 alone")
    func greyBetweenTwoEntries() {
        // The pair black, grey 127 passes through grey 64 at k = round(16 · 64/127) = 8
        // sixteenths of grey: grey where the matrix entry m < 8, black where m is 8...15. Mean
        // 63.5.
        let expected: [RGBColor] = [
            Self.grey, Self.black, Self.grey, Self.black,
            Self.black, Self.grey, Self.black, Self.grey,
            Self.grey, Self.black, Self.grey, Self.black,
            Self.black, Self.grey, Self.black, Self.grey,
        ]
        let packed = TerminalColor.rgb(RGBColor(red: 64, green: 64, blue: 64)).packed
        #expect(
            PictureDither.plan(packed)
                == .init(
                    first: TerminalColor.rgb(Self.black).packed, second: TerminalColor.rgb(Self.grey).packed, level: 8))
        let dithered = (0..<16).map { PictureDither.ansi16(packed, x: $0 % 4, y: $0 / 4) }
        #expect(dithered == expected.map { TerminalColor.rgb($0).packed })
        // The pattern repeats every 4 sub-pixels, also below 0.
        #expect(PictureDither.ansi16(packed, x: 4, y: 7) == dithered[12])
        #expect(PictureDither.ansi16(packed, x: -4, y: -1) == dithered[12])
        // Grey 96: the mix (k = 12) costs |c − m|² = 9 · 0.75² plus the pair's contrast
        // 9 · 127² · (|12/16 − 1/2| + 1/2) / 10 = 10,887; grey 127 alone costs 9 · 31² = 8,649.
        let grey96 = TerminalColor.rgb(RGBColor(red: 96, green: 96, blue: 96)).packed
        let flat = TerminalColor.rgb(Self.grey).packed
        #expect(PictureDither.plan(grey96) == .init(first: flat, second: flat, level: 0))
    }

    @Test("every grey dithers to greys only; a dark purple to black and magenta, not magenta and grey")
    func huesKept() {
        // Nearest-entry pairs (record 0157 before 2026-12-07) put red and blue pixels into a grey
        // ramp and showed a dark purple as magenta and grey, lighter than it is.
        for level in 0...255 {
            let packed = TerminalColor.rgb(RGBColor(red: UInt8(level), green: UInt8(level), blue: UInt8(level))).packed
            let tile = (0..<16).map { RGBColor(packed: PictureDither.ansi16(packed, x: $0 % 4, y: $0 / 4) & 0xFF_FFFF) }
            #expect(tile.allSatisfy { $0.red == $0.green && $0.green == $0.blue }, "grey \(level)")
        }
        let purple = TerminalColor.rgb(RGBColor(red: 96, green: 0, blue: 128)).packed
        #expect(
            PictureDither.plan(purple)
                == .init(
                    first: TerminalColor.rgb(Self.black).packed,
                    second: TerminalColor.rgb(RGBColor(red: 205, green: 0, blue: 205)).packed, level: 9))
    }

    @Test("a flat grey picture at 16 colours: half blocks of grey and black where the matrix says")
    func flatGreyCells() {
        let image = Self.flat(RGBColor(red: 64, green: 64, blue: 64), width: 4, height: 4)
        let g = Self.grey
        let b = Self.black
        #expect(
            Self.cells(image, depth: .ansi16) == [
                Self.half(g, b), Self.half(b, g), Self.half(g, b), Self.half(b, g),
                Self.half(g, b), Self.half(b, g), Self.half(g, b), Self.half(b, g),
            ])
        // At 256 colours and truecolor the picture is not dithered: the encoder maps each colour.
        let plain = PictureRaster.cell(
            top: TerminalColor.rgb(RGBColor(red: 64, green: 64, blue: 64)).packed,
            bottom: TerminalColor.rgb(RGBColor(red: 64, green: 64, blue: 64)).packed)
        #expect(Self.cells(image, depth: .ansi256) == Array(repeating: plain, count: 8))
        #expect(Self.cells(image, depth: .truecolor) == Array(repeating: plain, count: 8))
    }

    @Test("the letterbox keeps the card's background; a palette colour stays itself")
    func letterboxAndPaletteColours() {
        // A 2 × 4 picture (pure red, an entry of the palette) fitted to 4 × 4 sub-pixels: columns
        // 1 and 2 show it, columns 0 and 3 are the navy letterbox, not dithered.
        let red = RGBColor(red: 205, green: 0, blue: 0)
        let cells = Self.cells(Self.flat(red, width: 2, height: 4), depth: .ansi16)
        let letterbox = Cell.space(background: .rgb(Self.navy))
        let shown = PictureRaster.cell(top: TerminalColor.rgb(red).packed, bottom: TerminalColor.rgb(red).packed)
        #expect(cells == [letterbox, shown, shown, letterbox, letterbox, shown, shown, letterbox])
    }

    @Test("flat greys at 16 colours: a 4 × 4 tile's sum by the rule, against the nearest entry alone")
    func tileMeans() {
        // Sums of the 16 dithered greys of each level: 32 and 96 are one entry alone (black, grey
        // 127: the contrast term), 64 black and grey 127 at k = 8, 160 grey 229 and 127 at k = 11,
        // 200 at k = 5, 240 grey 229 and white at k = 7.
        let cases: [(level: UInt8, sum: Int, nearest: Int)] = [
            (32, 0, 0), (64, 1016, 127), (96, 2032, 127), (160, 2542, 127), (200, 3154, 229), (240, 3846, 229),
        ]
        for (level, sum, nearest) in cases {
            let packed = TerminalColor.rgb(RGBColor(red: level, green: level, blue: level)).packed
            let tile = (0..<16).map { RGBColor(packed: PictureDither.ansi16(packed, x: $0 % 4, y: $0 / 4) & 0xFF_FFFF) }
            #expect(tile.map { Int($0.green) }.reduce(0, +) == sum, "level \(level)")
            let undithered = ColorDepth.palette16[
                Int(ColorDepth.ansi16Index(for: RGBColor(packed: packed & 0xFF_FFFF)))]
            #expect(Int(undithered.green) == nearest, "level \(level)")
        }
    }
}
