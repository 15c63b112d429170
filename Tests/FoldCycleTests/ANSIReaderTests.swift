import Testing

@testable import FoldCycle

/// The ANSI reader's golden runs, and a Rainbow-styled string through the card's layout.
struct ANSIReaderTests {
    @Test func readsRainbowStyleAsOneGreenBoldRun() {
        let styled = StyledString(ansi: "\u{1B}[32m\u{1B}[1mTip\u{1B}[0m")
        #expect(styled.runs == [.init("Tip", style: .init(foreground: .palette(2), attributes: .bold))])
        #expect(styled.plainText == "Tip")
    }

    @Test func readsLsColorOutputAsTheBareFileName() {
        let styled = StyledString(ansi: "\u{1B}[0m\u{1B}[01;34mbin\u{1B}[0m\n")
        #expect(styled.plainText == "bin\n")
        #expect(styled.runs[0] == .init("bin", style: .init(foreground: .palette(4), attributes: .bold)))
    }

    @Test func readsColonAndSemicolonExtendedColours() {
        let styled = StyledString(ansi: "\u{1B}[38:2::1:2:3mA\u{1B}[48;5;200;9mB\u{1B}[29;49;39mC")
        #expect(
            styled.runs == [
                .init("A", style: .init(foreground: .rgb(red: 1, green: 2, blue: 3))),
                .init(
                    "B",
                    style: .init(
                        foreground: .rgb(red: 1, green: 2, blue: 3), background: .palette(200),
                        attributes: .strikethrough)),
                .init("C"),
            ])
    }

    @Test func keepsOSC8LinksAndDropsOtherSequences() {
        let styled = StyledString(
            ansi: "\u{1B}]8;;https://x.org\u{07}go\u{1B}]8;;\u{1B}\\ \u{1B}[2J\u{1B}]0;title\u{07}\u{9B}5mok\u{1B}")
        #expect(styled.runs == [.init("go", style: .init(link: "https://x.org")), .init(" ok")])
    }

    @Test func anEscapeCutsAControlStringShortAndStartsTheNextSequence() {
        // DCS, SOS, PM and APC as OSC: an ESC that does not begin ST ends the string, and the
        // sequence it begins is read (before, it went with the string and its rest showed).
        let styled = StyledString(
            ansi: "a\u{1B}Pq#0\u{1B}[31mb\u{1B}_x\u{1B}[0mc\u{1B}Xs\u{1B}\u{1B}]0;t\u{07}d\u{1B}^p")
        #expect(styled.runs == [.init("a"), .init("b", style: .init(foreground: .palette(1))), .init("cd")])
    }

    @Test func badInputNeitherCrashesNorLeaksAByte() {
        let parameters = String(repeating: "1;", count: 1_000)
        let long = String(repeating: "9", count: 10_000)
        let styled = StyledString(ansi: "\u{1B}[\(parameters)mx\u{1B}[\(long)my\u{1B}[38;2;300;1;1mz\u{1B}[")
        #expect(styled.plainText == "xyz")
    }

    @Test func aLaidOutRunKeepsItsColourAndAttributes() {
        let styled = StyledString(ansi: "\u{1B}[32m\u{1B}[1mTip\u{1B}[0m!")
        var cells = CellBuffer(width: 4, height: 1)
        TextLayout.layout(styled, into: &cells, alignment: .left, style: TextStyle())
        // Palette entry 2, kept as the entry (docs/decisions/0181), with xterm's RGB for it.
        var tip = Cell("T", attributes: .bold)
        tip.foregroundBits = TerminalColor.packedPalette(2)
        #expect(cells[0, 0] == tip)
        #expect(cells[0, 0].foreground == .rgb(ColorDepth.ansi256Color(index: 2)))
        tip.glyph = UInt32(("p" as Unicode.Scalar).value)
        #expect(cells[2, 0] == tip)
        #expect(cells[3, 0] == Cell("!"))
    }

    @Test func pseudoFoldCyclerReadsARainbowString() throws {
        let cycler = try PseudoFoldCycler(items: ["\u{1B}[32m\u{1B}[1mTip\u{1B}[0m", "Two"], clock: ManualClock())
        #expect(cycler.items == ["Tip", "Two"])
        #expect(cycler.styledItems[0].runs[0].style == .init(foreground: .palette(2), attributes: .bold))
    }
}
