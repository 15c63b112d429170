internal import FoldCyclePlatform

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension RGBColor {
    /// The colour's relative luminance, 0 (black) to 1 (white): the sRGB channels linearised and
    /// weighted 0.2126, 0.7152, 0.0722 (WCAG 2.x, "relative luminance").
    package var relativeLuminance: Double {
        func linear(_ channel: UInt8) -> Double {
            let value = Double(channel) / 255
            return value <= 0.04045 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
    }

    /// The contrast ratio of the two colours, 1 (the same luminance) to 21 (black and white):
    /// (L₁ + 0.05) / (L₂ + 0.05) with L₁ the lighter's luminance (WCAG 2.x, "contrast ratio").
    package func contrastRatio(with other: RGBColor) -> Double {
        let (a, b) = (relativeLuminance, other.relativeLuminance)
        return (max(a, b) + 0.05) / (min(a, b) + 0.05)
    }

    /// This colour when its contrast with `background` is at least `ratio`, both as it is and as
    /// both colours show at `depth` (``ColorDepth/paletteColor(for:)``: at 16 colours the two
    /// could otherwise be sent as one palette entry); else the first colour on the
    /// way from it to black or to white (whichever contrasts more with `background` as shown), in steps of
    /// 5 %, that reaches `ratio` both ways, or that end itself. The hue is kept as far as the
    /// contrast allows (a yellow on a yellow card turns olive, not grey). Used for text whose
    /// colour comes from an item (`ls --color`, `git log --color`) on a card's colour.
    package func keepingContrast(_ ratio: Double, against background: RGBColor, at depth: ColorDepth = .truecolor)
        -> RGBColor
    {
        let shownBehind = depth.paletteColor(for: background)
        func readable(_ color: RGBColor) -> Bool {
            color.contrastRatio(with: background) >= ratio
                && depth.paletteColor(for: color).contrastRatio(with: shownBehind) >= ratio
        }
        guard !readable(self) else { return self }
        // Toward the text colour the background as shown takes (CardStyle's rule).
        let end = CardStyle.contrastingText(on: shownBehind)
        for step in 1...20 {
            let mixed = blended(toward: end, by: Double(step) / 20)
            if readable(mixed) { return mixed }
        }
        return end
    }

    /// The colour `fraction` (0…1) of the way to `other`, each channel rounded.
    private func blended(toward other: RGBColor, by fraction: Double) -> RGBColor {
        func channel(_ from: UInt8, _ to: UInt8) -> UInt8 {
            UInt8((Double(from) + (Double(to) - Double(from)) * fraction).rounded())
        }
        return RGBColor(
            red: channel(red, other.red), green: channel(green, other.green), blue: channel(blue, other.blue))
    }
}
