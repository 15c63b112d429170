import FoldCyclePlatform
import Foundation
import Testing

@testable import FoldCycle

@Suite("Animated SVG: cells to shapes, frames to one looping document (issue 11)")
struct AnimatedSVGTests {
    static let green = RGBColor(red: 0, green: 128, blue: 0)
    static let blue = RGBColor(red: 0, green: 0, blue: 255)
    static let white = RGBColor.white

    typealias Rect = SVGFrameShapes.Rect

    /// A 4 × 2 card: green with a bold white "A", a blue lower half-block at the end of row 0,
    /// and row 1 half green, half blue.
    static var card: CellBuffer {
        var cells = CellBuffer(width: 4, height: 2, filling: .space(background: .rgb(green)))
        cells[2, 0] = Cell("A", foreground: .rgb(white), background: .rgb(green), attributes: .bold)
        cells[3, 0] = Cell(glyph: 0x2584, foreground: .rgb(blue), background: .rgb(green))
        cells[2, 1] = .space(background: .rgb(blue))
        cells[3, 1] = .space(background: .rgb(blue))
        return cells
    }

    @Test(
        "backgrounds merge along rows and down columns (sorted by colour, x, width, y); block eighths are exact rectangles in their ink"
    )
    func shapes() {
        let shapes = SVGFrameShapes(Self.card, background: .black, foreground: .white)
        #expect(
            shapes.backgrounds == [
                Rect(color: Self.blue, x: 16, y: 8, width: 16, height: 8),
                Rect(color: Self.green, x: 0, y: 8, width: 16, height: 8),
                Rect(color: Self.green, x: 0, y: 0, width: 32, height: 8),
            ])
        #expect(shapes.blocks == [Rect(color: Self.blue, x: 24, y: 4, width: 8, height: 4)])
        #expect(shapes.texts.count == 1)
        #expect(shapes.texts.first?.clusters.map(\.text) == ["A"])
        #expect(
            shapes.texts.first.map { ($0.row, $0.column, $0.color, $0.attributes) } ?? (0, 0, .black, []) == (
                0, 2, Self.white, .bold
            ))
        #expect(shapes.texts.first?.placement == .stretched)
    }

    static let blockCases: [(UInt32, SVGFrameShapes.BlockPart?)] = [
        (0x2581, .part(x: 0, y: 7, width: 8, height: 1)), (0x2584, .part(x: 0, y: 4, width: 8, height: 4)),
        (0x2587, .part(x: 0, y: 1, width: 8, height: 7)), (0x2588, .full),
        (0x2589, .part(x: 0, y: 0, width: 7, height: 8)), (0x258C, .part(x: 0, y: 0, width: 4, height: 8)),
        (0x258F, .part(x: 0, y: 0, width: 1, height: 8)), (0x2580, .part(x: 0, y: 0, width: 8, height: 4)),
        (0x2594, .part(x: 0, y: 0, width: 8, height: 1)), (0x2590, .part(x: 4, y: 0, width: 4, height: 8)),
        (0x2595, .part(x: 7, y: 0, width: 1, height: 8)), (0x41, nil), (0x2591, nil), (0x20, nil),
    ]

    @Test(
        "every block element the compositor draws (and the halves and edge eighths) by its part of the cell",
        arguments: blockCases)
    func blockParts(_ glyph: UInt32, _ part: SVGFrameShapes.BlockPart?) {
        #expect(SVGFrameShapes.blockPart(of: glyph) == part)
    }

    /// The text runs of one row of `text` drawn with `style` on the terminal's defaults.
    func runs(_ text: String, attributes: CellAttributes = []) -> [SVGFrameShapes.TextRun] {
        let laidOut = TextLayout.layout(
            text, width: 12, height: 1, alignment: .left,
            style: TextStyle(foreground: .default, background: .default, attributes: attributes))
        return SVGFrameShapes(laidOut, background: .black, foreground: Self.white).texts
    }

    @Test(
        "text runs: spaces inside a narrow run are kept, trailing ones are not; wide and combined clusters are centred runs"
    )
    func textRuns() {
        let words = runs("ab cd  ")
        #expect(words.map { $0.clusters.map(\.text) } == [["a", "b", " ", "c", "d"]])
        #expect(words.first?.cellCount == 5)
        let mixed = runs("a搜索 b")
        #expect(mixed.map { $0.clusters.map(\.text) } == [["a"], ["搜", "索"], ["b"]])
        #expect(mixed.map(\.placement) == [.stretched, .centred, .stretched])
        #expect(mixed[1].clusters.map(\.column) == [1, 3])
        #expect(mixed[1].clusters.map(\.width) == [2, 2])
        let combined = runs("e\u{301}x")
        #expect(combined.map { $0.clusters.map(\.text) } == [["e\u{301}"], ["x"]])
        #expect(combined.map(\.placement) == [.centred, .stretched])
    }

    @Test("reverse video swaps the colours; default colours are the style's")
    func colours() {
        var cells = CellBuffer(width: 2, height: 1)
        cells[0, 0] = Cell("x", foreground: .rgb(Self.green), attributes: .reverse)
        let shapes = SVGFrameShapes(cells, background: .black, foreground: Self.white)
        #expect(shapes.backgrounds == [Rect(color: Self.green, x: 0, y: 0, width: 8, height: 8)])
        #expect(shapes.texts.map(\.color) == [.black])
        #expect(shapes.texts.map(\.attributes) == [[]])
    }

    @Test("a whole document: classes, one group per distinct frame, keyframes at the frames' times")
    func document() throws {
        var second = Self.card
        second[2, 0] = Cell("搜", foreground: .rgb(Self.white), background: .rgb(Self.green))
        second[3, 0] = .continuation(of: second[2, 0])
        let svg = try AnimatedSVG.document(
            frames: [
                .init(time: 0, cells: Self.card), .init(time: 0.5, cells: second), .init(time: 0.75, cells: second),
                .init(time: 1, cells: Self.card),
            ], duration: 2, style: AnimatedSVGStyle(fontFamily: "mono", cellWidth: 10, cellHeight: 20))
        #expect(
            svg
                == "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"40\" height=\"40\" viewBox=\"0 0 40 40\">"
                + "<style>text{font-family:mono;font-size:16.667px;white-space:pre;dominant-baseline:central}"
                + ".a{fill:#00f}.b{fill:#008000}.c{fill:#fff}.B{font-weight:bold}.M{text-anchor:middle}.d{fill:#000}"
                + "#s{animation:p 2s step-end infinite}@keyframes p{0%{transform:translateX(0)}"
                + "25%{transform:translateX(-40px)}50%{transform:translateX(0)}}</style>"
                + "<rect class=\"d\" width=\"40\" height=\"40\"/><g id=\"s\">"
                + "<g><path class=\"a\" d=\"M20 20h20v20h-20z\"/>"
                + "<path class=\"b\" d=\"M0 20h20v20h-20zM0 0h40v20h-40z\"/>"
                + "<path class=\"a\" d=\"M30 10h10v10h-10z\"/>"
                + "<text class=\"c B\" x=\"20\" y=\"10\" textLength=\"10\">A</text></g>"
                + "<g transform=\"translate(40)\"><path class=\"a\" d=\"M20 20h20v20h-20z\"/>"
                + "<path class=\"b\" d=\"M0 20h20v20h-20zM0 0h40v20h-40z\"/>"
                + "<text class=\"c M\" x=\"30\" y=\"10\">搜</text></g></g></svg>\n")
    }

    @Test("one frame is a still picture: no animation")
    func still() throws {
        let svg = try AnimatedSVG.document(frames: [.init(time: 0, cells: Self.card)], duration: 1)
        #expect(!svg.contains("@keyframes") && !svg.contains("animation"))
    }

    @Test("a cluster of several UTF-16 units repeats its centre, so SVG's per-unit positions stay on the cell")
    func surrogatePositions() throws {
        var cells = CellBuffer(width: 4, height: 1)
        cells[0, 0] = Cell("🎴")
        cells[1, 0] = .continuation(of: cells[0, 0])
        cells[2, 0] = Cell("索")
        cells[3, 0] = .continuation(of: cells[2, 0])
        let svg = try AnimatedSVG.document(frames: [.init(time: 0, cells: cells)], duration: 1)
        #expect(svg.contains("<text class=\"a M\" x=\"10 10 30\" y=\"10\">🎴索</text>"))
    }

    @Test("text is escaped for XML: markup in items is data, and characters XML forbids become U+FFFD")
    func escaping() {
        #expect(SVGDocumentWriter.escaped("<b>&\"x\"</b>") == "&lt;b&gt;&amp;&quot;x&quot;&lt;/b&gt;")
        #expect(SVGDocumentWriter.escaped("a\u{1}\u{FFFF}b\tc") == "a\u{FFFD}\u{FFFD}b\tc")
    }

    static let numberCases: [(Double, Int, String)] = [
        (400, 3, "400"), (12.5, 3, "12.5"), (1.25, 3, "1.25"), (16.666_666, 3, "16.667"), (-0.0, 3, "0"),
        (2.222_222_2, 4, "2.2222"), (0.000_04, 3, "0"), (-40, 3, "-40"),
    ]

    @Test("numbers are short: rounded, no trailing zeros", arguments: numberCases)
    func numbers(_ value: Double, _ decimals: Int, _ text: String) {
        #expect(SVGDocumentWriter.number(value, decimals: decimals) == text)
    }

    @Test("numbers are String(format: \"%.Nf\")'s digits, without trailing zeros, over a spread of values")
    func numbersMatchFormat() {
        var random = SeededGenerator(seed: 20)
        for index in 0..<20_000 {
            let magnitude = pow(10, Double(index % 40) - 20)
            let value = (Double(random.next() % 2_000_001) / 1_000_000 - 1) * magnitude
            for decimals in [3, 4, 6] {
                let scale = pow(10, Double(decimals))
                let rounded = (value * scale).rounded() / scale + 0.0
                var expected = String(format: "%.\(decimals)f", rounded)
                if rounded == rounded.rounded(), abs(rounded) < 1e15 {
                    expected = String(Int(rounded))
                } else {
                    while expected.hasSuffix("0") { expected.removeLast() }
                    if expected.hasSuffix(".") { expected.removeLast() }
                }
                #expect(SVGDocumentWriter.number(value, decimals: decimals) == expected, "\(value) \(decimals)")
            }
        }
    }

    static let errorCases: [([AnimatedSVG.Frame], Double, AnimatedSVGStyle, AnimatedSVGError)] = [
        ([], 1, .init(), .noFrames),
        (
            [
                .init(time: 0, cells: CellBuffer(width: 2, height: 1)),
                .init(time: 1, cells: CellBuffer(width: 3, height: 1)),
            ],
            2, .init(), .frameSizeMismatch(index: 1)
        ),
        (
            [.init(time: 0, cells: card), .init(time: 1, cells: card), .init(time: 0.5, cells: card)], 2, .init(),
            .timeOutOfOrder(index: 2)
        ),
        ([.init(time: 0, cells: card), .init(time: 1, cells: card)], 1, .init(), .invalidDuration(1)),
        ([.init(time: 0, cells: card)], .infinity, .init(), .invalidDuration(.infinity)),
        ([.init(time: 0, cells: card)], 1, .init(cellWidth: 0), .invalidCellSize(width: 0, height: 20)),
    ]

    @Test("frames the writer cannot loop are errors", arguments: errorCases)
    func errors(_ frames: [AnimatedSVG.Frame], _ duration: Double, _ style: AnimatedSVGStyle, _ error: AnimatedSVGError)
    {
        #expect(throws: error) { try AnimatedSVG.document(frames: frames, duration: duration, style: style) }
    }

    @Test("the style's defaults: 10 × 20 cells, black page, the contrasting foreground, a monospace list")
    func styleDefaults() {
        let style = AnimatedSVGStyle()
        #expect((style.cellWidth, style.cellHeight, style.background, style.foreground) == (10, 20, .black, .white))
        #expect(style.fontFamily.hasSuffix(", monospace"))
        #expect(AnimatedSVGStyle(background: .white).foreground == .black)
        #expect(AnimatedSVGStyle(cellWidth: 20, cellHeight: 20).fontSize == 17)
    }
}
