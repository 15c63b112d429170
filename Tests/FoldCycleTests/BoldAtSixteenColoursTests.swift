import FoldCycleCore
import Testing

@testable import FoldCycle

/// Bold keeps the colour at 16 colours (xterm's `boldColors` draws bold 30–37 as 90–97), and a
/// run in the default style takes the card's text style whatever the item's other runs
/// (docs/decisions/0251).
struct BoldAtSixteenColoursTests {
    /// The default green card (item 0) at `depth`: black text at 16 colours, sent as 30 on 42.
    private static func green(_ depth: ColorDepth) -> TextStyle {
        CardStyle().textStyle(forItemAt: 0, depth: depth)
    }

    private static func sgr(_ text: StyledString, _ style: TextStyle, _ depth: ColorDepth) -> String {
        String(decoding: StyledText.bytes(text, style: style, depth: depth), as: UTF8.self)
    }

    @Test func markdownBoldInTheGreenCardsBlackTextIsSentWithoutBoldAt16Colours() {
        // Before, `render --format ansi` at TERM=xterm wrote `ESC[1;30mBold ESC[22mand` (bold
        // black, which xterm draws grey #7f7f7f).
        let text = StyledString(markdown: "**Bold** and *italic* item")
        #expect(
            Self.sgr(text, Self.green(.ansi16), .ansi16)
                == "\u{1B}[30;42mBold and \u{1B}[3mitalic\u{1B}[23m item\u{1B}[0m")
    }

    @Test func anInputsBoldBlackAndHeadingsAreSentWithoutBoldAt16Colours() {
        let style = Self.green(.ansi16)
        #expect(
            Self.sgr(StyledString(ansi: "\u{1B}[1;30mdark\u{1B}[0m x"), style, .ansi16)
                == "\u{1B}[30;42mdark x\u{1B}[0m")
        #expect(Self.sgr(StyledString(markdown: "# Title"), style, .ansi16) == "\u{1B}[30;42mTitle\u{1B}[0m")
    }

    @Test(
        "at 16 colours a bold cell in palette entry 0-7 is not bold; 8-15 and the default foreground stay bold",
        arguments: Array(0...15))
    func boldByPaletteEntry(_ index: Int) {
        // On the terminal's default colours (no card colour, bold text): nothing moves the colour.
        let plainCard = CardStyle(palette: []).textStyle(forItemAt: 0, depth: .ansi16)
        let cell = plainCard.cell(for: .init(foreground: .palette(UInt8(index)), attributes: .bold))
        #expect(cell.attributes == (index < 8 ? [] : .bold))
        #expect(plainCard.cell(for: .plain).attributes == .bold)
        let code = index < 8 ? 30 + index : 90 + index - 8
        let expected = index < 8 ? "\u{1B}[\(code)mx\u{1B}[0m" : "\u{1B}[1;\(code)mx\u{1B}[0m"
        #expect(Self.sgr(StyledString(ansi: "\u{1B}[1;\(code)mx"), plainCard, .ansi16) == expected)
    }

    @Test func otherDepthsKeepBold() {
        // The card's black text is sent as 38;5;16 or 38;2;0;0;0 there, which xterm does not brighten.
        let text = StyledString(markdown: "**Bold** x")
        #expect(
            Self.sgr(text, Self.green(.ansi256), .ansi256)
                == "\u{1B}[1;38;5;231;48;5;28mBold\u{1B}[22m x\u{1B}[0m")  // The item's own bold stands out.
        #expect(
            Self.sgr(StyledString(ansi: "\u{1B}[1;30mdark"), CardStyle(palette: []).textStyle(forItemAt: 0), .truecolor)
                == "\u{1B}[1;30mdark\u{1B}[0m")
    }

    @Test func anItemWithBoldOfItsOwnIsLaidOutWithoutTheCardsBoldAndAResetReturnsToTheCard() {
        let card = TextStyle(foreground: .rgb(.white), background: .rgb(.black), attributes: .bold)
        // An item without bold of its own keeps the card's bold after a reset; one with bold of
        // its own is laid out without it, so that its own bold shows (records 0100 and 0251).
        for (input, ownBold) in [
            ("\u{1B}[31mred\u{1B}[0m one", false), ("\u{1B}[1;32mgreen\u{1B}[0m two", true),
            ("\u{1B}[1mb\u{1B}[22m two", true),
        ] {
            let text = StyledString(ansi: input)
            var cells = CellBuffer(width: text.plainText.count, height: 1)
            TextLayout.layout(text, into: &cells, alignment: .left, style: card)
            let last = text.plainText.count - 1
            #expect(cells[0, 0].attributes == .bold, "\(input)")
            #expect(cells[last, 0].attributes == (ownBold ? [] : .bold), "\(input)")
            #expect(cells[last, 0].foreground == .rgb(.white), "\(input)")
        }
        // 39 and 49 return to the card's colours.
        let text = StyledString(ansi: "\u{1B}[1;31;44ma\u{1B}[39;49mb")
        #expect(text.runs.last?.style == .init(attributes: .bold))
        #expect(card.cell(for: text.runs[1].style) == card.cell(for: .plain))
    }

    @Test func anItemsOwnBoldIsSentAgainstTheCardsRegularText() {
        let style = TextStyle(foreground: .rgb(.white), background: .rgb(.black), attributes: .bold)
        #expect(
            Self.sgr(StyledString(ansi: "\u{1B}[1;32mgreen\u{1B}[0m two"), style, .truecolor)
                == "\u{1B}[1;32;48;2;0;0;0mgreen\u{1B}[22;38;2;255;255;255m two\u{1B}[0m")
    }
}
