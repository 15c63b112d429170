import FoldCycleTestSupport
import Testing

@testable import FoldCycle

let oscBytes: [UInt8] = [0x1B, 0x5D] + Array("52;c;aGk=".utf8) + [0x07]

/// (bytes, expected key presses), typed out for the type checker.
let keyDecoderCases: [([UInt8], [KeyPress])] = [
    (Array("status".utf8) + [0x0D], [KeyPress.text("status"), .enter]),
    ([0x61, 0x7F, 0x08, 0x15, 0x04], [.text("a"), .backspace, .backspace, .clearLine, .endOfTransmission]),
    (
        [0x1B, 0x5B, 0x41, 0x1B, 0x5B, 0x42, 0x1B, 0x4F, 0x43, 0x1B, 0x5B, 0x44],
        [.arrow(.up), .arrow(.down), .arrow(.right), .arrow(.left)]
    ),
    ([0x20], [.text(" ")]),
    // OSC 52 typed or pasted: the whole control string is dropped, up to BEL or ST.
    (oscBytes, []),
    (Array("di\u{1B}[31mrection\u{1B}]52;c;aGk=\u{07} up".utf8), [.text("direction up")]),
    (Array("a\u{1B}P1$r\u{1B}\\b".utf8), [.text("ab")]),
    // CSI with parameters (F5: ESC [ 1 5 ~) and bracketed paste markers are dropped.
    ([0x1B, 0x5B, 0x31, 0x35, 0x7E, 0x1B, 0x5B, 0x32, 0x30, 0x30, 0x7E, 0x78], [.text("x")]),
    (Array("你好".utf8), [.text("你好")]),
    ([0x09, 0x0A], [.enter]),
    ([0xC2, 0x9B, 0x41], [.text("A")]),
    ([0xFF, 0x41], [.text("\u{FFFD}A")]),
    // Esc Esc: the first is the Esc key; the second starts a sequence (an arrow here).
    ([0x1B, 0x1B, 0x5B, 0x41], [.escape, .arrow(.up)]),
    // Alt+key (ESC then a byte) is not Esc: both dropped.
    ([0x1B, 0x71, 0x62], [.text("b")]),
]

@Suite("KeyDecoder")
struct KeyDecoderTests {
    @Test("bytes decode to key presses", arguments: keyDecoderCases)
    func decode(_ bytes: [UInt8], _ expected: [KeyPress]) {
        var decoder = KeyDecoder()
        #expect(decoder.feed(bytes) == expected)
    }

    @Test("a lone Esc that timed out is the Esc key, and does not swallow the next key")
    func loneEscape() {
        var decoder = KeyDecoder()
        #expect(decoder.feed([0x1B]) == [])
        #expect(decoder.flushPendingEscape() == .escape)
        #expect(decoder.flushPendingEscape() == nil)
        #expect(decoder.feed(Array("next".utf8)) == [.text("next")])
        // An unfinished sequence that timed out is dropped, not an Esc.
        #expect(decoder.feed([0x1B, 0x5B]) == [])
        #expect(decoder.flushPendingEscape() == nil)
        #expect(decoder.feed(Array("q".utf8)) == [.text("q")])
    }

    @Test("a sequence split across reads completes on the next read")
    func split() {
        var decoder = KeyDecoder()
        #expect(decoder.feed([0x1B]) == [])
        #expect(decoder.feed([0x5B]) == [])
        #expect(decoder.feed([0x44]) == [.arrow(.left)])
        let utf8 = Array("界".utf8)
        #expect(decoder.feed([utf8[0]]) == [])
        #expect(decoder.feed([utf8[1]]) == [])
        #expect(decoder.feed([utf8[2], 0x0D]) == [.text("界"), .enter])
    }
}
