import FoldCycleTestSupport
import Testing

@testable import FoldCycle

struct LayoutCase: CustomStringConvertible, Sendable {
    let name: String
    let text: String
    let width: Int
    let height: Int
    let alignment: HorizontalAlignment
    let screen: [String]

    var description: String { name }
}

@Suite("TextLayout")
struct TextLayoutTests {
    @Test(
        "layout screens",
        arguments: [
            LayoutCase(
                name: "centred, odd leftover goes right", text: "ab", width: 5, height: 1, alignment: .center,
                screen: [" ab  "]),
            LayoutCase(name: "left", text: "ab", width: 5, height: 1, alignment: .left, screen: ["ab   "]),
            LayoutCase(name: "right", text: "ab", width: 5, height: 1, alignment: .right, screen: ["   ab"]),
            LayoutCase(
                name: "vertical centre, extra row below", text: "a\nb", width: 3, height: 5, alignment: .left,
                screen: ["   ", "a  ", "b  ", "   ", "   "]),
            LayoutCase(
                name: "CRLF is a newline", text: "a\r\nb", width: 2, height: 2, alignment: .left, screen: ["a ", "b "]),
            LayoutCase(
                name: "lines beyond the height are dropped, the last shown marked with …", text: "1\n2\n3\n4", width: 3,
                height: 2, alignment: .left, screen: ["1  ", "2… "]),
            LayoutCase(
                name: "the cut marker clips a full last line", text: "line one is long\nline two\nline three",
                width: 10, height: 2, alignment: .left, screen: ["line one …", "line two… "]),
            LayoutCase(
                name: "the cut marker fills a one-column card", text: "1\n2\n3", width: 1, height: 2, alignment: .left,
                screen: ["1", "…"]),
            LayoutCase(
                name: "centred lines keep their centre with the marker", text: "ab\ncd\nef", width: 6, height: 1,
                alignment: .center, screen: [" ab…  "]),
            LayoutCase(
                name: "tabs to multiples of 8", text: "ab\tc\td", width: 18, height: 1, alignment: .left,
                screen: ["ab      c       d "]),
            LayoutCase(
                name: "clipped with ellipsis", text: "abcdefgh", width: 5, height: 1, alignment: .left,
                screen: ["abcd…"]),
            LayoutCase(
                name: "clip never splits a wide cluster", text: "ab你好", width: 4, height: 1, alignment: .left,
                screen: ["ab …"]),
            LayoutCase(
                name: "wide clusters fit exactly", text: "你好", width: 4, height: 1, alignment: .left, screen: ["你好"]),
            LayoutCase(
                name: "width 1 shows only the ellipsis", text: "abc", width: 1, height: 1, alignment: .left,
                screen: ["…"]),
            LayoutCase(
                name: "a long line wraps at spaces when the wrapped text fits", text: "one two three four",
                width: 9, height: 3, alignment: .left, screen: ["one two  ", "three    ", "four     "]),
            LayoutCase(
                name: "wrapped lines are aligned and centred one by one", text: "one two three", width: 9, height: 4,
                alignment: .center, screen: ["         ", " one two ", "  three  ", "         "]),
            LayoutCase(
                name: "the spaces at a break are dropped, the indent kept on every row", text: "  ab   cd  ef",
                width: 5, height: 3, alignment: .left, screen: ["  ab ", "  cd ", "  ef "]),
            LayoutCase(
                name: "a word wider than the card breaks between clusters", text: "abcdefgh ij", width: 4,
                height: 3, alignment: .left, screen: ["abcd", "efgh", "ij  "]),
            LayoutCase(
                name: "text with no spaces (CJK) breaks between clusters, never inside a wide one",
                text: "你好世界吗", width: 5, height: 3, alignment: .left, screen: ["你好 ", "世界 ", "吗   "]),
            LayoutCase(
                name: "a line with fewer rows than it wraps to fills its last row and ends it with …",
                text: "one two three four", width: 9, height: 2, alignment: .left, screen: ["one two  ", "three fo…"]),
            LayoutCase(
                name: "every line keeps its first row: with no row to spare, a line is clipped as it is",
                text: "one two three\nfour", width: 9, height: 2, alignment: .left, screen: ["one two …", "four     "]),
            LayoutCase(
                name: "spare rows go to the lines that need them, top first", text: "aa bb cc\ndd ee ff", width: 5,
                height: 3, alignment: .left, screen: ["aa bb", "cc   ", "dd e…"]),
            LayoutCase(
                name: "a list item's continuation hangs under its text", text: "• one two three", width: 9,
                height: 2, alignment: .left, screen: ["• one two", "  three  "]),
            LayoutCase(
                name: "a numbered item's continuation hangs under its text", text: " 12. ab cd ef", width: 11,
                height: 2, alignment: .left, screen: [" 12. ab cd ", "     ef    "]),
            LayoutCase(
                name: "a quote's continuation repeats its bars", text: "│ │ ab cd ef", width: 9, height: 2,
                alignment: .left, screen: ["│ │ ab cd", "│ │ ef   "]),
            LayoutCase(
                name: "no hanging indent that would take half the card", text: "• ab cd", width: 4, height: 3,
                alignment: .left, screen: ["• ab", "cd  ", "    "]),
            LayoutCase(
                name: "short lines are kept as they are when a long one wraps", text: "a\nbb cc dd\ne", width: 5,
                height: 4, alignment: .left, screen: ["a    ", "bb cc", "dd   ", "e    "]),
            LayoutCase(
                name: "zero-width clusters are dropped", text: "a\u{200B}b", width: 3, height: 1, alignment: .left,
                screen: ["ab "]),
            LayoutCase(
                name: "combining marks stay in their cluster", text: "e\u{301}", width: 3, height: 1,
                alignment: .center,
                screen: [" e\u{301} "]),
            LayoutCase(
                name: "emoji ZWJ family is one wide cluster",
                text: "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}", width: 4, height: 1, alignment: .center,
                screen: [" \u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467} "]),
            // A centred list is one block: its bullets line up (record 0242); the title is centred.
            LayoutCase(
                name: "centred list: one left edge", text: "Title\n• a\n• bbbb\n• cc", width: 10, height: 4,
                alignment: .center, screen: ["  Title   ", "  • a     ", "  • bbbb  ", "  • cc    "]),
            LayoutCase(
                name: "centred numbered list, indented", text: "1. a\n  2) bbb", width: 9, height: 2,
                alignment: .center, screen: ["1. a     ", "  2) bbb "]),
            LayoutCase(
                name: "centred list item wrapped: its rows in the block", text: "• a\n• bb cc dd", width: 9,
                height: 3, alignment: .center, screen: [" • a     ", " • bb cc ", "   dd    "]),
            LayoutCase(
                name: "one list line alone is centred as any", text: "x\n• a\nyyyyy", width: 7, height: 3,
                alignment: .center, screen: ["   x   ", "  • a  ", " yyyyy "]),
            LayoutCase(
                name: "right-aligned list rows stay right", text: "• a\n• bb", width: 6, height: 2,
                alignment: .right, screen: ["   • a", "  • bb"]),
        ])
    func layout(_ testCase: LayoutCase) {
        let buffer = TextLayout.layout(
            testCase.text, width: testCase.width, height: testCase.height, alignment: testCase.alignment)
        #expect(PlainTextEncoder.lines(buffer) == testCase.screen)
    }

    @Test(
        "measure: widest line in cells and line count",
        arguments: [
            ("", 0, 1), ("abc", 3, 1), ("你好\nab", 4, 2), ("a\tb", 9, 1), ("x\r\ny\n", 1, 3), ("\u{1B}[2J", 4, 1),
        ])
    func measure(_ text: String, _ width: Int, _ lines: Int) {
        #expect(TextLayout.measure(text) == TextLayout.Metrics(width: width, lineCount: lines))
    }

    @Test(
        "plain text: sanitized, each tab to the next multiple of 8 display columns, as in a card",
        arguments: [
            ("a\tb", "a       b"), ("你\tb", "你      b"), ("\tx\n\ty", "        x\n        y"),
            ("12345678\tz", "12345678        z"), ("a\u{1B}[2J\u{7}", "a\u{241B}[2J\u{2407}"), ("x\r\ny", "x\ny"),
            ("e\u{301}\tf", "e\u{301}       f"),
            // Issue 24: width-0 clusters (bidi controls, invisible format characters) are dropped
            // as a card drops them, so an RLO never reverses the rest of a status line or prompt.
            ("\u{202E}evil\u{2066}\t\u{2069}x", "evil    x"), ("a\u{200B}b\u{061C}c\u{200F}", "abc"),
            ("\u{2067}\u{2068}\u{202A}\u{202B}\u{202C}\u{202D}\u{200E}\u{FEFF}z", "z"),
        ])
    func plainText(_ input: String, _ expected: String) {
        #expect(TextLayout.plainText(input) == expected)
        // A card lays the same tab out the same way.
        let line = input.split(separator: "\n").first.map(String.init) ?? ""
        let card = TextLayout.layout(line, width: 24, height: 1, alignment: .left)
        let shown = expected.split(separator: "\n").first.map(String.init) ?? ""
        #expect(PlainTextEncoder.lines(card)[0].hasPrefix(shown))
    }

    @Test(
        "sanitizing maps every control",
        arguments: [
            ("\u{0}", "\u{2400}"), ("\u{7}", "\u{2407}"), ("\u{1B}", "\u{241B}"), ("\u{1F}", "\u{241F}"),
            ("\r", "\u{240D}"), ("\r\n", "\n"), ("\u{7F}", "\u{2421}"), ("\u{80}", "\u{FFFD}"), ("\u{9B}", "\u{FFFD}"),
            ("\u{9F}", "\u{FFFD}"), ("\t\n", "\t\n"), ("\u{A0}", "\u{A0}"),
        ])
    func sanitize(_ input: String, _ expected: String) {
        #expect(TextLayout.sanitized(input).unicodeScalars.elementsEqual(expected.unicodeScalars))
    }

    @Test("cells carry the style: text colour and attributes on text, background everywhere")
    func styled() {
        let style = TextStyle(foreground: .rgb(.white), background: .rgb(.black), attributes: .bold)
        let buffer = TextLayout.layout("你", width: 3, height: 1, alignment: .left, style: style)
        let lead = Cell(glyph: 0x4F60, width: 2, foreground: .rgb(.white), background: .rgb(.black), attributes: .bold)
        #expect(buffer.cells == [lead, .continuation(of: lead), Cell.space(background: .rgb(.black))])
    }
}
