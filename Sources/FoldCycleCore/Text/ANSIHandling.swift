/// What becomes of ANSI escape sequences in item text (the `--ansi` option).
public enum ANSIHandling: String, Hashable, Sendable, CaseIterable {
    /// SGR colours and attributes and OSC 8 links become the text's styles; every other escape
    /// sequence and control character is dropped (``ANSIReader``). The default.
    case keep
    /// Every escape sequence and control character (but `\n`, `\t`) is dropped; no styles.
    case strip
    /// The text is shown as it is: control characters as visible pictures (ESC as ␛).
    case show

    /// `text` as styled text under this handling.
    public func styledString(_ text: String) -> StyledString {
        switch self {
        case .keep: return ANSIReader.read(text)
        case .strip: return StyledString(ANSIReader.stripped(text))
        case .show: return StyledString(text)
        }
    }
}
