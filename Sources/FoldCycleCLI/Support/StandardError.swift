import FoldCycle
internal import FoldCyclePlatform

/// The command line tool's one writer of diagnostics (error messages, replies when stdout is not
/// a terminal): the text is data, shown as every reply is (``TextLayout/plainText(_:)``: control
/// characters as visible pictures, so an argument or a path holding OSC, CSI or 8-bit C1 bytes
/// never reaches the terminal raw; tabs as spaces), and a failed write (a closed stderr,
/// `/dev/full`, a reader that went away) is ignored rather than trapping as Foundation's
/// `FileHandle.write(_:)` does.
enum StandardError {
    /// Writes `text`, sanitized; line feeds stay line feeds.
    static func write(_ text: String) {
        TerminalDevice.standardError.writeIgnoringFailure(TextLayout.plainText(text))
    }
}
