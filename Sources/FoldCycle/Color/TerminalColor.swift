/// A cell colour: the terminal's own default (SGR 39 / 49) or an explicit RGB colour.
///
/// The encoder downsamples RGB to the output's ``ColorDepth``; the compositor treats
/// ``default`` as the configured background RGB when it blends.
public enum TerminalColor: Hashable, Sendable {
    /// The terminal's default foreground or background (whatever the user's theme sets).
    case `default`
    /// An explicit 24-bit colour.
    case rgb(RGBColor)

    /// The RGB value, or `fallback` for ``default``.
    public func resolved(_ fallback: RGBColor) -> RGBColor {
        switch self {
        case .default: return fallback
        case .rgb(let color): return color
        }
    }
}

extension TerminalColor {
    /// The tag bit of a packed ``rgb(_:)`` colour.
    static let rgbTag: UInt32 = 0x0100_0000
    /// ``default`` packed.
    static let packedDefault: UInt32 = 0

    /// The colour as one word, the form ``Cell`` stores: ``default`` is 0 and ``rgb(_:)`` is
    /// `0x01rrggbb` (``rgbTag`` set, one byte per channel).
    @inline(__always)
    var packed: UInt32 {
        switch self {
        case .default: return Self.packedDefault
        case .rgb(let color): return Self.rgbTag | color.packed
        }
    }

    /// Unpacks ``packed``: ``rgb(_:)`` when ``rgbTag`` is set, otherwise ``default``.
    @inline(__always)
    init(packed: UInt32) {
        self = packed & Self.rgbTag == 0 ? .default : .rgb(RGBColor(packed: packed))
    }

    /// The packed colour's RGB (`0x00rrggbb`), or `fallback` (also `0x00rrggbb`) for ``default``.
    @inline(__always)
    static func resolved(packed: UInt32, fallback: UInt32) -> UInt32 {
        packed & rgbTag == 0 ? fallback : packed & 0xFF_FFFF
    }
}
