/// How much a scene moves on screen: the user's motion preference, as operating systems offer
/// "reduce motion" and screen-reader users want lines rather than redraws.
///
/// - ``full``: every transition plays as styled (folds, cubes, slides).
/// - ``reduced``: nothing moves or turns; a card gives way to the next in a short cross-fade of
///   `reducedCrossFadeDuration` (at colour depth none, where there is nothing to blend, the
///   card switches at once).
/// - ``none``: no animation at all: each item is printed once as a line when it settles (a
///   heartbeat line during long waits), while a status under them stays in place.
///
/// `TerminalCapabilities/detect(isTerminal:environment:color:motion:)` says which one applies
/// when none is chosen (`REDUCED_MOTION`, `ACCESSIBLE`, `CI`, `TERM=dumb`, not a terminal).
public enum Motion: String, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    /// Transitions play as styled.
    case full
    /// A short cross-fade, no movement.
    case reduced
    /// No animation: settled items as lines.
    case none

    /// How long the cross-fade of ``reduced`` lasts, in seconds (at most the transition's own
    /// duration): long enough to notice the change, short enough not to be motion.
    package static let reducedCrossFadeDuration: Double = 0.2

    /// `full`, `reduced` or `none` (the `--motion` values).
    public var description: String { rawValue }

    /// A motion chosen explicitly, or left to detection.
    public enum Setting: Hashable, Sendable {
        /// Detected from the output and the environment
        /// (`TerminalCapabilities/detect(isTerminal:environment:color:motion:)`).
        case detected
        /// This motion, whatever the environment says.
        case fixed(Motion)

        /// ``Motion/full``, fixed.
        public static let full = Setting.fixed(.full)
        /// ``Motion/reduced``, fixed.
        public static let reduced = Setting.fixed(.reduced)
        /// ``Motion/none``, fixed.
        public static let none = Setting.fixed(.none)
    }
}
