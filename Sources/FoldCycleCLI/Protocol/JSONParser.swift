import FoldCycle

/// JSON text (RFC 8259) read into a ``JSONValue``: the control protocol's requests and the replies
/// `foldcycle send` reads back. In the standard library alone (Foundation's `JSONSerialization`
/// would link CoreFoundation and ICU into the binary: docs/decisions/0012-foundation-essentials.md).
///
/// What it makes of the text is what `JSONSerialization` made of it before: numbers as their
/// text, integers as written (`-0` as `0`), numbers with a fraction or an exponent as the shortest
/// text of their `Double` (`2.0` as `2`, `1e300` as `1e+300`); object members with their keys
/// sorted, a key given twice keeping its last value. A pure function of the bytes that never
/// traps: nesting is bounded by ``maximumDepth``.
package struct JSONParser {
    /// The deepest nesting of arrays and objects read (`JSONSerialization`'s bound).
    package static let maximumDepth = 512

    /// Why the text is not JSON: a sentence naming the byte offset (from 0) where it goes wrong.
    package struct Failure: Error, Equatable, Sendable {
        /// The reason, e.g. `Invalid value around character 8`.
        package var message: String
    }

    /// Parses `bytes`, which must be one JSON value with white space around it at most; unless
    /// `allowingFragments`, an array or an object.
    package static func parse<Bytes: Collection>(_ bytes: Bytes, allowingFragments: Bool = false) throws(Failure)
        -> JSONValue
    where Bytes.Element == UInt8 {
        var parser = JSONParser(bytes: Array(bytes))
        if let invalid = parser.firstInvalidUTF8() {
            throw Failure(message: "Invalid UTF-8 around character \(invalid)")
        }
        parser.skipWhiteSpace()
        let value = try parser.value()
        parser.skipWhiteSpace()
        guard parser.position == parser.bytes.count else { throw parser.invalid() }
        if !allowingFragments {
            switch value {
            case .array, .object: break
            default:
                throw Failure(
                    message: "JSON text did not start with array or object and option to allow fragments not set")
            }
        }
        return value
    }

    private let bytes: [UInt8]
    private var position = 0
    private var depth = 0

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    // MARK: - Values

    private mutating func value() throws(Failure) -> JSONValue {
        guard position < bytes.count else { throw Self.endOfText }
        switch bytes[position] {
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): return try literal("true", .bool(true))
        case UInt8(ascii: "f"): return try literal("false", .bool(false))
        case UInt8(ascii: "n"): return try literal("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
        default: throw invalid()
        }
    }

    private mutating func object() throws(Failure) -> JSONValue {
        try enter()
        position += 1
        var members: [String: JSONValue] = [:]
        skipWhiteSpace()
        if try peek() == UInt8(ascii: "}") {
            position += 1
        } else {
            while true {
                guard try peek() == UInt8(ascii: "\"") else { throw invalid() }
                let key = try string()
                skipWhiteSpace()
                guard try peek() == UInt8(ascii: ":") else { throw invalid() }
                position += 1
                skipWhiteSpace()
                members[key] = try value()
                skipWhiteSpace()
                let next = try peek()
                position += 1
                if next == UInt8(ascii: "}") { break }
                guard next == UInt8(ascii: ",") else { throw invalid(at: position - 1) }
                skipWhiteSpace()
            }
        }
        depth -= 1
        return .object(members.keys.sorted().map { JSONValue.Member($0, members[$0]!) })
    }

    private mutating func array() throws(Failure) -> JSONValue {
        try enter()
        position += 1
        var values: [JSONValue] = []
        skipWhiteSpace()
        if try peek() == UInt8(ascii: "]") {
            position += 1
        } else {
            while true {
                values.append(try value())
                skipWhiteSpace()
                let next = try peek()
                position += 1
                if next == UInt8(ascii: "]") { break }
                guard next == UInt8(ascii: ",") else { throw invalid(at: position - 1) }
                skipWhiteSpace()
            }
        }
        depth -= 1
        return .array(values)
    }

    private mutating func enter() throws(Failure) {
        depth += 1
        guard depth <= Self.maximumDepth else {
            throw Failure(message: "Too many nested arrays or dictionaries around character \(position)")
        }
    }

    private mutating func literal(_ word: StaticString, _ value: JSONValue) throws(Failure) -> JSONValue {
        let expected = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        for byte in expected {
            guard position < bytes.count else { throw Self.endOfText }
            guard bytes[position] == byte else { throw invalid() }
            position += 1
        }
        return value
    }

    // MARK: - Numbers

    private mutating func number() throws(Failure) -> JSONValue {
        let start = position
        if bytes[position] == UInt8(ascii: "-") { position += 1 }
        guard position < bytes.count else { throw Self.endOfText }
        if bytes[position] == UInt8(ascii: "0") {
            position += 1
        } else {
            guard try digits() > 0 else { throw invalid() }
        }
        var integral = true
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            integral = false
            position += 1
            guard position < bytes.count else { throw Self.endOfText }
            guard try digits() > 0 else { throw invalid() }
        }
        if position < bytes.count, bytes[position] | 0x20 == UInt8(ascii: "e") {
            integral = false
            position += 1
            guard position < bytes.count else { throw Self.endOfText }
            if bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") { position += 1 }
            guard position < bytes.count else { throw Self.endOfText }
            guard try digits() > 0 else { throw invalid() }
        }
        let text = String(decoding: bytes[start..<position], as: UTF8.self)
        if integral {
            // Beyond 64 bits the digits are kept as written, as NSDecimalNumber kept them.
            return .number(Int64(text).map { String($0) } ?? text)
        }
        guard let value = Double(text), value.isFinite else {
            throw Failure(message: "Number \(text) is not representable in Swift")
        }
        return .double(value)
    }

    /// Skips the decimal digits at the position; returns how many.
    private mutating func digits() throws(Failure) -> Int {
        let start = position
        while position < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position]) {
            position += 1
        }
        return position - start
    }

    // MARK: - Strings

    /// The string starting at the position (its opening quote), unescaped.
    private mutating func string() throws(Failure) -> String {
        position += 1
        var scalars = String.UnicodeScalarView()
        var runStart = position
        while true {
            guard position < bytes.count else { throw Self.endOfText }
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                scalars.append(contentsOf: String(decoding: bytes[runStart..<position], as: UTF8.self).unicodeScalars)
                position += 1
                if byte == UInt8(ascii: "\"") { return String(scalars) }
                scalars.append(try escape())
                runStart = position
            } else if byte < 0x20 {
                throw Failure(message: "Unescaped control character around character \(position)")
            } else {
                position += 1
            }
        }
    }

    /// The scalar an escape (after its backslash) stands for.
    private mutating func escape() throws(Failure) -> Unicode.Scalar {
        guard position < bytes.count else { throw Self.endOfText }
        let byte = bytes[position]
        position += 1
        switch byte {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"): break
        default: throw Failure(message: "Invalid escape sequence around character \(position - 2)")
        }
        let start = position - 2
        let unit = try hexUnit()
        if UTF16.isLeadSurrogate(unit) {
            guard position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"),
                bytes[position + 1] == UInt8(ascii: "u")
            else { throw Self.loneSurrogate(at: start) }
            position += 2
            let trail = try hexUnit()
            guard UTF16.isTrailSurrogate(trail) else { throw Self.loneSurrogate(at: start) }
            let value = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(trail) - 0xDC00)
            return Unicode.Scalar(value)!
        }
        guard let scalar = Unicode.Scalar(UInt32(unit)) else { throw Self.loneSurrogate(at: start) }
        return scalar
    }

    /// The four hex digits of a `\u` escape.
    private mutating func hexUnit() throws(Failure) -> UInt16 {
        var unit: UInt16 = 0
        for _ in 0..<4 {
            guard position < bytes.count else { throw Self.endOfText }
            let byte = bytes[position]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw Failure(message: "Invalid \\u escape (four hex digits) around character \(position)")
            }
            unit = unit << 4 | UInt16(digit)
            position += 1
        }
        return unit
    }

    private static func loneSurrogate(at offset: Int) -> Failure {
        Failure(message: "Invalid \\u escape (a lone UTF-16 surrogate) around character \(offset)")
    }

    // MARK: - Positions

    private static let endOfText = Failure(message: "Unexpected end of file during JSON parse")

    private func invalid(at offset: Int? = nil) -> Failure {
        let offset = offset ?? position
        return offset < bytes.count ? Failure(message: "Invalid value around character \(offset)") : Self.endOfText
    }

    /// The byte at the position, which must exist.
    private func peek() throws(Failure) -> UInt8 {
        guard position < bytes.count else { throw Self.endOfText }
        return bytes[position]
    }

    private mutating func skipWhiteSpace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x09, 0x0A, 0x0D: position += 1
            default: return
            }
        }
    }

    /// The offset of the first byte that does not start or continue valid UTF-8, or nil.
    private func firstInvalidUTF8() -> Int? {
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        var offset = 0
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): offset += UTF8.width(scalar)
            case .emptyInput: return nil
            case .error: return offset
            }
        }
    }
}
