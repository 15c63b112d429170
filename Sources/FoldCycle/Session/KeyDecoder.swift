/// Decodes raw terminal input bytes into ``KeyPress``es, across reads: an escape sequence or a
/// UTF-8 sequence split between two reads is completed by the next one.
///
/// Control bytes other than the ones named by ``KeyPress`` are dropped, and so are escape
/// sequences other than the arrow keys (function keys, mouse reports, bracketed-paste markers)
/// and control strings (OSC, DCS, SOS, PM, APC, up to BEL or ST) with their contents: typed
/// input never reaches the screen as a control. A lone ESC is ``KeyPress/escape`` once it is
/// known to be alone: another ESC follows it, or ``flushPendingEscape()`` is called when no
/// byte followed it in time; ESC followed by another byte (Alt+key) is dropped with it.
public struct KeyDecoder: Sendable {
    private enum State: Sendable {
        case ground
        case escape
        case sequence(introducer: UInt8)
        /// Inside an OSC, DCS, SOS, PM or APC string, which runs to BEL or ST (`ESC \`).
        case string
        /// An ESC inside a string: `\` ends it (ST).
        case stringEscape
    }

    private var state = State.ground
    private var pendingUTF8: [UInt8] = []

    /// Creates a decoder in the ground state.
    public init() {}

    /// Ends a pending lone Esc (call when no byte followed it within a short time), so the next
    /// key is read on its own, and returns it as ``KeyPress/escape``; an unfinished escape
    /// sequence is dropped. An unfinished control string is left as it is.
    ///
    /// - Returns: `[.escape]` when a lone Esc was pending, otherwise nothing.
    @discardableResult
    public mutating func flushPendingEscape() -> [KeyPress] {
        if case .escape = state {
            state = .ground
            return [.escape]
        }
        if case .sequence = state { state = .ground }
        return []
    }

    /// Decodes `bytes`, returning the complete key presses they finish.
    public mutating func feed(_ bytes: [UInt8]) -> [KeyPress] {
        var keys: [KeyPress] = []
        var text: [UInt8] = []
        func flushText() {
            guard !text.isEmpty else { return }
            keys.append(.text(String(decoding: text, as: UTF8.self)))
            text.removeAll()
        }
        for byte in bytes {
            switch state {
            case .escape:
                if byte == 0x1B {
                    // Esc Esc: the first was a key of its own; the second may start a sequence.
                    flushText()
                    keys.append(.escape)
                    continue
                }
                if byte == UInt8(ascii: "[") || byte == UInt8(ascii: "O") {
                    state = .sequence(introducer: byte)
                } else if [
                    UInt8(ascii: "]"), UInt8(ascii: "P"), UInt8(ascii: "X"), UInt8(ascii: "^"),
                    UInt8(ascii: "_"),
                ].contains(byte) {
                    state = .string  // OSC, DCS, SOS, PM, APC: the whole string is dropped.
                } else {
                    state = .ground  // A lone ESC (or Alt+key): dropped.
                }
                continue
            case .string:
                if byte == 0x07 { state = .ground } else if byte == 0x1B { state = .stringEscape }
                continue
            case .stringEscape:
                state = byte == UInt8(ascii: "\\") ? .ground : .string
                continue
            case .sequence:
                // Parameters and intermediates (0x20...0x3F) continue; a final byte (0x40...0x7E) ends.
                if (0x20...0x3F).contains(byte) { continue }
                state = .ground
                switch byte {
                case UInt8(ascii: "A"):
                    flushText()
                    keys.append(.arrow(.up))
                case UInt8(ascii: "B"):
                    flushText()
                    keys.append(.arrow(.down))
                case UInt8(ascii: "C"):
                    flushText()
                    keys.append(.arrow(.right))
                case UInt8(ascii: "D"):
                    flushText()
                    keys.append(.arrow(.left))
                default: break
                }
                continue
            case .ground:
                break
            }
            switch byte {
            case 0x1B:
                pendingUTF8.removeAll()
                state = .escape
            case 0x0D, 0x0A:
                flushText()
                keys.append(.enter)
            case 0x7F, 0x08:
                flushText()
                keys.append(.backspace)
            case 0x15:
                flushText()
                keys.append(.clearLine)
            case 0x04:
                flushText()
                keys.append(.endOfTransmission)
            case 0x00...0x1F:
                continue  // Other controls (tab included) are not typed text.
            default:
                pendingUTF8.append(byte)
                if let complete = takeCompleteUTF8() { text += complete }
            }
        }
        flushText()
        return keys
    }

    /// Returns the pending bytes when they form complete UTF-8 (invalid bytes become U+FFFD).
    private mutating func takeCompleteUTF8() -> [UInt8]? {
        guard let lead = pendingUTF8.first else { return nil }
        let expected: Int
        switch lead {
        case 0x00...0x7F: expected = 1
        case 0xC0...0xDF: expected = 2
        case 0xE0...0xEF: expected = 3
        case 0xF0...0xF7: expected = 4
        default: expected = 1
        }
        guard pendingUTF8.count >= expected else { return nil }
        let bytes = pendingUTF8
        pendingUTF8.removeAll()
        // Re-encode through String so that invalid sequences become U+FFFD, never raw bytes;
        // C1 controls (U+0080...U+009F) are dropped like C0 ones.
        let decoded = String(decoding: bytes, as: UTF8.self)
        let filtered = decoded.unicodeScalars.filter { !(0x80...0x9F).contains($0.value) }
        return Array(String(String.UnicodeScalarView(filtered)).utf8)
    }
}
