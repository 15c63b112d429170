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

    @Test("grey 96 between black and grey 127: the Bayer entries 0 to 3 go black, the other 12 grey")
    func greyBetweenTwoEntries() {
        // Nearest 127, the other side black: t = 31·127·3 / (127²·3) = 0.244; black where
        // (2m + 1) / 32 < t, m ≤ 3 (rows 0 and 2, columns 0 and 2 of the matrix). Mean 95.25.
        let expected: [RGBColor] = [
            Self.black, Self.grey, Self.black, Self.grey,
            Self.grey, Self.grey, Self.grey, Self.grey,
            Self.black, Self.grey, Self.black, Self.grey,
            Self.grey, Self.grey, Self.grey, Self.grey,
        ]
        let packed = TerminalColor.rgb(RGBColor(red: 96, green: 96, blue: 96)).packed
        let dithered = (0..<16).map { PictureDither.ansi16(packed, x: $0 % 4, y: $0 / 4) }
        #expect(dithered == expected.map { TerminalColor.rgb($0).packed })
        // The pattern repeats every 4 sub-pixels, also below 0.
        #expect(PictureDither.ansi16(packed, x: 4, y: 6) == dithered[8])
        #expect(PictureDither.ansi16(packed, x: -4, y: -2) == dithered[8])
    }

    @Test("a flat grey picture at 16 colours: half blocks of black over grey where the matrix says")
    func flatGreyCells() {
        let image = Self.flat(RGBColor(red: 96, green: 96, blue: 96), width: 4, height: 4)
        let g = Self.grey
        let b = Self.black
        let space = PictureRaster.cell(top: TerminalColor.rgb(g).packed, bottom: TerminalColor.rgb(g).packed)
        #expect(
            Self.cells(image, depth: .ansi16) == [
                Self.half(b, g), space, Self.half(b, g), space,
                Self.half(b, g), space, Self.half(b, g), space,
            ])
        // At 256 colours and truecolor the picture is not dithered: the encoder maps each colour.
        let plain = PictureRaster.cell(
            top: TerminalColor.rgb(RGBColor(red: 96, green: 96, blue: 96)).packed,
            bottom: TerminalColor.rgb(RGBColor(red: 96, green: 96, blue: 96)).packed)
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

    @Test("flat greys at 16 colours: a 4 × 4 tile's mean follows the grey, the nearest entry alone does not")
    func tileMeans() {
        // Sums of the 16 dithered greys of each level (by the rule: nearest entry f, the nearest on
        // the far side s, s where t > (2m + 1) / 32), against the nearest entry of the grey alone.
        let cases: [(level: UInt8, sum: Int, nearest: Int)] = [
            (32, 508, 0), (64, 1016, 127), (96, 1524, 127), (160, 2542, 127), (200, 3154, 229), (240, 3846, 229),
        ]
        for (level, sum, nearest) in cases {
            let packed = TerminalColor.rgb(RGBColor(red: level, green: level, blue: level)).packed
            let tile = (0..<16).map { RGBColor(packed: PictureDither.ansi16(packed, x: $0 % 4, y: $0 / 4) & 0xFF_FFFF) }
            #expect(tile.allSatisfy { $0.red == $0.green && $0.green == $0.blue }, "level \(level): only greys")
            #expect(tile.map { Int($0.green) }.reduce(0, +) == sum, "level \(level)")
            let undithered = ColorDepth.palette16[
                Int(ColorDepth.ansi16Index(for: RGBColor(packed: packed & 0xFF_FFFF)))]
            #expect(Int(undithered.green) == nearest, "level \(level)")
        }
    }
}
