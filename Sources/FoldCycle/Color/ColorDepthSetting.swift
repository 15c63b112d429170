extension ColorDepth {
    /// A colour depth chosen explicitly, or left to detection from the output and the
    /// environment (`TerminalCapabilities`), as the CLI's `--color auto` does.
    ///
    /// The static members name the fixed depths, so a configuration reads
    /// `colorDepth: .truecolor` or `colorDepth: .none` as before; a depth in a variable is
    /// `.fixed(depth)`.
    public enum Setting: Hashable, Sendable {
        /// `NO_COLOR`, `COLORTERM`, `TERM` and whether the output is a terminal decide
        /// (`ColorDepth/detect(choice:environment:isTTY:)` with `auto`).
        case detected
        /// This depth, whatever the environment says.
        case fixed(ColorDepth)

        /// ``ColorDepth/truecolor``, fixed.
        public static let truecolor = Setting.fixed(.truecolor)
        /// ``ColorDepth/ansi256``, fixed.
        public static let ansi256 = Setting.fixed(.ansi256)
        /// ``ColorDepth/ansi16``, fixed.
        public static let ansi16 = Setting.fixed(.ansi16)
        /// ``ColorDepth/none``, fixed: no colour SGR at all.
        public static let none = Setting.fixed(.none)
    }
}
