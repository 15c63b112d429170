#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// One event of an asciicast v2 recording after the header.
///
/// Source: the asciicast v2 format (asciinema): a newline-delimited JSON file whose first line is
/// the header and every other line an event `[time, code, data]`, `time` in seconds since the
/// recording began.
package enum AsciicastEvent: Hashable, Sendable {
    /// Bytes written to the terminal (code `"o"`). Kept as bytes: the encoder decodes UTF-8
    /// across events, so a cluster split between two writes is written whole in the second.
    case output([UInt8])
    /// The terminal was resized to `columns` × `rows` cells (code `"r"`, data `"COLSxROWS"`).
    case resize(TerminalSize)
    /// A named point in the recording, e.g. the item that just settled (code `"m"`); its label is
    /// written as ``TextLayout/plainText(_:)``.
    case marker(String)
}

/// Turns asciicast v2 events into their lines: the JSON arrays `[time, code, data]`, each ending
/// with a newline, deterministic to the byte (times with exactly six decimals, as asciinema
/// rounds them; written by ``JSONValue`` in its ``JSONValue/Style/asciicast`` style: strings with
/// their controls escaped, other characters as UTF-8).
///
/// ``AsciicastEvent/output(_:)`` bytes are decoded as UTF-8 across events: an incomplete
/// sequence at the end of one write is held back and written with the next (as asciinema's
/// incremental decoder does); invalid bytes become U+FFFD. Not thread-safe: a value owned by one
/// writer.
package struct AsciicastEncoder: Sendable {
    /// The bytes of an incomplete UTF-8 sequence held back from the last output event.
    private var pending: [UInt8] = []

    /// Creates an encoder with nothing held back.
    package init() {}

    /// Appends the line of `event` at `time` seconds (negative or non-finite times count as 0)
    /// to `line`. An output event that holds only an incomplete UTF-8 sequence appends nothing.
    package mutating func append(_ event: AsciicastEvent, at time: TimeInterval, to line: inout [UInt8]) {
        let code: String
        let data: String
        switch event {
        case .output(let bytes):
            guard let text = decode(bytes) else { return }
            code = "o"
            data = text
        case .resize(let size):
            code = "r"
            data = "\(size.columns)x\(size.rows)"
        case .marker(let label):
            // Item text: sanitized as everywhere it is shown, so no raw control (ESC, BEL, C1)
            // or bidi control reaches a player that prints markers; one line (a multi-line
            // item's lines joined by a space), as a player lists markers one a line.
            code = "m"
            data = TextLayout.oneLine(label)
        }
        let array = JSONValue.array([.number(Self.timeText(time)), .string(code), .string(data)])
        line.append(contentsOf: array.line(.asciicast))
    }

    /// The line of `event` at `time` (see ``append(_:at:to:)``).
    package mutating func line(_ event: AsciicastEvent, at time: TimeInterval) -> [UInt8] {
        var bytes: [UInt8] = []
        append(event, at: time, to: &bytes)
        return bytes
    }

    /// `time` in seconds with exactly six decimals (`1.500000`), 0 for negative or non-finite
    /// values.
    package static func timeText(_ time: TimeInterval) -> String {
        let microseconds = time.isFinite && time > 0 ? (time * 1e6).rounded() : 0
        let whole = Int64(microseconds) / 1_000_000
        let fraction = Int64(microseconds) % 1_000_000
        let digits = String(fraction)
        return "\(whole)." + String(repeating: "0", count: 6 - digits.count) + digits
    }

    /// Decodes `bytes` after the held-back ones, holding back a trailing incomplete sequence;
    /// nil when nothing complete is left.
    private mutating func decode(_ bytes: [UInt8]) -> String? {
        var input = pending
        input.append(contentsOf: bytes)
        let cut = Self.completeLength(of: input)
        pending = Array(input[cut...])
        guard cut > 0 else { return nil }
        return String(decoding: input[..<cut], as: UTF8.self)
    }

    /// The length of `bytes` without a trailing incomplete (but so far valid) UTF-8 sequence of
    /// up to three bytes.
    static func completeLength(of bytes: [UInt8]) -> Int {
        var start = bytes.count
        // Walk back over at most three continuation bytes to the last lead byte.
        while start > 0, bytes.count - start < 3, bytes[start - 1] & 0xC0 == 0x80 { start -= 1 }
        guard start > 0 else { return bytes.count }
        let lead = bytes[start - 1]
        let needed: Int
        switch lead {
        case 0xC2...0xDF: needed = 2
        case 0xE0...0xEF: needed = 3
        case 0xF0...0xF4: needed = 4
        default: return bytes.count  // ASCII, or invalid: decoded (as U+FFFD) now.
        }
        let have = bytes.count - (start - 1)
        return have < needed ? start - 1 : bytes.count
    }
}
