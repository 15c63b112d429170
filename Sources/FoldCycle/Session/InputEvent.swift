/// One thing decoded from a terminal's input: a key press or a mouse report.
public enum InputEvent: Hashable, Sendable {
    /// A key press.
    case key(KeyPress)
    /// A mouse report (only while mouse reporting is on).
    case mouse(MouseEvent)
}
