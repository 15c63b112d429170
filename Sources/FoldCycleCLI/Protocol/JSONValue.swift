#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A JSON value as the control protocol reads and writes it (RFC 8259), with object members in
/// their order and numbers as their text, so that what is written is exactly what was meant:
/// replies echo a request's `id` as the same value, and events keep their keys in a fixed order.
///
/// Parsed values come from ``JSONParser``; every value is written by ``serialized`` — the one
/// JSON writer of the tool.
package enum JSONValue: Equatable, Sendable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number's JSON text: `2`, `-0.5`, `12345678901234567890`, `1e+300`.
    case number(String)
    /// A string (any Unicode text; escaped when written).
    case string(String)
    /// An array of values, in order.
    case array([JSONValue])
    /// Members in order (a key given twice in a request keeps the last value, as ``JSONParser`` reads it).
    case object([Member])

    /// One member of an object.
    package struct Member: Equatable, Sendable {
        /// The member's name.
        package var key: String
        /// Its value.
        package var value: JSONValue

        /// A member named `key` holding `value`.
        package init(_ key: String, _ value: JSONValue) {
            self.key = key
            self.value = value
        }
    }

    // MARK: - Building

    /// An integer.
    package static func int(_ value: Int) -> JSONValue { .number(String(value)) }

    /// A finite number in the shortest text that reads back as the same `Double` (integral values
    /// without a fraction); a value that is not finite is written as `null`, which JSON requires.
    package static func double(_ value: Double) -> JSONValue {
        value.isFinite ? .number(shortestText(value + 0.0)) : .null
    }

    /// `{}`.
    package static let emptyObject = JSONValue.object([Member]())

    /// An object of `members` in this order.
    package static func object(_ members: [(String, JSONValue)]) -> JSONValue {
        .object(members.map { Member($0.0, $0.1) })
    }

    // MARK: - Reading

    /// The value of member `key` of an object (the last when given twice); nil for other values.
    package subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.last { $0.key == key }?.value
    }

    /// The text of a string value.
    package var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// A number's value as a `Double` (nil for other values or a number beyond `Double`'s range).
    package var doubleValue: Double? {
        guard case .number(let text) = self, let value = Double(text), value.isFinite else { return nil }
        return value
    }

    /// A number's value as a whole `Int`, when it is one (`2`, `2.0`, `2e0`); nil for fractions,
    /// numbers beyond `Int`, and other values.
    package var intValue: Int? {
        guard case .number(let text) = self else { return nil }
        if let exact = Int(text) { return exact }
        guard let value = Double(text), value.isFinite, value == value.rounded(),
            abs(value) < 9_007_199_254_740_992
        else { return nil }
        return Int(value)
    }

    /// The JSON type's name, for messages: `null`, `a boolean`, `a number`, `a string`, `an array`,
    /// `an object`.
    package var typeName: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }

    // MARK: - Writing

    /// The value as compact JSON text on one line: no white space, members in order, strings
    /// escaped by ``quoted(_:)``.
    package var serialized: String {
        var text = ""
        write(to: &text)
        return text
    }

    private func write(to text: inout String) {
        switch self {
        case .null: text += "null"
        case .bool(let value): text += value ? "true" : "false"
        case .number(let number): text += number
        case .string(let string): text += Self.quoted(string)
        case .array(let values):
            text += "["
            for (index, value) in values.enumerated() {
                if index > 0 { text += "," }
                value.write(to: &text)
            }
            text += "]"
        case .object(let members):
            text += "{"
            for (index, member) in members.enumerated() {
                if index > 0 { text += "," }
                text += Self.quoted(member.key)
                text += ":"
                member.value.write(to: &text)
            }
            text += "}"
        }
    }

    /// `text` as a JSON string: `"` and `\` escaped, control characters as `\n`, `\t`, `\r` or
    /// `\u00XX` (DEL and C1 controls too, so a line never carries a raw control byte to a
    /// terminal), bidi and invisible format characters as `\uXXXX` (the same string once parsed,
    /// but an RLO never reverses the rest of a line shown raw), everything else as UTF-8.
    package static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || isInvisibleFormat(scalar):
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: max(4 - hex.count, 0)) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    /// Bidi controls and invisible format characters (and the line and paragraph separators),
    /// which ``quoted(_:)`` escapes.
    static func isInvisibleFormat(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x061C, 0x180E, 0x200B...0x200F, 0x2028...0x202E, 0x2060...0x206F, 0xFEFF: return true
        default: return false
        }
    }
}
