import FoldCycleTestSupport
import Testing

@testable import FoldCycle

/// The terminal's background (issue 29 point 5, docs/decisions/0125-background-detection.md):
/// the OSC 11 answer's parser, `COLORFGBG`, the decoder's reports, the light palette, and at 16
/// colours fades and dims that keep a card's hue.
@Suite("Terminal background")
struct TerminalBackgroundTests {
    static let orange = RGBColor(red: 255, green: 165, blue: 0)

    @Test(
        "OSC 11 answers: 1 to 4 hex digits a channel, scaled to 8 bits; anything else is no colour",
        arguments: [
            ("rgb:ffff/ffff/ffff", RGBColor.white), ("rgb:0000/0000/0000", .black),
            ("rgb:1e1e/1e1e/2e2e", RGBColor(red: 30, green: 30, blue: 46)),
            ("rgb:f/8/0", RGBColor(red: 255, green: 136, blue: 0)),
            ("rgb:ff/80/00", RGBColor(red: 255, green: 128, blue: 0)),
            ("rgb:fff/800/000", RGBColor(red: 255, green: 128, blue: 0)),
            ("rgba:FFFF/0000/8080/ffff", RGBColor(red: 255, green: 0, blue: 128)),
        ])
    func answers(text: String, colour: RGBColor) {
        #expect(TerminalBackground.parseReply(Array(text.utf8)) == colour)
    }

    @Test(
        "malformed answers are no colour",
        arguments: [
            "", "rgb:", "rgb:ffff/ffff", "rgb:ffff/ffff/ffff/ffff", "rgb:fffff/0/0", "rgb:/0/0", "rgb:g/0/0",
            "rgba:f/f/f", "rgba:f/f/f/", "#ffffff", "?", "RGB:f/f/f",
        ])
    func malformed(text: String) {
        #expect(TerminalBackground.parseReply(Array(text.utf8)) == nil)
    }

    @Test("COLORFGBG: the last field's index among the 16 colours")
    func colorFGBG() {
        #expect(TerminalBackground.fromColorFGBG("0;15") == .white)
        #expect(TerminalBackground.fromColorFGBG("15;0") == .black)
        #expect(TerminalBackground.fromColorFGBG("7;default;0") == .black)
        #expect(TerminalBackground.fromColorFGBG("0;7") == ColorDepth.palette16[7])
        for text in [nil, "", "15", "0;default", "0;16", "0;-1", "0;15;", "a;b;c;d", "0;007"] {
            #expect(TerminalBackground.fromColorFGBG(text) == nil)
        }
    }

    @Test("the decoder reports an OSC 11 answer (BEL or ST, split anywhere) and keeps the keys around it")
    func decoderReports() {
        let bytes = Array("a\u{1B}]11;rgb:ffff/ffff/ffff\u{1B}\\b\u{1B}]11;rgb:0/0/0\u{07}\u{1B}[?62;22cc".utf8)
        let expected: [TerminalEvent.Kind] = [
            .key(.text("a")), .report(.backgroundColor(.white)), .key(.text("b")),
            .report(.backgroundColor(.black)), .report(.deviceAttributes([62, 22])), .key(.text("c")),
        ]
        for chunk in 1...bytes.count {
            var decoder = KeyDecoder()
            var decoded: [TerminalEvent.Kind] = []
            for start in stride(from: 0, to: bytes.count, by: chunk) {
                decoded += decoder.decodeWithReports(Array(bytes[start..<min(start + chunk, bytes.count)]))
            }
            // Text is cut where the reads are; joined it is the same.
            #expect(joined(decoded) == expected, "chunk \(chunk)")
        }
    }

    @Test("other OSC strings, an overlong one and one with ESC inside are dropped, not reported")
    func decoderDrops() {
        var decoder = KeyDecoder()
        let long = String(repeating: "f", count: KeyDecoder.maximumOSCAnswerBytes)
        let text = "\u{1B}]10;rgb:f/f/f\u{07}\u{1B}]11;rgb:\(long)/0/0\u{07}\u{1B}]11;rgb:f\u{1B}x/f/f\u{07}q"
        #expect(decoder.decodeWithReports(Array(text.utf8)) == [.key(.text("q"))])
    }

    private func joined(_ decoded: [TerminalEvent.Kind]) -> [TerminalEvent.Kind] {
        var result: [TerminalEvent.Kind] = []
        for item in decoded {
            if case .key(.text(let text)) = item, case .key(.text(let previous))? = result.last {
                result[result.count - 1] = .key(.text(previous + text))
            } else {
                result.append(item)
            }
        }
        return result
    }

    @Test("the default palette's light variant on a light background; other palettes kept")
    func lightPalette() {
        #expect(CardStyle().forBackground(.white).palette == CardStyle.lightBackgroundPalette)
        #expect(CardStyle().forBackground(.black).palette == CardStyle.defaultPalette)
        #expect(CardStyle(palette: [Self.orange]).forBackground(.white).palette == [Self.orange])
        // Each light colour keeps its 16-colour entry: green, blue, yellow, cyan, yellow.
        #expect(CardStyle.lightBackgroundPalette.map { ColorDepth.ansi16Index(for: $0) } == [2, 4, 3, 6, 3])
    }

    @Test("at 16 colours a fading layer is drawn whole at alpha ≥ 1/2 and not at all below")
    func sixteenColourFade() {
        #expect(ColorDepth.ansi16.shownAlpha(0.5) == 1)
        #expect(ColorDepth.ansi16.shownAlpha(0.49) == 0)
        #expect(ColorDepth.ansi16.shownAlpha(.nan) == 0)
        #expect(ColorDepth.ansi256.shownAlpha(0.3) == 0.3)
        #expect(ColorDepth.truecolor.shownAlpha(0.7) == 0.7)
        var card = CellBuffer(width: 2, height: 1)
        card[0, 0] = Cell("x", foreground: .rgb(.black), background: .rgb(Self.orange))
        card[1, 0] = Cell(" ", foreground: .rgb(.black), background: .rgb(Self.orange))
        for (alpha, shown) in [(0.9, TerminalColor.rgb(Self.orange)), (0.5, .rgb(Self.orange)), (0.3, .default)] {
            let compositor = Compositor(backgroundColor: .white, colorDepth: .ansi16)
            var frame = CellBuffer(width: 2, height: 1)
            compositor.composite([Layer(content: card, alpha: alpha)], width: 2, height: 1, into: &frame)
            #expect(frame[1, 0].background == shown, "alpha \(alpha)")
        }
        // Truecolor blends toward the background given: white, not black.
        let compositor = Compositor(backgroundColor: .white, colorDepth: .truecolor)
        var frame = CellBuffer(width: 2, height: 1)
        compositor.composite([Layer(content: card, alpha: 0.5)], width: 2, height: 1, into: &frame)
        #expect(frame[1, 0].background == .rgb(RGBColor(red: 255, green: 210, blue: 128)))
    }

    @Test("dims blend toward the background; at 16 colours below half brightness the colours stay, faint")
    func dims() {
        var card = CellBuffer(width: 1, height: 1)
        card[0, 0] = Cell("x", foreground: .rgb(.black), background: .rgb(Self.orange))
        let pale = card.shaded(by: 0.5, foreground: .black, background: .white)
        #expect(pale[0, 0].background == .rgb(RGBColor(red: 255, green: 210, blue: 128)))
        let faint = card.shaded(by: 0.4, foreground: .black, background: .black, depth: .ansi16)
        #expect(faint[0, 0].background == .rgb(Self.orange))
        #expect(faint[0, 0].attributes.contains(.dim))
        let kept = card.shaded(by: 0.6, foreground: .black, background: .black, depth: .ansi16)
        #expect(kept == card)
    }
}
