import FoldCycleTestSupport
import Foundation
import Testing

@testable import FoldCycle

/// Optional shading (docs/DESIGN.md#text-on-turned-faces): a turned face's colours multiplied by
/// the cosine of its angle from the front; off by default.
@Suite("Shading")
struct ShadingTests {
    static let green = RGBColor(red: 0, green: 128, blue: 0)

    /// The flip right at t = 0.25 (linear): the outgoing face is turned π/4, facing cos(π/4) =
    /// 0.7071…, which is 181/256 in the blend's fixed point: green's 128 becomes
    /// (181·128 + 128) >> 8 = 91. The card's centre cell shows the face's background.
    @Test("a turned face is dimmed by its facing when shading is on, and only then")
    func dimsTurnedFaces() {
        for shading in [false, true] {
            var scene = CardScene(
                cardSize: TerminalSize(columns: 20, rows: 5), style: CardStyle(palette: [Self.green], shading: shading))
            let frame = TransitionStyle(kind: .flip, direction: .right, timingFunction: .linear)
                .transition(slotSize: LayerSize(width: 20, height: 5)).frame(atFractionComplete: 0.25)
            #expect(abs(frame.slot(.outgoing).facing - 0.5.squareRoot()) < 1e-12)
            var buffer = CellBuffer(width: 0, height: 0)
            scene.render(frame, outgoing: (0, "A"), incoming: (1, "B"), into: &buffer)
            #expect(buffer[10, 2].background == .rgb(shading ? RGBColor(red: 0, green: 91, blue: 0) : Self.green))
        }
    }

    /// Default colours are resolved first (foreground white, background black), then scaled.
    @Test("shaded cells: every colour scaled, defaults resolved, glyphs kept")
    func shadedBuffer() {
        var buffer = CellBuffer(width: 3, height: 1)
        buffer[0, 0] = Cell(
            "a", foreground: .rgb(RGBColor(red: 200, green: 100, blue: 50)), background: .rgb(Self.green))
        buffer[1, 0] = Cell("b")
        let shaded = buffer.shaded(by: 0.5, foreground: .white, background: .black)
        #expect(shaded[0, 0].foreground == .rgb(RGBColor(red: 100, green: 50, blue: 25)))
        #expect(shaded[0, 0].background == .rgb(RGBColor(red: 0, green: 64, blue: 0)))
        #expect(shaded[1, 0].foreground == .rgb(RGBColor(red: 128, green: 128, blue: 128)))
        #expect(shaded[1, 0].background == .rgb(.black))
        #expect(PlainTextEncoder.lines(shaded) == PlainTextEncoder.lines(buffer))
        #expect(Self.green.scaled(by: 0.5) == RGBColor(red: 0, green: 64, blue: 0))
    }
}
