import Testing

@testable import FoldCycle

private func sgr(_ body: String) -> [UInt8] { [0x1B, 0x5B, 0x3C] + Array(body.utf8) }

/// (bytes, expected events), typed out for the type checker.
let mouseDecodingCases: [([UInt8], [TerminalEvent.Kind])] = [
    (sgr("0;10;5M"), [.mouse(MouseEvent(action: .press, button: .left, column: 9, row: 4))]),
    (sgr("32;11;5M"), [.mouse(MouseEvent(action: .motion, button: .left, column: 10, row: 4))]),
    (sgr("0;12;5m"), [.mouse(MouseEvent(action: .release, button: .left, column: 11, row: 4))]),
    (sgr("2;300;200M"), [.mouse(MouseEvent(action: .press, button: .right, column: 299, row: 199))]),
    (sgr("64;1;1M"), [.mouse(MouseEvent(action: .press, button: .wheelUp, column: 0, row: 0))]),
    (sgr("65;1;1M"), [.mouse(MouseEvent(action: .press, button: .wheelDown, column: 0, row: 0))]),
    (
        sgr("20;3;4M"),
        [.mouse(MouseEvent(action: .press, button: .left, column: 2, row: 3, modifiers: [.control, .shift]))]
    ),
    (sgr("35;7;8M"), [.mouse(MouseEvent(action: .motion, button: .none, column: 6, row: 7))]),
    (sgr("128;1;1M"), [.mouse(MouseEvent(action: .press, button: .other(128), column: 0, row: 0))]),
    // Keys around a report stay keys; the report is never text.
    (
        Array("l".utf8) + sgr("0;2;3M") + Array("h".utf8),
        [.key(.text("l")), .mouse(MouseEvent(action: .press, button: .left, column: 1, row: 2)), .key(.text("h"))]
    ),
    // X10 form: CSI M and three bytes of value + 32; code 3 is a release.
    ([0x1B, 0x5B, 0x4D, 0x20, 0x21, 0x22], [.mouse(MouseEvent(action: .press, button: .left, column: 0, row: 1))]),
    ([0x1B, 0x5B, 0x4D, 0x23, 0x2A, 0x22], [.mouse(MouseEvent(action: .release, button: .none, column: 9, row: 1))]),
    ([0x1B, 0x5B, 0x4D, 0x40, 0x2A, 0x22], [.mouse(MouseEvent(action: .motion, button: .left, column: 9, row: 1))]),
    // Malformed reports are dropped whole, never turned into text.
    (sgr("0;0;5M"), []),
    (sgr("1;2M"), []),
    (sgr("1;2;3;4M"), []),
    (sgr("0;1234567;5M"), []),
    (sgr("0;1;" + String(repeating: "9", count: 40) + "M") + Array("x".utf8), [.key(.text("x"))]),
    // Esc pressed twice: the first is a key, the second waits for more.
    ([0x1B, 0x1B], [.key(.escape)]),
]

@Suite("Mouse and Esc decoding")
struct MouseDecodingTests {
    @Test("SGR and X10 mouse reports decode to mouse events", arguments: mouseDecodingCases)
    func decode(_ bytes: [UInt8], _ expected: [TerminalEvent.Kind]) {
        var decoder = KeyDecoder()
        #expect(decoder.decode(bytes) == expected)
    }

    @Test("feed returns keys only: a mouse report is dropped")
    func feedDropsMouse() {
        var decoder = KeyDecoder()
        #expect(decoder.feed(sgr("0;10;5M") + Array("q".utf8)) == [.text("q")])
    }

    @Test("a report split across reads completes on the next read")
    func split() {
        var decoder = KeyDecoder()
        #expect(decoder.decode([0x1B, 0x5B]) == [])
        #expect(decoder.decode(Array("<0;4".utf8)) == [])
        #expect(
            decoder.decode(Array(";2M".utf8)) == [.mouse(MouseEvent(action: .press, button: .left, column: 3, row: 1))])
        #expect(decoder.decode([0x1B, 0x5B, 0x4D, 0x20]) == [])
        #expect(decoder.decode([0x21, 0x21]) == [.mouse(MouseEvent(action: .press, button: .left, column: 0, row: 0))])
    }

    @Test("a lone Esc becomes the Esc key when nothing follows; an unfinished sequence is dropped")
    func escape() {
        var decoder = KeyDecoder()
        #expect(decoder.decode([0x1B]) == [])
        #expect(decoder.flushPendingEscape() == .escape)
        #expect(decoder.flushPendingEscape() == nil)
        #expect(decoder.decode([0x1B, 0x5B, 0x3C, 0x30]) == [])
        #expect(decoder.flushPendingEscape() == nil)
        #expect(decoder.decode(Array("q".utf8)) == [.key(.text("q"))])
    }
}
