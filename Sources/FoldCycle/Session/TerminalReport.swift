/// A report the terminal sends of itself rather than of a key or the mouse, decoded from its
/// input by a ``TerminalSession`` (``TerminalEvent/Kind/report(_:)``). Rows and columns are
/// 0-based cells; colours 8 bits a channel.
public enum TerminalReport: Hashable, Sendable {
    /// The window got the focus (`CSI I`, with focus reporting, mode 1004, on).
    case focusIn
    /// The window lost the focus (`CSI O`): a button held may come up unreported.
    case focusOut
    /// Where the cursor is, 0-based (the answer to `CSI 6n`, `CSI row ; column R`).
    case cursorPosition(row: Int, column: Int)
    /// The terminal's background colour (the answer to an OSC 11 query,
    /// `ESC ] 11 ; rgb:RRRR/GGGG/BBBB` and BEL or ST).
    case backgroundColor(RGBColor)
    /// The answer to Primary Device Attributes (`CSI c`), `CSI ? … c`, its attributes (4:
    /// sixel): sent after the OSC 11 query, it says the terminal answered all it will.
    case deviceAttributes([Int])
    /// The answer to the kitty graphics query (`ESC _ G … ESC \`): `OK` (true) or
    /// an error (false).
    case kittyGraphics(Bool)
    /// A cell's size in pixels (the answer to `CSI 16 t`, `CSI 6 ; height ; width t`).
    case cellSize(width: Int, height: Int)
    /// The terminal's name and version (the answer to XTVERSION, `CSI > q`, which is
    /// `DCS > | text ST`): `iTerm2 3.5.0`, `WezTerm 20240203-110809-5046fc22`, `XTerm(390)`;
    /// printable ASCII, at most 64 bytes.
    case terminalName(String)
    /// The largest sixel image the terminal draws, in pixels (the answer to XTSMGRAPHICS's
    /// read of the sixel geometry, `CSI ? 2 ; 1 ; 0 S`: `CSI ? 2 ; 0 ; width ; height S`).
    /// xterm answers its window's size, at most 1000 × 1000, and draws nothing of a larger image.
    case sixelGeometry(width: Int, height: Int)
}
