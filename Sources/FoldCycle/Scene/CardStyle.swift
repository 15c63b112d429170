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
    /// Whether a face turned away from the front is dimmed: its colours multiplied by the cosine
    /// of its angle from the front (``SlotPresentation/facing``), as a face lit from the eye
    /// darkens toward edge-on (Lambert's cosine law). Off by default; only the cube and the flip
    /// turn faces (docs/DESIGN.md#text-on-turned-faces).
    public var shading: Bool

    /// The source's five card colours, by name (CSS values, see `RGBColor/namedColors`):
    /// green, blue, yellow, cyan, orange.
    public static let defaultPaletteNames = ["green", "blue", "yellow", "cyan", "orange"]

    /// ``defaultPaletteNames`` as colours.
    public static let defaultPalette: [RGBColor] = defaultPaletteNames.compactMap { name in
        RGBColor.namedColors.first { $0.name == name }?.color
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
        guard depth == .ansi16, let background = background(forItemAt: index) else { return style }
        let shown = ColorDepth.palette16[Int(ColorDepth.ansi16Index(for: background))]
        let text = Self.contrastingText(on: shown)
        style.foreground = .rgb(text)
        if text == .black { style.attributes.remove(.bold) }
        return style
    }

    /// Black on light colours, white on dark ones: the one with the higher WCAG contrast ratio.
    public static func contrastingText(on background: RGBColor) -> RGBColor {
        func linear(_ channel: UInt8) -> Double {
            let value = Double(channel) / 255
            return value <= 0.04045 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
        }
        let luminance =
            0.2126 * linear(background.red) + 0.7152 * linear(background.green)
            + 0.0722 * linear(background.blue)
        // Contrast with black (L + 0.05) / 0.05 against white 1.05 / (L + 0.05): equal at L ≈ 0.179.
        return (luminance + 0.05) / 0.05 >= 1.05 / (luminance + 0.05) ? .black : .white
    }
}
