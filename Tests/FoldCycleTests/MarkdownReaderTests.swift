import Testing

@testable import FoldCycle

/// The Markdown reader's runs for each construct it reads, and for bad input.
struct MarkdownReaderTests {
    typealias Style = StyledString.Style
    static let bold = Style(attributes: .bold)
    static let italic = Style(attributes: .italic)
    static let dim = Style(attributes: .dim)
    static let code = MarkdownReader.codeStyle

    @Test func readsEmphasisStrongAndStrikethrough() {
        let styled = StyledString(markdown: "*a* _b_ **c** __d__ ~~e~~ ***f***")
        #expect(
            styled.runs == [
                .init("a", style: Self.italic), .init(" "), .init("b", style: Self.italic), .init(" "),
                .init("c", style: Self.bold), .init(" "), .init("d", style: Self.bold), .init(" "),
                .init("e", style: Style(attributes: .strikethrough)), .init(" "),
                .init("f", style: Style(attributes: [.bold, .italic])),
            ])
    }

    @Test func nestsSpansAndLeavesIntrawordUnderscores() {
        let styled = StyledString(markdown: "**b *i* b** snake_case_name a*b*c")
        #expect(
            styled.runs == [
                .init("b ", style: Self.bold), .init("i", style: Style(attributes: [.bold, .italic])),
                .init(" b", style: Self.bold), .init(" snake_case_name a"), .init("b", style: Self.italic),
                .init("c"),
            ])
    }

    @Test func readsCodeSpansVerbatimInTheCodeStyle() {
        #expect(Self.code == Style(attributes: .reverse))
        let styled = StyledString(markdown: "run `ls **x**` or ``a`b`` or `` `q` ``")
        #expect(
            styled.runs == [
                .init("run "), .init("ls **x**", style: Self.code), .init(" or "), .init("a`b", style: Self.code),
                .init(" or "), .init("`q`", style: Self.code),
            ])
    }

    @Test func readsLinksKeepingTheDestinationWithItsEscapes() {
        let styled = StyledString(markdown: "[Fold*Cycle*](https://x.org/\\(p\\)?q=\\*) end [e]()")
        let link = Style(attributes: .underline, link: "https://x.org/(p)?q=*")
        #expect(
            styled.runs == [
                .init("Fold", style: link),
                .init("Cycle", style: Style(attributes: [.underline, .italic], link: "https://x.org/(p)?q=*")),
                .init(" end e"),
            ])
    }

    @Test func aLinkInALinkTextLeavesTheOuterBracketsAsText() {
        let styled = StyledString(markdown: "[a [b](u) c](v)")
        #expect(
            styled.runs == [
                .init("[a "), .init("b", style: Style(attributes: .underline, link: "u")), .init(" c](v)"),
            ])
    }

    @Test func readsHeadingsInBoldWithoutTheirHashes() {
        let styled = StyledString(markdown: "## Title *x* ##\n#hashtag\n####### seven")
        #expect(
            styled.runs == [
                .init("Title ", style: Self.bold), .init("x", style: Style(attributes: [.bold, .italic])),
                .init("\n#hashtag\n####### seven"),
            ])
    }

    @Test func readsBulletAndNumberedLists() {
        let styled = StyledString(markdown: "- a\n* b\n+ **c**\n12. d\n3) e\n  - f\n-g")
        #expect(styled.plainText == "• a\n• b\n• c\n12. d\n3) e\n  • f\n-g")
        #expect(styled.runs[1] == .init("c", style: Self.bold))
    }

    @Test func readsBlockQuotesAsDimBars() {
        let styled = StyledString(markdown: "> a *b*\n>> c\n>")
        #expect(
            styled.runs == [
                .init("│ a ", style: Self.dim), .init("b", style: Style(attributes: [.dim, .italic])),
                .init("\n"), .init("│ │ c", style: Self.dim), .init("\n"), .init("│", style: Self.dim),
            ])
    }

    @Test func keepsFencedCodeVerbatim() {
        let styled = StyledString(markdown: "```swift\nlet a = **1**\n  b\n```\nafter *x*\n~~~\n~~\n````\n```")
        #expect(
            styled.runs == [
                .init("let a = **1**", style: Self.code), .init("\n"), .init("  b", style: Self.code),
                .init("\nafter "), .init("x", style: Self.italic), .init("\n~~~\n~~\n````\n```"),
            ])
    }

    @Test func readsBackslashEscapes() {
        let styled = StyledString(markdown: #"\*a\* \`b\` \\ \q \[c](d)"#)
        #expect(styled.runs == [.init(#"*a* `b` \ \q [c](d)"#)])
    }

    @Test func unclosedMarkupStaysText() {
        let text = "*a **b `c [d](e ~~f _g"
        #expect(StyledString(markdown: text).runs == [.init(text)])
        #expect(StyledString(markdown: "```\ncode").runs == [.init("```\ncode")])
    }

    @Test func deeplyNestedEmphasisIsReadInOnePass() {
        let stars = String(repeating: "*", count: 1_000)
        #expect(StyledString(markdown: stars + "a" + stars).runs == [.init("a", style: Self.bold)])
        let opening = String(repeating: "*a _b ", count: 500)
        let closing = String(repeating: " d_ e*", count: 500)
        let plain = String(repeating: "a b ", count: 500) + "c" + String(repeating: " d e", count: 500)
        #expect(StyledString(markdown: opening + "c" + closing).runs == [.init(plain, style: Self.italic)])
        let unclosed = String(repeating: "**a ", count: 2_500)
        #expect(StyledString(markdown: unclosed).plainText == unclosed)
    }

    @Test func tenKilobyteLinesOfBracketsStayText() {
        let brackets = String(repeating: "[", count: 5_000) + String(repeating: "](", count: 2_500) + " x"
        #expect(StyledString(markdown: brackets).runs == [.init(brackets)])
        let ticks = (1...140).map { String(repeating: "`", count: $0) }.joined(separator: "a")
        #expect(StyledString(markdown: ticks).plainText == ticks)
    }

    @Test func theFlashcardSeparatorKeepsItsMeaning() {
        let styled = StyledString(markdown: "Q *x*\n```\n---\n```\n---\nA")
        let sides = CardFaces.styledSides(of: styled)
        #expect(sides.front.runs == [.init("Q "), .init("x", style: Self.italic), .init("\n```")])
        #expect(sides.back?.runs == [.init("```\n---\nA")])
        #expect(StyledString(markdown: #"\---"#).plainText == #"\---"#)
        #expect(StyledString(markdown: "**---**").plainText == "**---**")
    }

    @Test func dropsControlsAndExpandsTabs() {
        let styled = StyledString(markdown: "a\u{1B}[31mb\tc\r\nd\u{85}\u{7F}")
        #expect(styled.runs == [.init("a[31mb  c\nd")])
    }
}
