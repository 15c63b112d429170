import FoldCycle
import Foundation
import Testing

/// The package's one JSON writer (``JSONValue/serialized(_:)``): its two styles and its escapes.
@Suite("JSON writer: styles and escapes")
struct JSONWriterTests {
    static let value = JSONValue.object([
        ("a", .array([.int(1), .number("-0.5"), .null, .bool(true)])), ("b", .emptyObject), ("c", .array([])),
        ("d", .object([("e", .string("f"))])),
    ])

    @Test("compact writes no white space; asciicast a space after each comma and colon")
    func spacing() {
        #expect(Self.value.serialized == #"{"a":[1,-0.5,null,true],"b":{},"c":[],"d":{"e":"f"}}"#)
        #expect(
            Self.value.serialized(.asciicast) == #"{"a": [1, -0.5, null, true], "b": {}, "c": [], "d": {"e": "f"}}"#)
        #expect(Self.value.line() == Array((Self.value.serialized + "\n").utf8))
    }

    static let escapeCases: [(String, terminalSafe: String, controls: String)] = [
        ("plain é ☃ 🎴", #""plain é ☃ 🎴""#, #""plain é ☃ 🎴""#),
        ("\"\\/", #""\"\\/""#, #""\"\\/""#),
        ("\n\r\t", #""\n\r\t""#, #""\n\r\t""#),
        ("\u{8}\u{C}", #""\u0008\u000c""#, #""\b\f""#),
        ("\u{0}\u{1B}\u{1F}\u{7F}", #""\u0000\u001b\u001f\u007f""#, #""\u0000\u001b\u001f\u007f""#),
        // C1 controls and bidi or invisible format characters: escaped only where a line is shown.
        ("\u{85}\u{9B}", #""\u0085\u009b""#, "\"\u{85}\u{9B}\""),
        ("a\u{202E}b\u{200D}c\u{FEFF}", #""a\u202eb\u200dc\ufeff""#, "\"a\u{202E}b\u{200D}c\u{FEFF}\""),
    ]

    @Test("strings: terminal-safe escapes C1 and bidi too; controls uses \\b and \\f", arguments: escapeCases)
    func escapes(_ text: String, _ terminalSafe: String, _ controls: String) throws {
        #expect(JSONValue.quoted(text) == terminalSafe)
        #expect(JSONValue.quoted(text, escaping: .controls) == controls)
        #expect(JSONValue.string(text).serialized(.asciicast) == controls)
        // Both read back as the same string.
        for quoted in [terminalSafe, controls] {
            let read = try JSONSerialization.jsonObject(with: Data(quoted.utf8), options: .fragmentsAllowed)
            #expect(read as? String == text)
        }
    }

}
