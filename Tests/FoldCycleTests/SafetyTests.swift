import FoldCycleTestSupport
import Testing

@testable import FoldCycle

@Suite("Safety: item text cannot inject terminal controls")
struct SafetyTests {
    /// OSC 52 clipboard write, clear screen, CR, BEL, DEL and the 8-bit CSI.
    static let hostile = "a\u{1B}]52;c;SGVsbG8=\u{07}b\u{1B}[2Jc\rd\u{07}e\u{7F}f\u{9B}31mg"

    @Test("controls are laid out as visible pictures")
    func laidOutVisibly() {
        let buffer = TextLayout.layout(Self.hostile, width: 40, height: 1, alignment: .left)
        #expect(
            PlainTextEncoder.lines(buffer)
                == ["a\u{241B}]52;c;SGVsbG8=\u{2407}b\u{241B}[2Jc\u{240D}d\u{2407}e\u{2421}f\u{FFFD}31mg      "])
    }

    @Test("the encoder output holds no control bytes besides its own sequences", arguments: ColorDepth.allCases)
    func encodedOutputIsClean(_ depth: ColorDepth) {
        let style = TextStyle(
            foreground: .rgb(RGBColor(red: 1, green: 2, blue: 3)), background: .default, attributes: .bold)
        let buffer = TextLayout.layout(Self.hostile, width: 40, height: 1, alignment: .left, style: style)
        var encoder = ANSIEncoder(mode: .inline, depth: depth)
        var bytes: [UInt8] = []
        encoder.encodeFull(buffer, into: &bytes)
        // Strip the sequences the encoder generates: ESC [ (digits ; ?)* final, final in "ABCDHJKmhl".
        var stripped: [UInt8] = []
        var index = 0
        var strippedSequences = 0
        while index < bytes.count {
            if bytes[index] == 0x1B, index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "[") {
                var end = index + 2
                while end < bytes.count, (0x30...0x3F).contains(bytes[end]) { end += 1 }
                #expect(end < bytes.count && Array("ABCDHJKmhl".utf8).contains(bytes[end]))
                index = end + 1
                strippedSequences += 1
                continue
            }
            stripped.append(bytes[index])
            index += 1
        }
        #expect(strippedSequences >= 3)
        #expect(!stripped.contains { $0 < 0x20 || $0 == 0x7F })
        let scalars = String(decoding: stripped, as: UTF8.self).unicodeScalars
        #expect(!scalars.contains { (0x80...0x9F).contains($0.value) })
        // The trailing blanks are erased with EL, not written.
        #expect(
            String(decoding: stripped, as: UTF8.self)
                == "a\u{241B}]52;c;SGVsbG8=\u{2407}b\u{241B}[2Jc\u{240D}d\u{2407}e\u{2421}f\u{FFFD}31mg")
    }
}
