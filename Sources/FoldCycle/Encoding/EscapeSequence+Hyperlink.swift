extension EscapeSequence {
    /// OSC 8 with empty parameters and no target, `ESC ] 8 ; ; ESC \`: the text written after it
    /// links nowhere (the end of a hyperlink).
    package static let closeHyperlink: [UInt8] = [0x1B, 0x5D, 0x38, 0x3B, 0x3B, 0x1B, 0x5C]

    /// OSC 8 `ESC ] 8 ; ; target ESC \` (egmontkob's hyperlink convention, taken by VTE, iTerm2,
    /// kitty, WezTerm, foot, Windows Terminal, VS Code's terminal): the text written after it
    /// links to `encodedTarget` (bytes from ``hyperlinkTarget(_:)``) until the next OSC 8.
    package static func openHyperlink(encodedTarget: [UInt8]) -> [UInt8] {
        [0x1B, 0x5D, 0x38, 0x3B, 0x3B] + encodedTarget + [0x1B, 0x5C]
    }

    /// A hyperlink target as OSC 8 may carry it: its UTF-8 with every byte outside 0x21–0x7E
    /// (C0 and C1 controls, space, DEL, the bytes of non-ASCII characters) percent-encoded as
    /// `%XX` (upper-case hex, RFC 3986 § 2.1), every other byte as it is. The target is user
    /// data: no control byte in it ever reaches the terminal, and it cannot end the sequence
    /// early. A `%` already in it is kept, so an encoded URL stays as written.
    package static func hyperlinkTarget(_ target: String) -> [UInt8] {
        let hex = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(target.utf8.count)
        for byte in target.utf8 {
            if (0x21...0x7E).contains(byte) {
                bytes.append(byte)
            } else {
                bytes += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            }
        }
        return bytes
    }
}
