import FoldCycleTestSupport
import Foundation
import Testing

@testable import FoldCycle

/// Where an edge crosses a cell, the block eighth carries the colours of the two cards that meet
/// there (docs/DESIGN.md#compositing): each slot's layer has its card's background, and a layer
/// drawn over an earlier layer's partial block takes as "the colour below" the colour of the
/// part it leaves uncovered.
@Suite("Edge colours")
struct EdgeColourTests {
    static let green = RGBColor(red: 0, green: 128, blue: 0)
    static let blue = RGBColor(red: 0, green: 0, blue: 255)
    /// Green at alpha 1/2 over the black terminal background: 128 · 128/256 = 64.
    static let halfGreen = RGBColor(red: 0, green: 64, blue: 0)

    static func render(_ style: TransitionStyle, size: TerminalSize, t: Double) -> CellBuffer {
        var scene = CardScene(cardSize: size, style: CardStyle(palette: [green, blue]))
        var frame = CellBuffer(width: 0, height: 0)
        let transition = style.transition(slotSize: LayerSize(width: size.columns, height: size.rows))
        scene.render(transition.frame(atFractionComplete: t), outgoing: (0, "AAA"), incoming: (1, "BBB"), into: &frame)
        return frame
    }

    static let legend: [Character: TextStyle] = [
        // Padding: a space on the card's colour; text: bold white on it.
        "b": TextStyle(background: .rgb(blue)),
        "B": TextStyle(foreground: .rgb(.white), background: .rgb(blue), attributes: .bold),
        // The outgoing's padding at alpha 1/2: its default foreground (white) blends to grey too.
        "g": TextStyle(foreground: .rgb(RGBColor(red: 128, green: 128, blue: 128)), background: .rgb(halfGreen)),
        // The outgoing text at alpha 1/2: white over black → 128 grey.
        "G": TextStyle(
            foreground: .rgb(RGBColor(red: 128, green: 128, blue: 128)), background: .rgb(halfGreen),
            attributes: .bold),
        // An edge cell: the outgoing (half green) in the block's ink, the incoming (blue) behind.
        "e": TextStyle(foreground: .rgb(halfGreen), background: .rgb(blue)),
        // The right fold's edge: the incoming (blue) in the left block's ink, the outgoing behind.
        "f": TextStyle(foreground: .rgb(blue), background: .rgb(halfGreen)),
    ]

    /// The fold down at t = 0.5 (linear) on 6 × 3: the incoming covers rows [0, 1.5], the
    /// outgoing (alpha 1/2) rows [1.4925, 3.0075]. Row 1 is covered 4/8 from below by the
    /// outgoing (▄ in half green over the clear cell), then 4/8 from above by the incoming: its
    /// complementary ▄ takes the colour of the part it leaves, the bottom half, which the earlier
    /// block fills: half green ink on blue.
    @Test("a fold's shared edge row is drawn in both cards' colours")
    func foldDown() {
        let frame = Self.render(
            .init(kind: .fold, direction: .down, timingFunction: .linear), size: .init(columns: 6, rows: 3), t: 0.5)
        let expected = Screen(
            [" BBB  ", "▄▄▄▄▄▄", " AAA  "], styles: ["bBBBbb", "eeeeee", "gGGGgg"], legend: Self.legend)
        #expect(Screen(frame) == expected, "\(Screen(frame).difference(from: expected))")
    }

    /// The fold right at t = 0.5 on 7 × 1: the incoming covers columns [0, 3.5], the outgoing
    /// [3.4825, 7.0175]. Column 3: the outgoing covers its right 4/8 (complementary ▌ in the clear
    /// colour over half green), then the incoming its left 4/8 (▌ in blue over the colour of the
    /// right half, which the earlier block's background fills: half green).
    @Test("a horizontal fold's shared edge column is drawn in both cards' colours")
    func foldRight() {
        let frame = Self.render(
            .init(kind: .fold, direction: .right, timingFunction: .linear), size: .init(columns: 7, rows: 1), t: 0.5)
        // Each face has 3 content columns (0...2 and 4...6): its line "BBB" or "AAA" fits, so
        // it is drawn whole (docs/DESIGN.md#text-on-turned-faces), not sampled (" BB", "AA ").
        let expected = Screen(["BBB▌AAA"], styles: ["BBBfGGG"], legend: Self.legend)
        #expect(Screen(frame) == expected, "\(Screen(frame).difference(from: expected))")
    }

    struct UncoveredCase: CustomTestStringConvertible, Sendable {
        var glyph: UInt32
        var family: BlockGlyph.Family
        var eighths: Int
        var coversFar: Bool
        var showsForeground: Bool
        var testDescription: String {
            "U+\(String(glyph, radix: 16)) \(family) \(eighths)/8 \(coversFar ? "far" : "near") → \(showsForeground ? "fg" : "bg")"
        }
    }

    /// The uncovered part's middle in sixteenths from the far side is (8 ± m); inside the
    /// existing block's 2n sixteenths it shows the block's ink.
    static let uncoveredCases: [UncoveredCase] = [
        // ▃ (3/8): a layer over the top 5/8 leaves the bottom 3/8, middle 3 < 6: ink.
        .init(glyph: 0x2583, family: .lower, eighths: 5, coversFar: false, showsForeground: true),
        // ▃: a layer over the bottom 2/8 leaves the top 6/8, middle 10 ≥ 6: background.
        .init(glyph: 0x2583, family: .lower, eighths: 2, coversFar: true, showsForeground: false),
        // ▆ (6/8): over the top 1/8 leaves the bottom 7/8, middle 7 < 12: ink.
        .init(glyph: 0x2586, family: .lower, eighths: 1, coversFar: false, showsForeground: true),
        // ▆: over the bottom 7/8 leaves the top 1/8, middle 15 ≥ 12: background.
        .init(glyph: 0x2586, family: .lower, eighths: 7, coversFar: true, showsForeground: false),
        // ▌ (4/8): over the left 4/8 leaves the right half, middle 12 ≥ 8: background.
        .init(glyph: 0x258C, family: .left, eighths: 4, coversFar: true, showsForeground: false),
        // ▌: over the right 4/8 leaves the left half, middle 4 < 8: ink.
        .init(glyph: 0x258C, family: .left, eighths: 4, coversFar: false, showsForeground: true),
        // A left block under a horizontal edge, and a letter: their background.
        .init(glyph: 0x258C, family: .lower, eighths: 4, coversFar: false, showsForeground: false),
        .init(glyph: 0x41, family: .lower, eighths: 4, coversFar: false, showsForeground: false),
        // The full block █ is content, not a partial block: its background.
        .init(glyph: 0x2588, family: .lower, eighths: 4, coversFar: false, showsForeground: false),
    ]

    @Test("the colour a partial block shows where a new edge leaves it uncovered", arguments: uncoveredCases)
    func uncovered(_ row: UncoveredCase) {
        let cell = Cell(glyph: row.glyph, foreground: .rgb(Self.green), background: .rgb(Self.blue))
        let colour = ProjectiveDraw.uncoveredColour(
            of: cell, family: row.family, eighths: row.eighths, coversFar: row.coversFar)
        #expect(colour == (row.showsForeground ? cell.foregroundBits : cell.backgroundBits))
    }
}
