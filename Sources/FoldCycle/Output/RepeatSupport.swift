/// Whether a terminal is sent REP (`CSI n b`, ``EscapeSequence/repeatCharacter(_:)``) for runs of
/// one glyph (``ANSIEncoder/repeats``): only where it is known to take it (docs/decisions/0255).
package enum RepeatSupport {
    /// The `VTE_VERSION` from which VTE is taken to repeat (0.52, 5200; checked on 0.70.6).
    package static let firstVTEVersion = 5200
    /// `TERM` prefixes of terminals that take REP of any glyph (kitty's `xterm-kitty`, foot's
    /// `foot` and `foot-extra`, `mlterm`).
    package static let repeatingTermPrefixes = ["xterm-kitty", "foot", "mlterm"]

    /// Decides whether REP is sent. First match wins:
    /// 1. Not a terminal, or `TERM=dumb` or `linux` (the Linux console has no REP) → false.
    /// 2. Inside tmux, screen or Zellij (`TMUX`, `STY` or `ZELLIJ` set, or `TERM` starting `tmux`
    ///    or `screen`) →
    ///    false: tmux 3.3a repeats only an ASCII character (after any other it ignores REP, and
    ///    the run shows its first cell alone: `Tests/e2e/test_repeat_in_emulators.py`), and
    ///    screen is unchecked. The outer terminal's variables are inherited into tmux, so they
    ///    are not trusted there.
    /// 3. `XTERM_VERSION` (xterm sets it), `KITTY_WINDOW_ID` (kitty), `MLTERM` (mlterm),
    ///    `VTE_VERSION` ≥ ``firstVTEVersion`` (GNOME Terminal, sakura, Tilix, …), or `TERM`
    ///    starting with one of ``repeatingTermPrefixes`` → true.
    /// 4. Otherwise false (a terminal that only says `TERM=xterm-256color` may be any emulator).
    ///
    /// - Parameters:
    ///   - environment: the process environment.
    ///   - isTerminal: whether the output is a terminal.
    package static func detect(environment: [String: String], isTerminal: Bool) -> Bool {
        let term = environment["TERM"] ?? ""
        guard isTerminal, term != "dumb", term != "linux" else { return false }
        if isSet("TMUX", environment) || isSet("STY", environment) || isSet("ZELLIJ", environment)
            || term.hasPrefix("tmux")
            || term.hasPrefix("screen")
        {
            return false
        }
        if isSet("XTERM_VERSION", environment) || isSet("KITTY_WINDOW_ID", environment)
            || isSet("MLTERM", environment)
        {
            return true
        }
        if let vte = environment["VTE_VERSION"].flatMap({ Int($0) }), vte >= firstVTEVersion { return true }
        return repeatingTermPrefixes.contains { term.hasPrefix($0) }
    }

    /// Whether `name` is set to a non-empty value.
    private static func isSet(_ name: String, _ environment: [String: String]) -> Bool {
        !(environment[name] ?? "").isEmpty
    }
}
