import FoldCycle
import Foundation
import Testing

@testable import FoldCycleCLI

/// The product's stand-ins for the Foundation APIs that link CoreFoundation and ICU into the
/// binary (docs/decisions/0012-foundation-essentials.md), each compared with the API it replaces.
@Suite("Foundation-free stand-ins")
struct FoundationFreeTests {
    // MARK: - JSONParser against JSONSerialization

    /// What `JSONSerialization` made of JSON text, converted as the protocol did before.
    static func reference(_ object: Any) -> JSONValue? {
        switch object {
        case is NSNull: return .null
        case let text as String: return .string(text)
        case let number as NSNumber:
            if type(of: number) == type(of: NSNumber(value: true)) { return .bool(number.boolValue) }
            if let decimal = number as? NSDecimalNumber { return .number(decimal.description) }
            let type = String(cString: number.objCType)
            return type == "d" || type == "f" ? .double(number.doubleValue) : .number(number.stringValue)
        case let array as [Any]:
            let values = array.compactMap(reference)
            return values.count == array.count ? .array(values) : nil
        case let dictionary as [String: Any]:
            var members: [JSONValue.Member] = []
            for key in dictionary.keys.sorted() {
                guard let value = reference(dictionary[key]!) else { return nil }
                members.append(JSONValue.Member(key, value))
            }
            return .object(members)
        default: return nil
        }
    }

    @Test(
        "valid JSON reads as JSONSerialization read it",
        arguments: [
            #"{}"#, #"[]"#, #" [ 1 , 2 ] "#, "\t{\n\"a\"\r:\n1}", #"[0,-0,-17,1.5,-0.25,2.0,1e300,1E-5,3e+2,0.1]"#,
            #"[9223372036854775807,-9223372036854775808,12345678901234567890]"#, #"[true,false,null]"#,
            #"{"b":2,"a":{"c":[null]},"b":3}"#, #"["\"\\\/\b\f\n\r\t","\u00e9\u0000\uD83D\uDE00","☃ é"]"#,
            #"{"":""}"#, #"[[[[[]]]]]"#, #"["\u20AC\ufeff"]"#,
        ])
    func valid(_ text: String) throws {
        let expected = try Self.reference(JSONSerialization.jsonObject(with: Data(text.utf8)))
        #expect(try JSONParser.parse(Array(text.utf8)) == expected)
    }

    @Test(
        "invalid JSON is refused with the offset where it goes wrong",
        arguments: [
            ("", "Unexpected end of file during JSON parse"), ("nul", "Unexpected end of file during JSON parse"),
            ("[1,]", "Invalid value around character 3"), ("[1 2]", "Invalid value around character 3"),
            (#"{"a" 1}"#, "Invalid value around character 5"), (#"{"a":1,}"#, "Invalid value around character 7"),
            ("[01]", "Invalid value around character 2"), ("[-]", "Invalid value around character 2"),
            ("[1.]", "Invalid value around character 3"), ("[1e]", "Invalid value around character 3"),
            ("[.5]", "Invalid value around character 1"), ("[+1]", "Invalid value around character 1"),
            ("[\"a\u{01}\"]", "Unescaped control character around character 3"),
            (#"["\x"]"#, "Invalid escape sequence around character 2"),
            (#"["\uD83D"]"#, #"Invalid \u escape (a lone UTF-16 surrogate) around character 2"#),
            (#"["\uDE00"]"#, #"Invalid \u escape (a lone UTF-16 surrogate) around character 2"#),
            (#"["\uD83Dx"]"#, #"Invalid \u escape (a lone UTF-16 surrogate) around character 2"#),
            (#"["\u12G4"]"#, #"Invalid \u escape (four hex digits) around character 6"#),
            ("[1e400]", "Number 1e400 is not representable in Swift"), ("[NaN]", "Invalid value around character 1"),
            ("[1] [2]", "Invalid value around character 4"),
            ("[\"\u{FEFF}\"] \u{FEFF}", "Invalid value around character 8"),
        ])
    func invalid(_ text: String, _ message: String) {
        #expect(throws: JSONParser.Failure(message: message)) { try JSONParser.parse(Array(text.utf8)) }
        // JSONSerialization took a trailing comma; RFC 8259 (and the parser) does not.
        if !text.hasSuffix(",]") && !text.hasSuffix(",}") {
            #expect((try? JSONSerialization.jsonObject(with: Data(text.utf8))) == nil)
        }
    }

    @Test("invalid UTF-8 is refused at its first byte")
    func invalidUTF8() {
        let bytes = Array(#"["é"#.utf8) + [0xC3, 0x28] + Array(#""]"#.utf8)
        #expect(throws: JSONParser.Failure(message: "Invalid UTF-8 around character 4")) {
            try JSONParser.parse(bytes)
        }
    }

    @Test("nesting: 512 levels are read, 513 refused; fragments only when allowed")
    func depthAndFragments() throws {
        let deepest = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        #expect(throws: Never.self) { try JSONParser.parse(Array(deepest.utf8)) }
        #expect(throws: JSONParser.Failure(message: "Too many nested arrays or dictionaries around character 512")) {
            try JSONParser.parse(Array(("[" + deepest + "]").utf8))
        }
        #expect(try JSONParser.parse(Array(" 42 ".utf8), allowingFragments: true) == .number("42"))
        #expect(try JSONParser.parse(Array(#""a""#.utf8), allowingFragments: true) == .string("a"))
    }

    // MARK: - Whitespace and alphanumerics against CharacterSet

    @Test("whitespace, whitespace-or-newline and alphanumeric scalars are CharacterSet's, in the BMP")
    func characterSets() {
        var mismatches: [String] = []
        // No scalar beyond the BMP is white space (general category Z* has none there).
        for value in UInt32(0)...0xFFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            if scalar.isWhitespace != CharacterSet.whitespaces.contains(scalar) { mismatches.append("ws \(value)") }
            if scalar.isWhitespaceOrNewline != CharacterSet.whitespacesAndNewlines.contains(scalar) {
                mismatches.append("wsnl \(value)")
            }
            // CoreFoundation's Unicode tables are older than the standard library's: compare the
            // scalars both know (assigned by Unicode 13; beyond the BMP, CF lacks Tangut).
            if let age = scalar.properties.age, age.major <= 13,
                scalar.isAlphanumeric != CharacterSet.alphanumerics.contains(scalar)
            {
                mismatches.append("alnum \(value)")
            }
        }
        #expect(mismatches.prefix(20) == [])
    }

    @Test(
        "trimming is trimmingCharacters(in:)'s, scalar by scalar",
        arguments: [
            "", " ", " a ", "\t a b \u{3000}", "\u{200B}z\u{200B}", "\u{A0}x\u{2003}", " \u{301}x ", "\r\n x \n",
            "x\u{85}",
            "\u{2028}y\u{2029}",
        ])
    func trimming(_ text: String) {
        #expect(text.trimmingWhitespace() == text.trimmingCharacters(in: .whitespaces))
        #expect(text.trimmingWhitespaceAndNewlines() == text.trimmingCharacters(in: .whitespacesAndNewlines))
        #expect(
            text.trimmingWhitespace().unicodeScalars.count
                == text.trimmingCharacters(in: .whitespaces).unicodeScalars.count)
    }

    // MARK: - Times against ISO8601DateFormatter

    @Test(
        "RFC 3339 times read as ISO8601DateFormatter read them",
        arguments: [
            "2026-12-01T08:30:00Z", "2026-12-01T09:30:00+01:00", "2026-12-01T08:30:00-05:30", "2000-02-29T23:59:59Z",
            "1970-01-01T00:00:00Z", "1969-12-31T23:59:59Z", "1600-03-01T00:00:00Z", "2026-12-01T08:30:00.25Z",
            "2026-12-01T08:30:00.5+14:00", "2024-02-29T12:00:00Z",
        ])
    func internetTimes(_ text: String) throws {
        let plain = ISO8601DateFormatter()
        plain.formatOptions = [.withInternetDateTime]
        let fraction = ISO8601DateFormatter()
        fraction.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        let expected = try #require(plain.date(from: text) ?? fraction.date(from: text))
        #expect(TimeText.parse(text) == expected)
    }

    @Test("days before 1582 are proleptic Gregorian, as RFC 3339 says (the formatter used the Julian calendar)")
    func prolepticGregorian() {
        #expect(TimeText.parse("0001-01-01T00:00:00Z")?.timeIntervalSince1970 == -62_135_596_800)
        #expect(TimeText.parse("0000-03-01")?.timeIntervalSince1970 == -62_162_035_200)
    }

    @Test(
        "what is not an RFC 3339 time or a date",
        arguments: [
            "2026-02-29", "2026-04-31", "2026-00-10", "2026-12-01T24:00:00Z", "2026-12-01T08:60:00Z",
            "2026-12-01T08:30:60Z", "2026-12-01T08:30:00", "2026-12-01T08:30:00.Z", "2026-12-01T08:30:00+0100",
            "2026-12-01 08:30:00Z", "2026-1-01", "2026-12-01T08:30Z",
        ])
    func notTimes(_ text: String) {
        #expect(TimeText.parse(text) == nil)
    }
}
