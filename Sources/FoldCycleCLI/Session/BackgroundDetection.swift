import FoldCycle

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `--background auto` of a run on a terminal (live, deck): the terminal's own background, as
/// the terminal answers an OSC 11 query, else as `COLORFGBG` names it, else black
/// (docs/decisions/0125-background-detection.md). `render` has no terminal to ask and keeps
/// its fixed default, so its output never depends on where it runs.
enum BackgroundDetection {
    /// How long the run waits for the terminal's answer before its first frame: a local
    /// terminal answers in a few milliseconds, and one that does not answer OSC 11 answers the
    /// device-attributes request after it at once; this bounds a terminal that answers neither.
    static let timeout: TimeInterval = 0.25

    /// The background when the terminal gives none: `COLORFGBG`'s, else black.
    static func fallback(environment: [String: String]) -> RGBColor {
        TerminalBackground.fromColorFGBG(environment["COLORFGBG"]) ?? .black
    }

    /// Resolves `setting` (nil: `auto`) and, when `asksGraphics` (`--pictures auto`), how a
    /// settled picture is drawn (docs/decisions/0154-pictures-at-rest.md), and calls
    /// `completion` on the session's queue with both: a fixed colour and no graphics at once;
    /// else the terminal is asked when frames are drawn on one that is not dumb
    /// (``TerminalSession/queryTerminal(asksGraphics:timeout:completion:)``, which holds typed
    /// keys meanwhile), and what it does not answer takes the fallback (cells for pictures).
    static func resolve(
        _ setting: RGBColor?, asksGraphics: Bool = false, terminal: TerminalSession, drawsFrames: Bool,
        environment: [String: String],
        completion: @escaping @Sendable (RGBColor, PictureGraphics) -> Void
    ) {
        let fallback = setting ?? fallback(environment: environment)
        let graphicsWanted = asksGraphics && environment["TMUX"] == nil
        guard setting == nil || graphicsWanted, drawsFrames, environment["TERM"] != "dumb" else {
            completion(fallback, .cells)
            return
        }
        terminal.queryTerminal(asksBackground: setting == nil, asksGraphics: graphicsWanted, timeout: timeout) {
            answers in
            completion(
                setting ?? answers.background ?? fallback,
                answers.graphics.graphics(allowed: graphicsWanted, environment: environment))
        }
    }

    /// Sets the player's scene up for a terminal whose background is `background`
    /// (``TerminalBackgroundScene``): fades and dims blend to it, the default text colour
    /// contrasts with it, and the default palette takes its variant for it
    /// (``CardStyle/forBackground(_:)``). Through ``Player/updateScene(as:_:)``: between frames,
    /// on the player's queue.
    static func apply(_ background: RGBColor, to player: Player) {
        player.updateScene(as: (any TerminalBackgroundScene).self) { $0.adapt(toBackground: background) }
    }
}
