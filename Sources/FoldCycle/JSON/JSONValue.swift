#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A JSON value (RFC 8259), with object members in their order and numbers as their text, so
/// that what is written is exactly what was meant: the protocol's replies echo a request's `id`
/// as the same value, events and frames keep their keys in a fixed order.
///
/// The one JSON writer of the package: the protocol, the deck's decision lines, render's frames,
/// the status line, and the asciicast header and events all build a value and write it with
/// ``serialized(_:)`` or ``line(_:)`` (JSONWriter.swift). Parsed values come from the CLI's
/// `JSONParser`. It lives in FoldCycle, the lowest module that writes JSON (the asciicast
/// recorder), not in the pure-math core; the bench writes its report with Foundation's `JSONEncoder`.
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
        value.isFinite ? .number(shortestDecimalText(value + 0.0)) : .null
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
}
