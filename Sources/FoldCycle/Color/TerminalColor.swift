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
    /// With ``rgbTag``: the colour is entry 0–15 of the terminal's palette, the one whose xterm
    /// default is the RGB (``ColorDepth/palette16``); sent as SGR 30–37 / 90–97 (40–47 / 100–107)
    /// at every depth, so the user's theme shows it (docs/decisions/0181).
    static let palette16Flag: UInt32 = 0x0200_0000
    /// With ``rgbTag``: the colour is entry 16–255 of the 256-colour palette whose RGB it holds
    /// (``ColorDepth/ansi256Color(index:)``); sent as `38;5;n` at truecolor and 256 colours.
    static let palette256Flag: UInt32 = 0x0400_0000
    /// Both palette flags.
    static let paletteFlags: UInt32 = palette16Flag | palette256Flag

    /// Palette entry `index` packed as a cell holds it: its xterm RGB (which blends, contrast
    /// checks and every output that is not ANSI use) with ``rgbTag`` and the flag that keeps it
    /// a palette entry for the encoder. A blend of it is plain RGB (the flag is not kept).
    package static func packedPalette(_ index: UInt8) -> UInt32 {
        rgbTag | (index < 16 ? palette16Flag : palette256Flag) | ColorDepth.ansi256Color(index: index).packed
    }

    /// The palette entry a packed colour is (``packedPalette(_:)``), or nil for RGB or the default.
    package static func paletteIndex(packed: UInt32) -> UInt8? {
        guard packed & rgbTag != 0, packed & paletteFlags != 0 else { return nil }
        let rgb = RGBColor(packed: packed)
        return packed & palette16Flag != 0 ? ColorDepth.ansi16Index(for: rgb) : ColorDepth.ansi256Index(for: rgb)
    }
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
    package init(packed: UInt32) {
        self = packed & Self.rgbTag == 0 ? .default : .rgb(RGBColor(packed: packed))
    }

    /// The packed colour's RGB (`0x00rrggbb`), or `fallback` (also `0x00rrggbb`) for ``default``.
    @inline(__always)
    static func resolved(packed: UInt32, fallback: UInt32) -> UInt32 {
        packed & rgbTag == 0 ? fallback : packed & 0xFF_FFFF
    }
}
