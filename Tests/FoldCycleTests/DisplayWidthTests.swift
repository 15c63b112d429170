import FoldCycleTestSupport
import Foundation
import Testing

@testable import FoldCycle

/// One row of the display-width reference table: a string and the width of each of its
/// grapheme clusters.
struct WidthCase: CustomStringConvertible, Sendable {
    let name: String
    let text: String
    let widths: [Int]

    init(_ name: String, _ text: String, _ widths: [Int]) {
        self.name = name
        self.text = text
        self.widths = widths
    }

    var description: String { name }
}

/// Expected widths printed by `scripts/gen_width_reference.py` (Python wcwidth 0.9.4,
/// `wcwidth.width(cluster)` per `wcwidth.iter_graphemes` cluster); pasted unchanged.
// swift-format-ignore
let widthReference: [WidthCase] =
[
    WidthCase("ascii letter", "A", [1]),
    WidthCase("ascii word", "Fold", [1, 1, 1, 1]),
    WidthCase("space", " ", [1]),
    WidthCase("CJK ideograph", "\u{4F60}", [2]),
    WidthCase("CJK pair", "\u{4F60}\u{597D}", [2, 2]),
    WidthCase("CJK ext B", "\u{20000}", [2]),
    WidthCase("ideographic space", "\u{3000}", [2]),
    WidthCase("fullwidth number sign", "\u{FF03}", [2]),
    WidthCase("fullwidth latin A", "\u{FF21}", [2]),
    WidthCase("hangul syllable", "\u{D55C}", [2]),
    WidthCase("hangul decomposed jamo LV", "\u{1112}\u{1161}", [2]),
    WidthCase("hangul decomposed jamo LVT", "\u{1100}\u{1161}\u{11A8}", [2]),
    WidthCase("hangul filler", "\u{3164}", [0]),
    WidthCase("katakana full width", "\u{30A2}", [2]),
    WidthCase("katakana half width", "\u{FF71}", [1]),
    WidthCase("half width ka + voiced mark", "\u{FF76}\u{FF9E}", [2]),
    WidthCase("half width voiced mark alone", "\u{FF9E}", [1]),
    WidthCase("hiragana", "\u{3072}\u{3089}\u{304C}\u{306A}", [2, 2, 2, 2]),
    WidthCase("emoji thumbs up", "\u{1F44D}", [2]),
    WidthCase("emoji skin tone", "\u{1F44D}\u{1F3FD}", [2]),
    WidthCase("emoji skin tone alone", "\u{1F3FD}", [2]),
    WidthCase("ZWJ family", "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}\u{200D}\u{1F466}", [2]),
    WidthCase("ZWJ technologist with tone", "\u{1F469}\u{1F3FD}\u{200D}\u{1F4BB}", [2]),
    WidthCase("rainbow flag", "\u{1F3F3}\u{FE0F}\u{200D}\u{1F308}", [2]),
    WidthCase("flag FR", "\u{1F1EB}\u{1F1F7}", [2]),
    WidthCase("flag JP + US", "\u{1F1EF}\u{1F1F5}\u{1F1FA}\u{1F1F8}", [2, 2]),
    WidthCase("lone regional indicator", "\u{1F1EB}", [2]),
    WidthCase("three regional indicators", "\u{1F1E6}\u{1F1E8}\u{1F1E9}", [2, 2]),
    WidthCase("heart text", "\u{2764}", [1]),
    WidthCase("heart VS16", "\u{2764}\u{FE0F}", [2]),
    WidthCase("watch emoji presentation", "\u{231A}", [2]),
    WidthCase("watch VS15", "\u{231A}\u{FE0E}", [1]),
    WidthCase("scissors text", "\u{2702}", [1]),
    WidthCase("scissors VS16", "\u{2702}\u{FE0F}", [2]),
    WidthCase("copyright text", "\u{A9}", [1]),
    WidthCase("copyright VS16", "\u{A9}\u{FE0F}", [2]),
    WidthCase("letter A with VS16", "A\u{FE0F}", [1]),
    WidthCase("keycap one", "1\u{FE0F}\u{20E3}", [2]),
    WidthCase("keycap hash", "#\u{FE0F}\u{20E3}", [2]),
    WidthCase("e + combining acute", "e\u{301}", [1]),
    WidthCase("e + two combining marks", "e\u{301}\u{323}", [1]),
    WidthCase("precomposed e acute", "\u{E9}", [1]),
    WidthCase("lone combining grave", "\u{300}", [0]),
    WidthCase("zero width space", "\u{200B}", [0]),
    WidthCase("ZWJ alone", "\u{200D}", [0]),
    WidthCase("word joiner", "\u{2060}", [0]),
    WidthCase("byte order mark", "\u{FEFF}", [0]),
    WidthCase("soft hyphen", "\u{AD}", [1]),
    WidthCase("devanagari conjunct", "\u{915}\u{94D}\u{937}", [2]),
    WidthCase("devanagari spacing mark", "\u{915}\u{93E}", [2]),
    WidthCase("thai sara am", "\u{E01}\u{E33}", [2]),
    WidthCase("mathematical bold A", "\u{1D400}", [1]),
    WidthCase("horizontal ellipsis", "\u{2026}", [1]),
    WidthCase("box drawing", "\u{2500}\u{2502}", [1, 1]),
    WidthCase("block eighths", "\u{2581}\u{258F}\u{2588}", [1, 1, 1]),
    WidthCase("control picture ESC", "\u{241B}", [1]),
    WidthCase("replacement character", "\u{FFFD}", [1]),
    WidthCase("mixed latin CJK emoji", "a\u{4E16}\u{1F600}b", [1, 2, 2, 1]),
    WidthCase("trigram (wide in Python, narrow in glibc)", "\u{2630}", [2]),
    WidthCase("CJK stroke (unassigned in glibc 2.36)", "\u{31E4}", [2]),
]

@Suite("DisplayWidth")
struct DisplayWidthTests {
    @Test("cluster widths match Python wcwidth 0.9.4", arguments: widthReference)
    func clusterWidths(_ testCase: WidthCase) {
        #expect(testCase.text.map { DisplayWidth.of($0) } == testCase.widths)
    }

    @Test("string width is the sum of its clusters", arguments: widthReference)
    func stringWidth(_ testCase: WidthCase) {
        #expect(DisplayWidth.of(testCase.text) == testCase.widths.reduce(0, +))
    }

    @Test("the reference table is large enough")
    func tableSize() {
        #expect(widthReference.count >= 40)
    }

    @Test(
        "scalar widths of controls, NUL and plain characters",
        arguments: [
            (UInt32(0x00), 0), (0x07, -1), (0x1B, -1), (0x7F, -1), (0x9B, -1), (0x41, 1),
            (0x4F60, 2), (0x0301, 0), (0x093E, 0), (0x1F1EB, 2),
        ])
    func scalarWidths(_ value: UInt32, _ expected: Int) {
        #expect(DisplayWidth.scalarWidth(value) == expected)
    }

    @Test("widths leave the process locale alone (they set LC_ALL to C.UTF-8 before)")
    func localeUntouched() {
        #expect(DisplayWidth.of("\u{4F60}\u{093E}e\u{0301}") == 3)
        #expect(DisplayWidth.scalarWidth(0x1F600) == 2)
        // Nothing in the test process sets a locale: it is still the "C" every C program starts in.
        #expect(String(cString: setlocale(LC_ALL, nil)) == "C")
    }

    @Test(
        "the per-scalar width a terminal adds up: the table's, a spacing mark 1, a control 0",
        arguments: [
            (UInt32(0x41), 1), (0x4F60, 2), (0x0301, 0), (0x093E, 1), (0x1F1EB, 2), (0x1B, 0), (0x3164, 0),
            (0x31E4, 2),
        ])
    func terminalScalarWidths(_ value: UInt32, _ expected: Int) {
        #expect(DisplayWidth.terminalScalarWidth(value) == expected)
    }

    @Test("the table is of one Unicode version and sorted, disjoint ranges")
    func tableShape() {
        #expect(DisplayWidthTables.unicodeVersion == "18.0.0")
        let table = DisplayWidthTables.scalarWidths
        #expect(zip(table, table.dropFirst()).allSatisfy { $0.upper < $1.lower })
        #expect(table.allSatisfy { $0.lower <= $0.upper && $0.width != 1 })
    }
}
