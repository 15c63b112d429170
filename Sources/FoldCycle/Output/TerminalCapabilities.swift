#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What an output can show and what its user asked for, decided once from whether it is a
/// terminal and from the environment: the one rule the library's ``Player`` and the
/// `foldcycle` CLI both follow, so an embedded ticker honours `NO_COLOR` and `TERM=dumb` exactly
/// as the tool does.
///
/// - ``drawsFrames``: the output is a terminal and `TERM` is not `dumb` (a dumb terminal cannot
///   move the cursor: it gets plain text, as a pipe does).
/// - ``colorDepth``: ``ColorDepth/detect(choice:environment:isTTY:)`` (`--color`, `NO_COLOR`,
///   `TERM=dumb`, `COLORTERM`, `TERM`), or the depth fixed by the caller.
/// - ``motion``: first match wins (docs/DESIGN.md#motion):
///   1. a motion fixed by the caller (`--motion`);
///   2. no frames (not a terminal, `TERM=dumb`) → ``Motion/none``;
///   3. `ACCESSIBLE` set → ``Motion/none`` (screen readers read lines, not redraws);
///   4. `CI` set → ``Motion/none`` (a log, not an animation);
///   5. `REDUCED_MOTION` set → ``Motion/reduced``;
///   6. otherwise ``Motion/full``.
///   So the most restrictive request wins. A variable counts as set when it is non-empty and not
///   `0`, `false`, `no` or `off` (any case), so `CI=false` asks for nothing.
package struct TerminalCapabilities: Hashable, Sendable {
    /// Whether the output is a terminal (`isatty`).
    package var isTerminal: Bool
    /// Whether frames are drawn: a terminal that is not `TERM=dumb`.
    package var drawsFrames: Bool
    /// The colour depth frames are encoded at.
    package var colorDepth: ColorDepth
    /// How much the scene moves.
    package var motion: Motion

    /// Creates capabilities from known values.
    package init(isTerminal: Bool, drawsFrames: Bool, colorDepth: ColorDepth, motion: Motion) {
        self.isTerminal = isTerminal
        self.drawsFrames = drawsFrames
        self.colorDepth = colorDepth
        self.motion = motion
    }

    /// Decides the capabilities (see ``TerminalCapabilities``).
    ///
    /// - Parameters:
    ///   - isTerminal: whether the output is a terminal.
    ///   - environment: the process environment (`ProcessInfo.processInfo.environment`).
    ///   - color: a fixed depth, or ``ColorDepth/Setting/detected`` for `--color auto`.
    ///   - motion: a fixed motion, or ``Motion/Setting/detected``.
    package static func detect(
        isTerminal: Bool, environment: [String: String], color: ColorDepth.Setting = .detected,
        motion: Motion.Setting = .detected
    ) -> TerminalCapabilities {
        let drawsFrames = isTerminal && environment["TERM"] != "dumb"
        let depth: ColorDepth
        switch color {
        case .detected: depth = ColorDepth.detect(choice: .auto, environment: environment, isTTY: isTerminal)
        case .fixed(let fixed): depth = fixed
        }
        let chosen: Motion
        switch motion {
        case .fixed(let fixed):
            chosen = fixed
        case .detected:
            if !drawsFrames || isSet("ACCESSIBLE", in: environment) || isSet("CI", in: environment) {
                chosen = .none
            } else if isSet("REDUCED_MOTION", in: environment) {
                chosen = .reduced
            } else {
                chosen = .full
            }
        }
        return TerminalCapabilities(isTerminal: isTerminal, drawsFrames: drawsFrames, colorDepth: depth, motion: chosen)
    }

    /// ``detect(isTerminal:environment:color:motion:)`` for an output sink, in this process's
    /// environment.
    package static func detect(
        for sink: any OutputSink, color: ColorDepth.Setting = .detected, motion: Motion.Setting = .detected
    ) -> TerminalCapabilities {
        detect(
            isTerminal: sink.isTerminal, environment: ProcessInfo.processInfo.environment, color: color, motion: motion)
    }

    /// Whether the environment variable `name` asks for something: set, non-empty, and not `0`,
    /// `false`, `no` or `off` (case-insensitive).
    package static func isSet(_ name: String, in environment: [String: String]) -> Bool {
        guard let value = environment[name]?.trimmingWhitespace(), !value.isEmpty else { return false }
        return !["0", "false", "no", "off"].contains(value.lowercased())
    }
}
