internal import FoldCyclePlatform

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// How a card (one item in its slot) looks: background colours by item, text colour, alignment.
///
/// Source: the pseudo-fold view's subviews, each a coloured card; the source's five colours are
/// green, blue, yellow, cyan and orange (``defaultPalette``).
public struct CardStyle: Hashable, Sendable {
    /// Card backgrounds; item `i` uses `palette[i % palette.count]`. Empty: the terminal's
    /// default colours.
    public var palette: [RGBColor]
    /// Horizontal alignment of each text line; text is always centred vertically.
    public var alignment: HorizontalAlignment
    /// Whether a face turned away from the front is dimmed: its colours blended toward the
    /// terminal's background (the compositor's) with the cosine of its angle from the front
    /// (``SlotPresentation/facing``), as a face lit from the eye darkens toward edge-on
    /// (Lambert's cosine law); at 16 colours it goes faint instead, keeping its hue. Off by default; only the cube and the flip
    /// turn faces (docs/DESIGN.md#text-on-turned-faces).
    public var shading: Bool

    /// The source's five card colours, by name (CSS values, see `RGBColor/namedColors`):
    /// green, blue, yellow, cyan, orange.
    public static let defaultPaletteNames = ["green", "blue", "yellow", "cyan", "orange"]

    /// ``defaultPaletteNames`` as colours.
    public static let defaultPalette: [RGBColor] = defaultPaletteNames.compactMap { name in
        RGBColor.namedColors.first { $0.name == name }?.color
    }

    /// The default palette's variant for a light terminal background: green and blue as in
    /// ``defaultPalette``; yellow, cyan and orange darkened (#c8a000, #008b8b, #e06c00) so
    /// that the cards stand out from white as the source's stand out from black. Each keeps its
    /// hue, and at 16 colours its palette entry.
    public static let lightBackgroundPalette: [RGBColor] = [
        RGBColor(red: 0x00, green: 0x80, blue: 0x00), RGBColor(red: 0x00, green: 0x00, blue: 0xFF),
        RGBColor(red: 0xC8, green: 0xA0, blue: 0x00), RGBColor(red: 0x00, green: 0x8B, blue: 0x8B),
        RGBColor(red: 0xE0, green: 0x6C, blue: 0x00),
    ]

    /// The style for a terminal whose background is `background`: the default palette
    /// (``defaultPalette``) becomes ``lightBackgroundPalette`` on a light background (black
    /// text contrasts with it more than white, ``contrastingText(on:)``); any other palette,
    /// and everything else, is kept.
    public func forBackground(_ background: RGBColor) -> CardStyle {
        var style = self
        if palette == Self.defaultPalette && Self.contrastingText(on: background) == .black {
            style.palette = Self.lightBackgroundPalette
        }
        return style
    }

    /// Creates a style.
    ///
    /// - Parameters:
    ///   - palette: card backgrounds by item index; default ``defaultPalette``.
    ///   - alignment: text alignment; default centre.
    ///   - shading: dim turned faces; default off.
    public init(
        palette: [RGBColor] = CardStyle.defaultPalette, alignment: HorizontalAlignment = .center, shading: Bool = false
    ) {
        self.palette = palette
        self.alignment = alignment
        self.shading = shading
    }

    /// The background of item `index` (nil: the terminal's default).
    public func background(forItemAt index: Int) -> RGBColor? {
        guard !palette.isEmpty else { return nil }
        return palette[((index % palette.count) + palette.count) % palette.count]
    }

    /// The text style of item `index`: black or white text, whichever contrasts more with the
    /// card's background (WCAG relative luminance), bold.
    public func textStyle(forItemAt index: Int) -> TextStyle {
        guard let background = background(forItemAt: index) else {
            return TextStyle(foreground: .default, background: .default, attributes: .bold)
        }
        return TextStyle(
            foreground: .rgb(Self.contrastingText(on: background)), background: .rgb(background), attributes: .bold)
    }

    /// ``textStyle(forItemAt:)`` as a terminal of `depth` shows it. At 16 colours the card is
    /// the palette entry its colour is sent as, not the colour itself, so the text colour is
    /// chosen by the same WCAG rule against that entry's RGB (xterm's defaults,
    /// ``ColorDepth/palette16``); and black text is not bold, since xterm's default
    /// `boldColors` draws bold colour 0 as colour 8, grey #7f7f7f, low contrast on yellow,
    /// green or cyan (docs/DESIGN.md#card-text-at-16-colours). Other depths: unchanged.
    package func textStyle(forItemAt index: Int, depth: ColorDepth) -> TextStyle {
        var style = textStyle(forItemAt: index)
        style.contrastDepth = depth
        guard depth == .ansi16, let background = background(forItemAt: index) else { return style }
        let shown = ColorDepth.palette16[Int(ColorDepth.ansi16Index(for: background))]
        let text = Self.contrastingText(on: shown)
        style.foreground = .rgb(text)
        if text == .black { style.attributes.remove(.bold) }
        return style
    }

    /// Black on light colours, white on dark ones: the one with the higher WCAG contrast ratio.
    public static func contrastingText(on background: RGBColor) -> RGBColor {
        let luminance = background.relativeLuminance
        // Contrast with black (L + 0.05) / 0.05 against white 1.05 / (L + 0.05): equal at L ≈ 0.179.
        return (luminance + 0.05) / 0.05 >= 1.05 / (luminance + 0.05) ? .black : .white
    }
}
