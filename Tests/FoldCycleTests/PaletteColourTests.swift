import FoldCycleCore
import FoldCycleTestSupport
import Testing

@testable import FoldCycle

/// The input's palette colours stay palette entries (docs/decisions/0181): sent as SGR 30–37,
/// 90–97 or `38;5;n` at every depth that has them, so the user's theme shows them, and blended
/// through their RGB only where a blend happens.
@Suite("Palette colours")
struct PaletteColourTests {
    /// `text` read as ANSI and laid out on a default card, one frame encoded in full at `depth`.
    static func encoded(_ text: String, depth: ColorDepth, alpha: Double = 1) -> String {
        var card = CellBuffer(width: 6, height: 1)
        TextLayout.layout(StyledString(ansi: text), into: &card, alignment: .left, style: TextStyle())
        var frame = CellBuffer(width: 6, height: 1)
        Compositor().composite([Layer(content: card, alpha: alpha)], into: &frame)
        var encoder = ANSIEncoder(mode: .inline, depth: depth)
        var bytes: [UInt8] = []
        encoder.encodeFull(frame, into: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Yellow, bright magenta, 256-colour 208, then a 16-colour blue background under it, then RGB.
    static let input = "\u{1B}[33mA\u{1B}[95mB\u{1B}[38;5;208mC\u{1B}[48;5;4mD\u{1B}[0;38;2;1;2;3mE"

    @Test(
        "16- and 256-palette entries are sent as their index at every depth that has them",
        arguments: [
            (
                ColorDepth.truecolor,
                "\u{1B}[0;33mA\u{1B}[95mB\u{1B}[38;5;208mC\u{1B}[44mD\u{1B}[0;38;2;1;2;3mE"
            ),
            (.ansi256, "\u{1B}[0;33mA\u{1B}[95mB\u{1B}[38;5;208mC\u{1B}[44mD\u{1B}[0;38;5;16mE"),
            // 208 (#ff8700) is nearest yellow (SGR 33) of the 16.
            (.ansi16, "\u{1B}[0;33mA\u{1B}[95mB\u{1B}[33mC\u{1B}[44mD\u{1B}[0;30mE"),
            (.none, "\u{1B}[0mABCDE"),
        ])
    func kept(depth: ColorDepth, expected: String) {
        #expect(Self.encoded(Self.input, depth: depth) == "\u{1B}[?2026h" + expected + "\u{1B}[K\u{1B}[0m\u{1B}[?2026l")
    }

    @Test("a blended palette colour is sent as its blended RGB")
    func blended() {
        let faded = Self.encoded("\u{1B}[33mA", depth: .truecolor, alpha: 0.5)
        #expect(!faded.contains("[0;33m") && !faded.contains(";33m"))
        #expect(faded.contains("38;2;"))
    }

    @Test("every palette entry packs and reads back as itself, with its xterm RGB")
    func roundTrip() {
        for index in 0...255 {
            let packed = TerminalColor.packedPalette(UInt8(index))
            #expect(TerminalColor.paletteIndex(packed: packed) == UInt8(index))
            #expect(TerminalColor(packed: packed) == .rgb(ColorDepth.ansi256Color(index: UInt8(index))))
        }
        #expect(
            TerminalColor.paletteIndex(packed: TerminalColor.rgb(RGBColor(red: 205, green: 205, blue: 0)).packed) == nil
        )
    }
}
