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
