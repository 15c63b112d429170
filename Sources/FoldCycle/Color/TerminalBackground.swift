#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The terminal's own background colour, as the terminal or its environment tells it: the
/// answer to an OSC 11 query, or `COLORFGBG` (docs/decisions/0125-background-detection.md).
package enum TerminalBackground {
    /// The query: OSC 11 with `?` (`ESC ] 11 ; ? ESC \`), then Primary Device Attributes
    /// (`CSI c`). Every terminal answers the second; one that answers it before the first does
    /// not answer OSC 11 at all, so nobody waits for the timeout there.
    package static let query: [UInt8] = Array("\u{1B}]11;?\u{1B}\\\u{1B}[c".utf8)

    /// The colour an OSC 11 answer's text names, the part after `ESC ] 11 ;` and before BEL or
    /// ST: `rgb:R/G/B` (or `rgba:R/G/B/A`, the alpha ignored), each channel 1 to 4 hex digits
    /// (X11's `XParseColor` form that xterm answers in: `rgb:ffff/ffff/ffff`), scaled to 8 bits
    /// (`value · 255 / (16^digits − 1)`, rounded). Nil for anything else.
    package static func parseReply<Bytes: Collection<UInt8>>(_ text: Bytes) -> RGBColor? {
        let bytes = Array(text)
        let fields: [ArraySlice<UInt8>]
        if bytes.starts(with: Array("rgb:".utf8)) {
            fields = bytes.dropFirst(4).split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
            guard fields.count == 3 else { return nil }
        } else if bytes.starts(with: Array("rgba:".utf8)) {
            fields = bytes.dropFirst(5).split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
            guard fields.count == 4 else { return nil }
        } else {
            return nil
        }
        var channels: [UInt8] = []
        for field in fields.prefix(3) {
            guard let channel = channel(field) else { return nil }
            channels.append(channel)
        }
        if fields.count == 4, channel(fields[3]) == nil { return nil }
        return RGBColor(red: channels[0], green: channels[1], blue: channels[2])
    }

    /// One channel of 1 to 4 hex digits (either case), scaled to 0...255.
    private static func channel(_ digits: ArraySlice<UInt8>) -> UInt8? {
        guard (1...4).contains(digits.count) else { return nil }
        var value = 0
        for digit in digits {
            guard let nibble = hexValue(digit) else { return nil }
            value = value << 4 | nibble
        }
        let maximum = (1 << (4 * digits.count)) - 1
        return UInt8((value * 255 + maximum / 2) / maximum)
    }

    private static func hexValue(_ byte: UInt8) -> Int? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return Int(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return Int(byte - UInt8(ascii: "a")) + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return Int(byte - UInt8(ascii: "A")) + 10
        default: return nil
        }
    }

    /// The background `COLORFGBG` names (rxvt's convention, also set by Konsole and others):
    /// `fg;bg` or `fg;xpm;bg`, the last field a colour index 0...15, taken as xterm's default
    /// for that entry (``ColorDepth/palette16``). Nil when it is unset, `default`, or not so.
    package static func fromColorFGBG(_ value: String?) -> RGBColor? {
        guard let value else { return nil }
        let fields = value.split(separator: ";", omittingEmptySubsequences: false)
        guard fields.count == 2 || fields.count == 3, let last = fields.last, (1...2).contains(last.utf8.count),
            last.utf8.allSatisfy({ (0x30...0x39).contains($0) }), let index = Int(last), index < 16
        else { return nil }
        return ColorDepth.palette16[index]
    }

    /// Whether `colour` is a light background: black text contrasts with it more than white
    /// does (``CardStyle/contrastingText(on:)``).
    package static func isLight(_ colour: RGBColor) -> Bool {
        CardStyle.contrastingText(on: colour) == .black
    }
}
