import Testing

@testable import FoldCycle

/// An item's own colours on a card's colour: a run's text keeps a contrast of 3 with what is
/// behind it (the hue kept as far as it can be), and an item's own bold shows on a bold card.
struct RunContrastTests {
    @Test(
        "contrast ratios as WCAG 2.x computes them",
        arguments: [
            (RGBColor.black, RGBColor.white, 21.0), (RGBColor.white, RGBColor.white, 1.0),
            (RGBColor(red: 0xCD, green: 0xCD, blue: 0), RGBColor(red: 0, green: 0x80, blue: 0), 3.02),
        ])
    func ratios(_ a: RGBColor, _ b: RGBColor, _ expected: Double) {
        #expect((a.contrastRatio(with: b) * 100).rounded() / 100 == expected)
        #expect(a.contrastRatio(with: b) == b.contrastRatio(with: a))
    }

    @Test(
        "a colour too close to the background moves toward black or white in 5 % steps until the ratio is 3",
        arguments: [
            // git's yellow on the yellow card: toward black, olive.
            (RGBColor(red: 0xCD, green: 0xCD, blue: 0), RGBColor(red: 0xFF, green: 0xFF, blue: 0), "#909000"),
            // ls's blue on the blue card: toward white.
            (RGBColor(red: 0, green: 0, blue: 0xEE), RGBColor(red: 0, green: 0, blue: 0xFF), "#9999f8"),
            // git's cyan on the green card.
            (RGBColor(red: 0, green: 0xCD, blue: 0xCD), RGBColor(red: 0, green: 0x80, blue: 0), "#4ddcdc"),
            // Already readable: kept.
            (RGBColor(red: 0xCD, green: 0xCD, blue: 0), RGBColor(red: 0, green: 0x80, blue: 0), "#cdcd00"),
        ])
    func keepingContrast(_ color: RGBColor, _ background: RGBColor, _ expected: String) {
        let kept = color.keepingContrast(3, against: background)
        #expect(kept.description == expected)
        #expect(kept.contrastRatio(with: background) >= 3)
    }

    @Test(
        "at 16 colours both colours are judged as the palette entries they are sent as",
        arguments: [
            // Both would be sent as yellow (SGR 33 on 103): darker until they are not.
            (RGBColor(red: 0xCD, green: 0xCD, blue: 0), RGBColor(red: 0xFF, green: 0xFF, blue: 0), "#717100"),
            // The green card is sent as bright green (black text), on which yellow is not readable.
            (RGBColor(red: 0xCD, green: 0xCD, blue: 0), RGBColor(red: 0, green: 0x80, blue: 0), "#1f1f00"),
            (RGBColor(red: 0, green: 0, blue: 0xEE), RGBColor(red: 0, green: 0, blue: 0xFF), "#a6a6f9"),
        ])
    func keepingContrastAtSixteenColours(_ color: RGBColor, _ background: RGBColor, _ expected: String) {
        let kept = color.keepingContrast(3, against: background, at: .ansi16)
        #expect(kept.description == expected)
        let shown = ColorDepth.ansi16.paletteColor(for: kept)
        #expect(shown.contrastRatio(with: ColorDepth.ansi16.paletteColor(for: background)) >= 3)
    }

    @Test func aRunsOwnColourOnTheCardKeepsItsContrastAndTheCardsColourIsLeftAlone() {
        let card = TextStyle(
            foreground: .rgb(.white), background: .rgb(RGBColor(red: 0, green: 0, blue: 0xFF)), attributes: .bold)
        let blue = card.cell(for: .init(foreground: .palette(12)))
        #expect(blue.foreground == .rgb(RGBColor(red: 0x8D, green: 0x8D, blue: 0xFF)))
        #expect(card.cell(for: .plain).foreground == .rgb(.white))
        // Where the run names its own background, the contrast is kept against that.
        let onBlack = card.cell(for: .init(foreground: .palette(4), background: .palette(0)))
        #expect(onBlack.foreground == .rgb(RGBColor(red: 0x40, green: 0x40, blue: 0xF2)))
    }

    @Test func anItemsOwnBoldShowsOnABoldCard() {
        let card = TextStyle(foreground: .rgb(.white), background: .rgb(.black), attributes: .bold)
        var cells = CellBuffer(width: 6, height: 1)
        TextLayout.layout(StyledString(markdown: "**a** b"), into: &cells, alignment: .left, style: card)
        #expect(cells[0, 0].attributes == .bold)
        #expect(cells[2, 0].attributes == [])
        // Without bold runs the card's bold stays.
        TextLayout.layout(StyledString("a b"), into: &cells, alignment: .left, style: card)
        #expect(cells[2, 0].attributes == .bold)
    }
}
