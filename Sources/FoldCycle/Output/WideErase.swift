/// Whether a terminal's ECH (`CSI n X`) is taken to count characters rather than cells on a row
/// that holds wide ones (``ANSIEncoder/erasesByCharacters``), so that the diff erases no run over
/// a wide character with ECH and writes its spaces instead (docs/decisions/0256).
///
/// mlterm 3.9.0 does: an ECH of `n` cells whose span holds `k` wide characters, followed by cells
/// that already are the erased space (a space in the same pen), erases only `n − k` cells and
/// leaves the last `k` cells' glyphs on screen (measured under Xvfb:
/// `Tests/e2e/test_erase_in_mlterm.py`).
package enum WideErase {
    /// Decides whether the terminal erases by characters. First match wins:
    /// 1. Not a terminal → false.
    /// 2. Inside tmux, screen or Zellij (`TMUX`, `STY` or `ZELLIJ` set, or `TERM` starting `tmux`
    ///    or `screen`) → false: the multiplexer keeps its own screen and redraws the outer
    ///    terminal, and the outer terminal's variables are inherited into it.
    /// 3. `MLTERM` set, or `TERM` starting `mlterm` → true.
    /// 4. Otherwise false.
    ///
    /// - Parameters:
    ///   - environment: the process environment.
    ///   - isTerminal: whether the output is a terminal.
    package static func detect(environment: [String: String], isTerminal: Bool) -> Bool {
        guard isTerminal else { return false }
        let term = environment["TERM"] ?? ""
        if isSet("TMUX", environment) || isSet("STY", environment) || isSet("ZELLIJ", environment)
            || term.hasPrefix("tmux") || term.hasPrefix("screen")
        {
            return false
        }
        return isSet("MLTERM", environment) || term.hasPrefix("mlterm")
    }

    /// Whether `name` is set to a non-empty value.
    private static func isSet(_ name: String, _ environment: [String: String]) -> Bool {
        !(environment[name] ?? "").isEmpty
    }
}
