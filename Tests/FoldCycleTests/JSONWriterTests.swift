import FoldCycle
import Foundation
import Testing

/// The package's one JSON writer (``JSONValue/serialized(_:)``): its two styles, and its encoder
/// of `Encodable` values against Foundation's `JSONEncoder`, which the bench used before.
@Suite("JSON writer: styles, escapes, and Encodable values as JSONEncoder wrote them")
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

    struct Sample: Encodable {
        struct Inner: Encodable {
            var count = 3
            var median = 0.25
        }

        var b = 1
        var capitalB = 2
        var a10 = 3
        var a2 = 4
        var aB = 5
        var ab = 6
        var aUnderscoreB = 7
        var eAcute = 8
        var absent: Int?
        var present: Double? = 3
        var text = "µs ≤ 20 / \"q\" \\ \n\u{1}"
        var numbers: [Double] = [
            0, -0.0, 1, 1.5, 0.1, 1e-5, 0.0001, 1e15, 1e16, 1e20, 123_456_789_012.5, 2.5e-300, 100, 1e21,
            .infinity, -.infinity, .nan,
        ]
        var float: Float = 0.1
        var big: UInt64 = .max
        var small: Int8 = -5
        var flags = [true, false]
        var optionals: [Int?] = [1, nil]
        var nested: [String: Int] = ["y": 1, "x": 2]
        var inner = Inner()
        var inners = [Inner(), Inner(count: 0, median: -2)]
        var empty: [String: Int] = [:]
        var none: [[Int]] = [[], [1]]

        enum CodingKeys: String, CodingKey {
            case b, a10, a2, aB, ab, absent, present, text, numbers, float, big, small, flags, optionals, nested
            case inner, inners, empty, none
            case capitalB = "B"
            case aUnderscoreB = "a_b"
            case eAcute = "é"
        }
    }

    static let floats = JSONValueEncoder.NonConformingFloats(
        positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")

    /// What Foundation's `JSONEncoder` wrote with the bench's options.
    static func foundation(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    @Test("an Encodable value is written as JSONEncoder wrote it: keys sorted by bytes, numbers, nil left out")
    func encodable() throws {
        let encoder = JSONValueEncoder(sortsKeys: true, nonConformingFloats: Self.floats)
        let written = try encoder.encode(Sample()).serialized
        #expect(written == (try Self.foundation(Sample())))
        #expect(written.hasPrefix(#"{"B":2,"a10":3,"a2":4,"aB":5,"a_b":7,"ab":6,"b":1,"big":18446744073709551615,"#))
        // Strings are the tool's own, terminal-safe: where JSONEncoder left DEL, C1 and bidi
        // controls raw (no report holds one), they are escaped.
        #expect(try encoder.encode(["\u{7F}\u{85}\u{202E}"]).serialized == #"["\u007f\u0085\u202e"]"#)
        #expect(try Self.foundation(["\u{7F}\u{85}\u{202E}"]) == "[\"\u{7F}\u{85}\u{202E}\"]")
        // Unsorted: in the order encoded.
        let inner = try JSONValueEncoder().encode(Sample.Inner())
        #expect(inner.serialized == #"{"count":3,"median":0.25}"#)
    }

    @Test("doubles over their whole range are written as JSONEncoder wrote them")
    func doubles() throws {
        var generator = SeededGenerator(seed: 20_261_202)
        var values: [Double] = [
            .leastNonzeroMagnitude, .greatestFiniteMagnitude, 9_007_199_254_740_992, 1e16 - 2, 9.999e-5,
        ]
        for _ in 0..<2_000 {
            values.append(Double(bitPattern: generator.next()))
            values.append(Double.random(in: -1e6...1e6, using: &generator))
            values.append((Double.random(in: 0...1_000, using: &generator) * 1_000).rounded() / 1_000)
        }
        let encoder = JSONValueEncoder(sortsKeys: true, nonConformingFloats: Self.floats)
        #expect(try encoder.encode(values).serialized == (try Self.foundation(values)))
    }

    @Test("a non-finite number without texts for it is an error, as JSONEncoder's")
    func nonConforming() {
        #expect(throws: EncodingError.self) { try JSONValueEncoder().encode([Double.nan]) }
    }
}
