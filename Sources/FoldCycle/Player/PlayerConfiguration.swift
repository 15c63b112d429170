#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension Player {
    /// Where and how frames are written.
    public enum Output: Hashable, Sendable {
        /// Inline when the output draws frames (a terminal that is not `TERM=dumb`, see
        /// `TerminalCapabilities`), otherwise plain text: the default, as the CLI decides.
        case automatic
        /// Rows reserved at the cursor, redrawn in place.
        case inline
        /// The alternate screen, scene centred.
        case fullscreen
        /// Not a terminal: settled items as plain text lines.
        case plainText
    }

    /// How settled items written as text (plain-text output, and ``Motion/none`` in a terminal)
    /// are separated.
    public enum ItemSeparation: Hashable, Sendable {
        /// A blank line between two items when either spans several lines; single-line items one
        /// per line (the default).
        case automatic
        /// One item per line, no blank lines.
        case lines
        /// A blank line between every two items: the `--file` format, so the output can be read
        /// back as the same items.
        case paragraphs
    }

    /// The player's settings.
    public struct Configuration: Sendable {
        /// Frames per second while the scene moves, 1...240.
        public var framesPerSecond: Int
        /// Inline, fullscreen or plain text; ``Output/automatic`` by default.
        public var output: Output
        /// The colour depth of the encoded frames: detected by default from the output and
        /// `NO_COLOR`, `COLORTERM` and `TERM` (`TerminalCapabilities`), as the CLI detects it.
        public var colorDepth: ColorDepth.Setting
        /// How much the scene moves: detected by default from `REDUCED_MOTION`, `ACCESSIBLE`,
        /// `CI` and `TERM=dumb` (`TerminalCapabilities`). With ``Motion/none`` a fullscreen
        /// output draws inline: the items are lines in the normal screen.
        public var motion: Motion.Setting
        /// Whether the player guards the terminal while it draws (inline or fullscreen output to a
        /// terminal) with a ``TerminalSession`` of its own when none is given: SIGINT, SIGTERM,
        /// SIGHUP and SIGQUIT restore it (cursor shown, region ended) before the process dies of
        /// the signal as it would have; Ctrl-Z gives the terminal back and `fg` takes it again;
        /// resizes redraw; echo is off on the output terminal so typing (and `^C`) never lands on
        /// the frames; and an `exit` without ``Player/finish()`` still restores the modes. Default
        /// true. (The cursor and the region are restored at `exit` either way.)
        public var guardsTerminal: Bool
        /// Whether ``Player/finish()`` erases the live region instead of leaving the last frame
        /// on screen, so the host's own output continues where the region began. Default false.
        public var isTransient: Bool
        /// Whether an inline region keeps a blank line above the scene, where the cursor waits
        /// between frames: a line the host writes by other means than ``Player/print(_:terminator:)``
        /// while the player runs (an error message just before an early `exit`) lands there, on a
        /// line of its own, instead of over the card. The line is dropped when the player
        /// finishes. Default true; the CLI, which writes nothing else, turns it off.
        public var keepsHostLine: Bool
        /// With ``Motion/none`` in a terminal: after this many seconds with no line printed, a
        /// heartbeat line says what is still shown (nil: never). Default 30.
        public var heartbeatInterval: TimeInterval?
        /// How settled items written as text are separated.
        public var itemSeparation: ItemSeparation
        /// Whether frames are written on a queue of their own, so a terminal that reads slowly
        /// blocks no more than that queue and frames are dropped while one is in flight; nil
        /// (the default) when the sink reaches a terminal device (``OutputSink/terminalDevice``),
        /// where a write can block.
        package var writesInBackground: Bool?
        /// Whether a card's links are sent as OSC 8 hyperlinks (the CLI's `--hyperlinks`):
        /// ``HyperlinkSupport/Choice/auto`` by default, where the terminal is known to take them.
        package var hyperlinks = HyperlinkSupport.Choice.auto

        /// Creates a configuration.
        ///
        /// - Parameters:
        ///   - framesPerSecond: clamped to 1...240.
        ///   - output: default ``Output/automatic``.
        ///   - colorDepth: default detected; `.truecolor`, `.none`, … or `.fixed(depth)` to fix it.
        ///   - motion: default detected; `.full`, `.reduced`, `.none` to fix it.
        ///   - guardsTerminal: default true.
        ///   - isTransient: default false.
        ///   - keepsHostLine: default true.
        ///   - heartbeatInterval: seconds, > 0 (nil or ≤ 0: none); default 30.
        ///   - itemSeparation: default ``ItemSeparation/automatic``.
        public init(
            framesPerSecond: Int = 60, output: Output = .automatic, colorDepth: ColorDepth.Setting = .detected,
            motion: Motion.Setting = .detected, guardsTerminal: Bool = true, isTransient: Bool = false,
            keepsHostLine: Bool = true, heartbeatInterval: TimeInterval? = 30,
            itemSeparation: ItemSeparation = .automatic
        ) {
            self.framesPerSecond = min(max(framesPerSecond, 1), 240)
            self.output = output
            self.colorDepth = colorDepth
            self.motion = motion
            self.guardsTerminal = guardsTerminal
            self.isTransient = isTransient
            self.keepsHostLine = keepsHostLine
            self.heartbeatInterval = heartbeatInterval.flatMap { $0 > 0 && $0.isFinite ? $0 : nil }
            self.itemSeparation = itemSeparation
        }

        /// The output mode, colour depth and motion for `sink` in `environment`, by the one rule
        /// the CLI follows too (``TerminalCapabilities``): ``Output/automatic`` is inline where
        /// frames are drawn and plain text elsewhere; a detected motion is ``Motion/none`` in
        /// plain text and otherwise as the environment asks.
        package func resolved(for sink: any OutputSink, environment: [String: String]) -> (
            output: Output, depth: ColorDepth, motion: Motion
        ) {
            let capabilities = TerminalCapabilities.detect(
                isTerminal: sink.isTerminal, environment: environment, color: colorDepth)
            var output: Output =
                self.output == .automatic ? (capabilities.drawsFrames ? .inline : .plainText) : self.output
            let motion: Motion
            switch self.motion {
            case .fixed(let fixed): motion = fixed
            case .detected:
                motion =
                    output == .plainText
                    ? .none : TerminalCapabilities.detect(isTerminal: true, environment: environment).motion
            }
            // Items printed as lines belong in the normal screen's scrollback, not the alternate
            // screen's: no motion draws inline.
            if motion == .none && output == .fullscreen { output = .inline }
            return (output, capabilities.colorDepth, motion)
        }
    }
}
