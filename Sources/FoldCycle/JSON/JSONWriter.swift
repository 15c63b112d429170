/// Writing a ``JSONValue``: the one JSON writer of the package (every JSON line the tool, the
/// library and the bench write goes through ``JSONValue/serialized(_:)``).
extension JSONValue {
    /// How a value is written: the spacing between tokens and which characters of a string are
    /// escaped.
    package struct Style: Equatable, Sendable {
        /// A space after every `,` and `:` (`[1, "o"]`, `{"width": 80}`), as asciinema (Python's
        /// `json.dumps`) writes; nothing between tokens when false.
        package var spaced: Bool
        /// Which characters of strings are escaped.
        package var escaping: Escaping

        /// Creates a style.
        package init(spaced: Bool, escaping: Escaping) {
            self.spaced = spaced
            self.escaping = escaping
        }

        /// The tool's own lines (the protocol, render's frames, the deck's decisions, the status
        /// line, the bench's report): no white space, strings terminal-safe.
        package static let compact = Style(spaced: false, escaping: .terminalSafe)
        /// asciicast v2 as asciinema writes it: spaced, only controls escaped (a recording's
        /// output keeps its text as it is, a ZWJ emoji sequence included).
        package static let asciicast = Style(spaced: true, escaping: .controls)
    }

    /// Which characters of a string are escaped. Both escape `"` and `\`, write `\n`, `\r` and
    /// `\t` by their short escapes and the other C0 controls and DEL as `\u00XX`, and write every
    /// other character as UTF-8, except as said.
    package enum Escaping: Equatable, Sendable {
        /// C1 controls as `\u00XX` too, and bidi and invisible format characters as `\uXXXX`
        /// (``JSONValue/isInvisibleFormat(_:)``): the same string once parsed, but a line shown
        /// raw never carries a control byte to a terminal, nor an RLO that reverses the rest.
        case terminalSafe
        /// Backspace and form feed by their short escapes (`\b`, `\f`), as asciinema writes them.
        case controls
    }

    /// The value as compact JSON text on one line (``Style/compact``).
    package var serialized: String { serialized(.compact) }

    /// The value as JSON text on one line in `style`: members in order, strings escaped by
    /// ``quoted(_:escaping:)``.
    package func serialized(_ style: Style) -> String {
        var text = ""
        write(to: &text, style)
        return text
    }

    /// The value's text in `style` and a newline, as bytes: one line of JSON Lines.
    package func line(_ style: Style = .compact) -> [UInt8] {
        Array((serialized(style) + "\n").utf8)
    }

    private func write(to text: inout String, _ style: Style) {
        switch self {
        case .null: text += "null"
        case .bool(let value): text += value ? "true" : "false"
        case .number(let number): text += number
        case .string(let string): Self.append(string, escaping: style.escaping, to: &text)
        case .array(let values):
            text += "["
            for (index, value) in values.enumerated() {
                if index > 0 { text += style.spaced ? ", " : "," }
                value.write(to: &text, style)
            }
            text += "]"
        case .object(let members):
            text += "{"
            for (index, member) in members.enumerated() {
                if index > 0 { text += style.spaced ? ", " : "," }
                Self.append(member.key, escaping: style.escaping, to: &text)
                text += style.spaced ? ": " : ":"
                member.value.write(to: &text, style)
            }
            text += "}"
        }
    }

    /// `text` as a JSON string, escaped as `escaping` says (by default terminal-safe).
    package static func quoted(_ text: String, escaping: Escaping = .terminalSafe) -> String {
        var result = ""
        append(text, escaping: escaping, to: &result)
        return result
    }

    private static func append(_ string: String, escaping: Escaping, to text: inout String) {
        text += "\""
        for scalar in string.unicodeScalars {
            if let escape = escape(scalar, escaping) {
                text += escape
            } else {
                text.unicodeScalars.append(scalar)
            }
        }
        text += "\""
    }

    /// The escape of `scalar` in a string, or nil when it is written as it is.
    private static func escape(_ scalar: Unicode.Scalar, _ escaping: Escaping) -> String? {
        switch scalar {
        case "\"": return "\\\""
        case "\\": return "\\\\"
        case "\n": return "\\n"
        case "\r": return "\\r"
        case "\t": return "\\t"
        case "\u{8}" where escaping == .controls: return "\\b"
        case "\u{C}" where escaping == .controls: return "\\f"
        case _ where scalar.value < 0x20 || scalar.value == 0x7F:
            return hexEscape(scalar)
        case _ where escaping == .terminalSafe && ((0x80...0x9F).contains(scalar.value) || isInvisibleFormat(scalar)):
            return hexEscape(scalar)
        default: return nil
        }
    }

    /// `\u` and the scalar's four (lowercase) hex digits.
    private static func hexEscape(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16)
        return "\\u" + String(repeating: "0", count: max(4 - hex.count, 0)) + hex
    }

    /// Bidi controls and invisible format characters (and the line and paragraph separators),
    /// which ``Escaping/terminalSafe`` escapes.
    package static func isInvisibleFormat(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x061C, 0x180E, 0x200B...0x200F, 0x2028...0x202E, 0x2060...0x206F, 0xFEFF: return true
        default: return false
        }
    }
}
