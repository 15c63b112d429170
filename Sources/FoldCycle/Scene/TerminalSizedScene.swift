/// A scene that may size itself to the whole terminal, rows too (a slideshow of pictures,
/// docs/decisions/0196-picture-cards-sized-to-the-terminal.md), beside ``FrameSource/fit(columns:)``,
/// which only narrows. The player asks it first at start and on every size change.
package protocol TerminalSizedScene: FrameSource {
    /// Lays the scene out for a terminal of `terminal` cells; returns false when it does not
    /// size itself so (then ``FrameSource/fit(columns:)`` is used). Called on the player's queue.
    mutating func fit(terminal: TerminalSize) -> Bool
}
