/// A 24-bit sRGB colour, 8 bits per channel (0...255).
///
/// Parsed from `#rrggbb` (CSS hex notation) or one of the `namedColors`.
public struct RGBColor: Hashable, Sendable, CustomStringConvertible {
    /// Red, 0...255.
    public var red: UInt8
    /// Green, 0...255.
    public var green: UInt8
    /// Blue, 0...255.
    public var blue: UInt8

    /// Creates a colour from its three channels, each 0...255.
    public init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// Parses `#rrggbb` (six hex digits, either case, the `#` required) or a colour name from
    /// ``namedColors`` (case-insensitive).
    ///
    /// - Throws: ``RGBColorError/invalid(_:)`` for anything else (including `#rgb` short form).
    package init(parsing text: String) throws(RGBColorError) {
        let lowered = text.lowercased()
        if let named = Self.namedColors.first(where: { $0.name == lowered }) {
            self = named.color
            return
        }
        let utf8 = Array(lowered.utf8)
        guard utf8.count == 7, utf8[0] == UInt8(ascii: "#") else { throw .invalid(text) }
        var channels: [UInt8] = []
        for pair in stride(from: 1, to: 7, by: 2) {
            guard let high = Self.hexValue(utf8[pair]), let low = Self.hexValue(utf8[pair + 1]) else {
                throw .invalid(text)
            }
            channels.append(high << 4 | low)
        }
        self.init(red: channels[0], green: channels[1], blue: channels[2])
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        default: return nil
        }
    }

    /// The named colours, CSS Color Module Level 4 values: black #000000, white #ffffff,
    /// red #ff0000, green #008000, blue #0000ff, yellow #ffff00, cyan #00ffff,
    /// magenta #ff00ff, orange #ffa500, purple #800080, gray (alias grey) #808080.
    package static let namedColors: [(name: String, color: RGBColor)] = [
        ("black", RGBColor(red: 0, green: 0, blue: 0)),
        ("white", RGBColor(red: 255, green: 255, blue: 255)),
        ("red", RGBColor(red: 255, green: 0, blue: 0)),
        ("green", RGBColor(red: 0, green: 128, blue: 0)),
        ("blue", RGBColor(red: 0, green: 0, blue: 255)),
        ("yellow", RGBColor(red: 255, green: 255, blue: 0)),
        ("cyan", RGBColor(red: 0, green: 255, blue: 255)),
        ("magenta", RGBColor(red: 255, green: 0, blue: 255)),
        ("orange", RGBColor(red: 255, green: 165, blue: 0)),
        ("purple", RGBColor(red: 128, green: 0, blue: 128)),
        ("gray", RGBColor(red: 128, green: 128, blue: 128)),
        ("grey", RGBColor(red: 128, green: 128, blue: 128)),
    ]

    /// Black, #000000: the default configured terminal background for blending.
    public static let black = RGBColor(red: 0, green: 0, blue: 0)
    /// White, #ffffff.
    public static let white = RGBColor(red: 255, green: 255, blue: 255)

    /// Linear blend `alpha·self + (1 − alpha)·below` per channel, in 8-bit fixed point: alpha
    /// is quantized to n/256 (n = round(alpha·256)) and each channel is
    /// `(n·top + (256 − n)·bottom + 128) >> 8`, so no floating-point rounding runs per channel.
    ///
    /// - Parameters:
    ///   - below: the colour underneath.
    ///   - alpha: the opacity of `self`, clamped to 0...1.
    public func blended(over below: RGBColor, alpha: Double) -> RGBColor {
        blended(over: below, alpha256: Self.alpha256(alpha))
    }

    /// `alpha` (clamped to 0...1; NaN counts as 0) as n/256, n in 0...256.
    static func alpha256(_ alpha: Double) -> Int {
        guard alpha > 0 else { return 0 }
        guard alpha < 1 else { return 256 }
        return Int(alpha * 256 + 0.5)
    }

    /// The blend with alpha already quantized to `alpha256`/256.
    @inline(__always)
    func blended(over below: RGBColor, alpha256 a: Int) -> RGBColor {
        let b = 256 - a
        return RGBColor(
            red: UInt8(truncatingIfNeeded: (a * Int(red) + b * Int(below.red) + 128) >> 8),
            green: UInt8(truncatingIfNeeded: (a * Int(green) + b * Int(below.green) + 128) >> 8),
            blue: UInt8(truncatingIfNeeded: (a * Int(blue) + b * Int(below.blue) + 128) >> 8))
    }

    /// The channels as `0x00rrggbb`.
    @inline(__always)
    var packed: UInt32 { UInt32(red) << 16 | UInt32(green) << 8 | UInt32(blue) }

    /// The colour of `0x00rrggbb` (bits above 23 ignored).
    @inline(__always)
    init(packed: UInt32) {
        self.init(
            red: UInt8(truncatingIfNeeded: packed >> 16), green: UInt8(truncatingIfNeeded: packed >> 8),
            blue: UInt8(truncatingIfNeeded: packed))
    }

    /// ``blended(over:alpha256:)`` on packed `0x00rrggbb` values, two channels per multiply
    /// (red and blue in 16-bit lanes, green alone): each lane stays below 2^16, so the result is
    /// bit-identical to the per-channel formula.
    @inline(__always)
    static func blend(packed top: UInt32, over below: UInt32, alpha256 a: UInt32) -> UInt32 {
        let b = 256 - a
        let redBlue = ((top & 0xFF_00FF) &* a &+ (below & 0xFF_00FF) &* b &+ 0x80_0080) >> 8 & 0xFF_00FF
        let green = ((top & 0xFF00) &* a &+ (below & 0xFF00) &* b &+ 0x8000) >> 8 & 0xFF00
        return redBlue | green
    }

    /// `#rrggbb` in lowercase hex.
    public var description: String {
        let digits = Array("0123456789abcdef")
        var text = "#"
        for channel in [red, green, blue] {
            text.append(digits[Int(channel >> 4)])
            text.append(digits[Int(channel & 0xF)])
        }
        return text
    }
}

/// Errors from parsing an ``RGBColor``.
public enum RGBColorError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The text is neither `#rrggbb` nor a known colour name.
    case invalid(String)

    /// A one-line message naming the input and the accepted forms.
    public var description: String {
        switch self {
        case .invalid(let text):
            let names = RGBColor.namedColors.map(\.name).joined(separator: ", ")
            return "invalid colour '\(text)' (values: #rrggbb, \(names))"
        }
    }
}
