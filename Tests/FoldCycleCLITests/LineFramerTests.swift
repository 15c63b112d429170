import FoldCycle
import Foundation
import Testing

@testable import FoldCycleCLI

/// Lines from a byte stream, with the length bound (docs/DESIGN.md#control-protocol).
@Suite("Control protocol: line framing and JSON values")
struct LineFramerTests {
    @Test("lines split at LF across chunks; the last line without LF comes at the end")
    func splitting() {
        var framer = LineFramer(limit: 16)
        #expect(framer.append(Array("ab\ncd".utf8)) == [.line(Array("ab".utf8))])
        #expect(framer.append(Array("e\n\nf".utf8)) == [.line(Array("cde".utf8)), .line([])])
        #expect(framer.finish() == .line(Array("f".utf8)))
        #expect(framer.finish() == nil)
    }

    @Test("a line over the limit is counted and dropped as it comes; the next line is read as usual")
    func tooLong() {
        var framer = LineFramer(limit: 4)
        #expect(framer.append(Array("1234".utf8)).isEmpty)
        #expect(framer.append(Array("5678".utf8)).isEmpty)
        #expect(framer.append(Array("9\nok\n".utf8)) == [.tooLong(byteCount: 9), .line(Array("ok".utf8))])
        #expect(framer.append(Array("abcdef".utf8)).isEmpty)
        #expect(framer.finish() == .tooLong(byteCount: 6))
        // A line of exactly the limit is whole.
        #expect(framer.append(Array("wxyz\n".utf8)) == [.line(Array("wxyz".utf8))])
    }

    @Test("a megabyte without LF holds no more than the limit")
    func bounded() {
        var framer = LineFramer(limit: 1024)
        for _ in 0..<1024 { #expect(framer.append([UInt8](repeating: 0x7B, count: 1024)).isEmpty) }
        #expect(framer.append([0x0A]) == [.tooLong(byteCount: 1_048_576)])
    }

    @Test(
        "JSON text: strings escaped (controls, DEL, C1 as \\u), numbers as given, members in order",
        arguments: [
            (JSONValue.string("a\"b\\c\n\t\r\u{1B}[31m\u{7F}\u{85}☃"), #""a\"b\\c\n\t\r\u001b[31m\u007f\u0085☃""#),
            (.double(0.1), "0.1"), (.double(-0.0), "0"), (.double(2), "2"), (.double(.nan), "null"),
            (.double(.infinity), "null"), (.int(-3), "-3"), (.number("1e+300"), "1e+300"),
            (.object([("b", .null), ("a", .array([.bool(false)]))]), #"{"b":null,"a":[false]}"#),
        ])
    func serialized(_ value: JSONValue, _ text: String) {
        #expect(value.serialized == text)
    }

    @Test(
        "whole numbers read as indices; fractions, huge numbers and other types do not",
        arguments: [
            ("3", 3 as Int?), ("3.0", 3), ("3e0", 3), ("-2", -2), ("3.5", nil), ("1e20", nil),
            ("12345678901234567890", nil),
        ])
    func intValues(_ text: String, _ expected: Int?) {
        #expect(JSONValue.number(text).intValue == expected)
        #expect(JSONValue.string(text).intValue == nil)
    }
}
