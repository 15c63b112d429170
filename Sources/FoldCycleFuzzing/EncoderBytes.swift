/// What may appear in the encoder's output: printable UTF-8 text, CR, LF and BS, and CSI
/// sequences of parameters (digits, `;`, `?`) and one of the finals the encoder writes
/// (`A B C D H J K X m h l`, and the moves' `L M @ P`: IL, DL, ICH, DCH), and OSC 8 hyperlinks
/// (`ESC ] 8 ; ;` a target of bytes 0x21–0x7E only, `ESC \`): anything else is a sequence that is
/// not the encoder's own.
enum EncoderBytes {
    /// The first foreign thing in `bytes`, described, or nil when there is none.
    static func foreign(in bytes: [UInt8]) -> String? {
        var index = 0
        var text: [UInt8] = []
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x1B, index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "]") {
                guard bytes[index...].starts(with: [0x1B, 0x5D, 0x38, 0x3B, 0x3B]) else {
                    return "an OSC other than 8 at \(index)"
                }
                var end = index + 5
                while end < bytes.count, bytes[end] != 0x1B {
                    guard (0x21...0x7E).contains(bytes[end]) else { return "byte \(bytes[end]) in a link target" }
                    end += 1
                }
                guard end + 1 < bytes.count, bytes[end + 1] == 0x5C else { return "an OSC 8 not ended by ST" }
                index = end + 2
                continue
            }
            if byte == 0x1B {
                guard index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "[") else {
                    return "ESC not followed by [ at \(index)"
                }
                var end = index + 2
                while end < bytes.count, (0x30...0x3F).contains(bytes[end]) { end += 1 }
                guard end < bytes.count, Array("ABCDHJKXmhlLM@P".utf8).contains(bytes[end]) else {
                    return "CSI with a foreign final at \(index)"
                }
                index = end + 1
                continue
            }
            if byte < 0x20 && byte != 0x0D && byte != 0x0A && byte != 0x08 { return "control byte \(byte) at \(index)" }
            if byte == 0x7F { return "DEL at \(index)" }
            text.append(byte)
            index += 1
        }
        guard let decoded = String(validating: text, as: UTF8.self) else { return "invalid UTF-8" }
        if decoded.unicodeScalars.contains(where: { (0x80...0x9F).contains($0.value) }) { return "a C1 control" }
        return nil
    }
}
