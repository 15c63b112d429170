/// A key press decoded from a terminal's input bytes (non-canonical mode).
public enum KeyPress: Hashable, Sendable {
    /// Printable text (one or more grapheme clusters), including a space.
    case text(String)
    /// Enter (CR or LF).
    case enter
    /// Backspace (DEL 0x7F or BS 0x08).
    case backspace
    /// Ctrl-U: erase the typed line.
    case clearLine
    /// Ctrl-D (EOT).
    case endOfTransmission
    /// A lone Esc: an ESC byte that no escape sequence followed (within the reader's escape
    /// timeout, or before another ESC).
    case escape
    /// An arrow key (CSI or SS3 form: `ESC [ A`, `ESC O A`, …).
    case arrow(ArrowKey)
}

/// One of the four arrow keys.
public enum ArrowKey: String, Hashable, Sendable, CaseIterable {
    /// ↑ (`ESC [ A`).
    case up
    /// ↓ (`ESC [ B`).
    case down
    /// → (`ESC [ C`).
    case right
    /// ← (`ESC [ D`).
    case left
}
