import FoldCycleTestSupport
import Foundation
import Testing

@testable import FoldCycle

/// Pictures as card content (docs/DESIGN.md#picture-cards): half blocks, fit and fill, sampling
/// through a transform per sub-cell, failure cards.
@Suite struct PictureCardTests {
    /// An opaque image of `colours` (row by row), `width` wide.
    static func image(width: Int, _ colours: [RGBColor], alpha: [UInt8]? = nil) -> RGBAImage {
        var pixels: [UInt8] = []
        for (index, colour) in colours.enumerated() {
            pixels += [colour.red, colour.green, colour.blue, alpha?[index] ?? 255]
        }
        return RGBAImage(width: width, height: colours.count / width, pixels: pixels)!
    }

    static func grey(_ value: UInt8) -> RGBColor { RGBColor(red: value, green: value, blue: value) }

    /// ▀ in `top` over `bottom`.
    static func half(_ top: RGBColor, _ bottom: RGBColor) -> Cell {
        Cell("▀", foreground: .rgb(top), background: .rgb(bottom))
    }

    static let navy = RGBColor(red: 0, green: 0, blue: 128)

    static func scene(columns: Int, rows: Int) -> CardScene {
        var style = CardStyle()
        style.palette = [Self.navy]
        return CardScene(cardSize: TerminalSize(columns: columns, rows: rows), style: style)
    }

    @Test func twoByFourPixelsOnTwoByTwoCellsAreFourHalfBlocks() {
        let colours = (0..<8).map { Self.grey(UInt8($0 * 30)) }
        let picture = CardPicture(image: Self.image(width: 2, colours))
        var frame = CellBuffer(width: 0, height: 0)
        var card = Self.scene(columns: 2, rows: 2)
        card.render(index: 0, content: StyledString(picture: picture), into: &frame)
        #expect(
            frame.cells == [
                Self.half(colours[0], colours[2]), Self.half(colours[1], colours[3]),
                Self.half(colours[4], colours[6]), Self.half(colours[5], colours[7]),
            ])
    }

    @Test func straightAlphaIsCompositedOverTheCardBackground() {
        // 128/255 of white over navy: (255·128 + 0·127 + 127) / 255 = 128; blue (255·128 + 128·127 + 127) / 255 = 192.
        let picture = CardPicture(
            image: Self.image(width: 1, [.white, .white], alpha: [255, 128]))
        var frame = CellBuffer(width: 0, height: 0)
        var card = Self.scene(columns: 1, rows: 1)
        card.render(index: 0, content: StyledString(picture: picture), into: &frame)
        #expect(frame.cells == [Self.half(.white, RGBColor(red: 128, green: 128, blue: 192))])
    }

    @Test func fitLetterboxesAndFillCrops() {
        // A 4 × 2 picture (2:1) in 2 × 2 cells (2 × 4 half-block pixels, square: 1:1).
        let colours =
            [Self.grey(0), Self.grey(40), Self.grey(80), Self.grey(120)]
            + [Self.grey(160), Self.grey(200), Self.grey(240), Self.grey(20)]
        let image = Self.image(width: 4, colours)
        var frame = CellBuffer(width: 0, height: 0)
        // Fit: 2 × 1 pixels, on sub-row 1 ((4 − 1) / 2); each the average of a 2 × 2 block.
        var card = Self.scene(columns: 2, rows: 2)
        card.render(
            index: 0, content: StyledString(picture: CardPicture(image: image)), into: &frame)
        let left = Self.grey(100)  // (0 + 40 + 160 + 200) / 4
        let right = Self.grey(115)  // (80 + 120 + 240 + 20) / 4
        #expect(
            frame.cells == [
                Self.half(Self.navy, left), Self.half(Self.navy, right), .space(background: .rgb(Self.navy)),
                .space(background: .rgb(Self.navy)),
            ])
        // Fill: 8 × 4, columns 3 and 4 of it shown (pixels 1 and 2), sub-rows 0, 1 from pixel row 0.
        var fill = Self.scene(columns: 2, rows: 2)
        fill.render(
            index: 0, content: StyledString(picture: CardPicture(image: image, gravity: .resizeAspectFill)),
            into: &frame)
        #expect(
            frame.cells == [
                .space(background: .rgb(colours[1])), .space(background: .rgb(colours[2])),
                .space(background: .rgb(colours[5])), .space(background: .rgb(colours[6])),
            ])
    }

    @Test func aScaledPictureIsSampledPerSubCellNotPerCell() {
        // One column, four rows: eight half-block pixels c0 … c7, scaled to half height about the
        // centre (the fold's placement): it covers destination rows 1 … 3. Row 1's top quarter
        // point (1.25) shows layer row 0.5 (pixel 1), its bottom (1.75) layer row 1.5 (pixel 3);
        // row 2 shows pixels 5 and 7. Copying whole cells would give c2/c3 and c6/c7.
        let colours = (0..<8).map { Self.grey(UInt8(10 + $0 * 30)) }
        let laidOut = PictureCardLayout.layout(
            CardPicture(image: Self.image(width: 1, colours)), size: TerminalSize(columns: 1, rows: 4),
            style: TextStyle(background: .rgb(Self.navy)), cellAspect: 2, terminalBackground: .black)
        var layer = Layer(
            content: laidOut.cells, transform: LayerTransform(a: 1, b: 0, c: 0, d: 0.5, tx: 0, ty: 0),
            background: .rgb(Self.navy))
        layer.picture = laidOut.raster
        var frame = CellBuffer(width: 1, height: 4)
        Compositor().composite([layer], into: &frame)
        #expect(frame.cells == [.blank, Self.half(colours[1], colours[3]), Self.half(colours[5], colours[7]), .blank])
    }

    /// A 2 × 2-cell picture layer of pixels `colours` (2 × 4), its geometry `transform`, drawn
    /// into a 2 × 2 destination.
    static func drawn(_ colours: [RGBColor], _ transform: LayerTransform) -> [Cell] {
        let laidOut = PictureCardLayout.layout(
            CardPicture(image: image(width: 2, colours)), size: TerminalSize(columns: 2, rows: 2),
            style: TextStyle(background: .rgb(navy)), cellAspect: 2, terminalBackground: .black)
        var layer = Layer(content: laidOut.cells, transform: transform, background: .rgb(navy))
        layer.picture = laidOut.raster
        var frame = CellBuffer(width: 2, height: 2)
        Compositor().composite([layer], into: &frame)
        return frame.cells
    }

    @Test func aPictureTurnedUpsideDownTurnsItsHalvesToo() {
        // 180° about the centre (the axis-aligned path): cell (x, y) shows pixel rows 3 − 2y
        // (top) and 2 − 2y (bottom) of column 1 − x; copying cells would keep each ▀ upright.
        let c = (0..<8).map { Self.grey(UInt8(10 + $0 * 30)) }
        #expect(
            Self.drawn(c, LayerTransform(a: -1, b: 0, c: 0, d: -1, tx: 0, ty: 0)) == [
                Self.half(c[7], c[5]), Self.half(c[6], c[4]), Self.half(c[3], c[1]), Self.half(c[2], c[0]),
            ])
    }

    @Test func aPictureTurnedAQuarterIsSampledThroughTheForwardPlacingPath() {
        // x' = −y, y' = x about the centre: destination (x + 0.5, y + 0.25) and (x + 0.5, y + 0.75)
        // both show layer column y, layer row 1.5 − x (pixel row 3 − 2x): one colour a cell.
        let c = (0..<8).map { Self.grey(UInt8(10 + $0 * 30)) }
        let pixel = { (column: Int, row: Int) in Cell.space(background: .rgb(c[row * 2 + column])) }
        #expect(
            Self.drawn(c, LayerTransform(a: 0, b: 1, c: -1, d: 0, tx: 0, ty: 0)) == [
                pixel(0, 3), pixel(0, 1), pixel(1, 3), pixel(1, 1),
            ])
    }

    @Test func aFoldedPictureKeepsItsHalfBlockResolution() {
        // Fold down at t = 0.5 (linear) on a 1 × 4 card: the incoming card is scaled by 0.5 and
        // moved up a row, covering rows 0 … 2 (y = 0.5·layer row): row 0 shows its pixels 1 and 3,
        // row 1 its pixels 5 and 7. The outgoing card (scale 0.505, moved down a row, alpha 0.5:
        // y = 3 + 0.505·(layer row − 2)) shows on row 2 its layer rows 0.515 and 1.505 (pixels 1
        // and 3), on row 3 rows 2.495 and 3.485 (pixels 4 and 6), half over the black clear cell.
        let incoming = (0..<8).map { Self.grey(UInt8(10 + $0 * 30)) }
        let outgoing = (0..<8).map { RGBColor(red: UInt8(10 + $0 * 30), green: 0, blue: 0) }
        var scene = Self.scene(columns: 1, rows: 4)
        let transition = FoldTransition(
            direction: .down, slotSize: LayerSize(width: 1, height: 4), timingFunction: .linear)
        var frame = CellBuffer(width: 0, height: 0)
        scene.render(
            transition.frame(atFractionComplete: 0.5),
            outgoing: (0, StyledString(picture: CardPicture(image: Self.image(width: 1, outgoing)))),
            incoming: (0, StyledString(picture: CardPicture(image: Self.image(width: 1, incoming)))), into: &frame)
        #expect(frame.cells[0] == Self.half(incoming[1], incoming[3]))
        #expect(frame.cells[1] == Self.half(incoming[5], incoming[7]))
        let faded = outgoing.map { $0.blended(over: .black, alpha: 0.5) }
        #expect(frame.cells[2] == Self.half(faded[1], faded[3]))
        #expect(frame.cells[3] == Self.half(faded[4], faded[6]))
    }

    @Test("a picture on a turning cube face is half blocks throughout: no glyph of text fitting (an …) in it")
    func aPictureOnACubeFaceHasNoEllipsis() {
        // A squeezed face fits each run of ▀ as if it were text, cutting it with "…" (found in
        // xterm: a column of … on the outgoing face mid-turn); the picture pass samples those too.
        let colours = (0..<(40 * 24)).map { (index: Int) -> RGBColor in
            let red = UInt8(index % 40 * 6)
            let green = UInt8(index / 40 * 10)
            return RGBColor(red: red, green: green, blue: 90)
        }
        let picture = StyledString(picture: CardPicture(image: Self.image(width: 40, colours)))
        var scene = Self.scene(columns: 40, rows: 12)
        let transition = TransitionStyle(kind: .cube, direction: .left).transition(
            slotSize: LayerSize(width: 40, height: 12))
        for step in 1...9 {
            var frame = CellBuffer(width: 0, height: 0)
            scene.render(
                transition.frame(atFractionComplete: Double(step) / 10), outgoing: (0, picture), incoming: (1, picture),
                into: &frame)
            #expect(!frame.cells.contains { $0.glyph == LineFit.ellipsisGlyph }, "t = \(Double(step) / 10)")
        }
    }

    @Test(
        "a caption turns with its card: no letter of it on a picture's cell while a cube or flip turns",
        arguments: [TransitionKind.cube, .flip], TransitionDirection.allCases)
    func aCaptionIsNeverDrawnOverAPicture(kind: TransitionKind, direction: TransitionDirection) {
        // Two solid pictures and their captions, 30 × 8 cards (a new user's trial: the caption's
        // letters, placed whole and upright, came on the turning picture's cells, with its colour
        // behind them). A letter stays only where its row is: on the card's background.
        let red = RGBColor(red: 250, green: 0, blue: 0)
        let magenta = RGBColor(red: 250, green: 0, blue: 250)
        let pictures = [red, magenta].enumerated().map { index, colour in
            StyledString(
                picture: CardPicture(
                    image: Self.image(width: 4, [RGBColor](repeating: colour, count: 12)),
                    caption: "picture-\(index).png"))
        }
        var scene = Self.scene(columns: 30, rows: 8)
        let transition = TransitionStyle(kind: kind, direction: direction).transition(
            slotSize: LayerSize(width: 30, height: 8))
        var letters = 0
        for step in 1...15 {
            var frame = CellBuffer(width: 0, height: 0)
            scene.render(
                transition.frame(atFractionComplete: Double(step) / 16), outgoing: (0, pictures[0]),
                incoming: (1, pictures[1]), into: &frame)
            for cell in frame.cells where cell.width == 1 && cell.glyph < 0x80 && cell.glyph != 0x20 {
                letters += 1
                #expect(
                    cell.background != .rgb(red) && cell.background != .rgb(magenta),
                    "t = \(Double(step) / 16): \(PlainTextEncoder.lines(frame))")
            }
        }
        // The captions are there while they turn.
        #expect(letters > 0)
    }

    @Test(
        "a caption shows whole or not at all while a cube or flip turns: never cut by the picture",
        arguments: [TransitionKind.cube, .flip], TransitionDirection.allCases)
    func aCaptionShowsWholeOrNotAtAll(kind: TransitionKind, direction: TransitionDirection) {
        let captions = ["picture-0.png", "picture-1.png"]
        let pictures = [RGBColor(red: 250, green: 0, blue: 0), RGBColor(red: 250, green: 0, blue: 250)].enumerated()
            .map { index, colour in
                StyledString(
                    picture: CardPicture(
                        image: Self.image(width: 4, [RGBColor](repeating: colour, count: 12)), caption: captions[index])
                )
            }
        var scene = Self.scene(columns: 30, rows: 8)
        let transition = TransitionStyle(kind: kind, direction: direction).transition(
            slotSize: LayerSize(width: 30, height: 8))
        for step in 1...15 {
            var frame = CellBuffer(width: 0, height: 0)
            scene.render(
                transition.frame(atFractionComplete: Double(step) / 16), outgoing: (0, pictures[0]),
                incoming: (1, pictures[1]), into: &frame)
            for line in PlainTextEncoder.lines(frame) {
                // Words: runs between spaces and block elements (the faces' edges and halves).
                let words = line.split { $0 == " " || ("\u{2580}"..."\u{259F}").contains($0) }.map(String.init)
                for word in words {
                    // Whole, or cut at its end with "…" by a squeezed face's text fitting.
                    let whole = captions.contains(word)
                    let fitted = word.hasSuffix("…") && captions.contains { $0.hasPrefix(String(word.dropLast())) }
                    #expect(whole || fitted, "t = \(Double(step) / 16): \(word) in \(PlainTextEncoder.lines(frame))")
                }
            }
        }
    }

    @Test func aFailureCardShowsItsReasonAndCaption() {
        let picture = CardPicture(failure: "is a directory", caption: "a.png", path: "photos/a.png")
        var frame = CellBuffer(width: 0, height: 0)
        var card = Self.scene(columns: 16, rows: 3)
        card.render(index: 0, content: picture.styledString, into: &frame)
        #expect(PlainTextEncoder.lines(frame) == [" is a directory ", "                ", "     a.png      "])
        #expect(picture.styledString.plainText == "photos/a.png")
        #expect(picture.styledString.picture == picture)
    }

    @Test func aPictureCardHasItsCaptionUnderThePicture() {
        let picture = CardPicture(image: Self.image(width: 1, [.white, .white]), caption: "x.png")
        var frame = CellBuffer(width: 0, height: 0)
        var card = Self.scene(columns: 7, rows: 2)
        card.render(index: 0, content: picture.styledString, into: &frame)
        // A 1 × 2 picture fits 1 × 2 half-block pixels: one white cell in the middle column.
        #expect(PlainTextEncoder.lines(frame) == ["       ", " x.png "])
        #expect(frame[3, 0] == .space(background: .rgb(.white)))
        #expect(frame[2, 0] == .space(background: .rgb(Self.navy)))
    }

    @Test func withoutColourAPictureShowsItsPath() {
        var picture = CardPicture(image: Self.image(width: 1, [.white, .white]), caption: "x.png")
        picture.path = "a/x.png"
        let laidOut = PictureCardLayout.layout(
            picture, size: TerminalSize(columns: 11, rows: 2), style: TextStyle(), cellAspect: 2,
            terminalBackground: .black, depth: .none)
        #expect(PlainTextEncoder.lines(laidOut.cells) == ["  a/x.png  ", "   x.png   "])
        #expect(laidOut.raster == nil)
    }

    @Test func reducingAveragesAreasAndKeepsTheAspect() {
        let colours = (0..<16).map { Self.grey(UInt8($0 * 10)) }
        let reduced = Self.image(width: 4, colours).reduced(covering: (2, 2))
        // Each 2 × 2 block: (0 + 10 + 40 + 50) / 4 = 25, 45, 105, 125.
        #expect(reduced == Self.image(width: 2, [Self.grey(25), Self.grey(45), Self.grey(105), Self.grey(125)]))
        #expect(Self.image(width: 4, colours).reduced(covering: (3, 3)).width == 4)
    }
}
