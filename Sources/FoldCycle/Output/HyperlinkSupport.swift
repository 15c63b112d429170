/// Whether a terminal is sent a card's links as OSC 8 hyperlinks (``ANSIEncoder/hyperlinks``):
/// the user's `--hyperlinks` choice and, for `auto`, the rule below (docs/decisions/0180).
package enum HyperlinkSupport {
    /// The user's `--hyperlinks` choice.
    package enum Choice: String, CaseIterable, Hashable, Sendable {
        /// Where the terminal is known to take OSC 8 (``detect(choice:environment:isTerminal:)``).
        case auto
        /// Always (a terminal that does not know OSC 8 ignores it, but some older ones show it).
        case always
        /// Never: link text is shown without its link.
        case never
    }

    /// The `VTE_VERSION` from which VTE takes OSC 8 (0.50, 5000).
    package static let firstVTEVersion = 5000
    /// `TERM_PROGRAM` values of terminals that take OSC 8.
    package static let linkingPrograms: Set<String> = ["iTerm.app", "WezTerm", "vscode", "ghostty"]
    /// `TERM` prefixes of terminals that take OSC 8 (foot's `foot`, `foot-extra`; kitty's
    /// `xterm-kitty`; WezTerm's `wezterm`; ghostty's `xterm-ghostty`).
    package static let linkingTermPrefixes = ["foot", "xterm-kitty", "wezterm", "xterm-ghostty"]

    /// Decides whether links are sent. First match wins:
    /// 1. `never` → false; `always` → true.
    /// 2. Not a terminal, or `TERM=dumb` → false.
    /// 3. Inside tmux or screen (`TMUX` or `STY` set, or `TERM` starting `tmux` or `screen`) →
    ///    false: screen drops OSC 8, and tmux passes it on only from 3.4 and only when the outer
    ///    terminal is declared to take it (`terminal-features … hyperlinks`), which the
    ///    environment does not say. The outer terminal's variables (`KITTY_WINDOW_ID`, …) are
    ///    inherited into tmux, so they are not trusted there.
    /// 4. `KITTY_WINDOW_ID` (kitty), `WT_SESSION` (Windows Terminal), `TERM_PROGRAM` in
    ///    ``linkingPrograms``, `VTE_VERSION` ≥ ``firstVTEVersion`` (GNOME Terminal, Tilix, …),
    ///    or `TERM` starting with one of ``linkingTermPrefixes`` → true.
    /// 5. Otherwise false (plain xterm, the Linux console, urxvt, st and unknown terminals).
    ///
    /// - Parameters:
    ///   - choice: the `--hyperlinks` value.
    ///   - environment: the process environment.
    ///   - isTerminal: whether the output is a terminal.
    package static func detect(choice: Choice, environment: [String: String], isTerminal: Bool) -> Bool {
        switch choice {
        case .never: return false
        case .always: return true
        case .auto: break
        }
        let term = environment["TERM"] ?? ""
        guard isTerminal, term != "dumb" else { return false }
        if isSet("TMUX", environment) || isSet("STY", environment) || term.hasPrefix("tmux")
            || term.hasPrefix("screen")
        {
            return false
        }
        if isSet("KITTY_WINDOW_ID", environment) || isSet("WT_SESSION", environment) { return true }
        if let program = environment["TERM_PROGRAM"], linkingPrograms.contains(program) { return true }
        if let vte = environment["VTE_VERSION"].flatMap({ Int($0) }), vte >= firstVTEVersion { return true }
        return linkingTermPrefixes.contains { term.hasPrefix($0) }
    }

    /// Whether `name` is set to a non-empty value.
    private static func isSet(_ name: String, _ environment: [String: String]) -> Bool {
        !(environment[name] ?? "").isEmpty
    }
}
