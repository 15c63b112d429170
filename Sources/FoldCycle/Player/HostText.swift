/// The text a player writes besides frames, as the bytes for its output: the host's printed
/// lines and raw bytes, settled items written as lines, and heartbeat lines. Where frames are
/// drawn, a line ends with CR LF (column 0 whatever the tty's ONLCR) and a partial last line is
/// held until it is complete (a region starts at column 0); in plain text a line ends with LF and
/// nothing is held.
///
/// Not thread-safe: a value owned by the player's queue.
struct HostText {
    /// Whether frames are drawn (inline or fullscreen output), not plain text.
    let drawsFrames: Bool
    private var items: ItemLines
    private var assembler = LineAssembler()
    /// The display column the host's printed text ended at (0 after a line feed), so that a tab
    /// in the rest of a line reaches the stop it would in the whole line.
    private var column = 0

    init(drawsFrames: Bool, separation: Player.ItemSeparation) {
        self.drawsFrames = drawsFrames
        items = ItemLines(separation: separation)
    }

    /// A line's end: CR LF where frames are drawn, LF in plain text.
    var lineEnding: [UInt8] { drawsFrames ? [0x0D, 0x0A] : [0x0A] }

    /// The bytes of printed text (``TextLayout/plainText(_:fromColumn:)``), continuing the column
    /// the last printed text ended at.
    mutating func printed(_ text: String) -> [UInt8] {
        let plain = TextLayout.plainText(text, fromColumn: column)
        column = plain.column
        return lines(Array(plain.text.utf8))
    }

    /// The complete lines of `bytes` (and of the partial line held before them), holding the
    /// rest: what may be written above a live region now.
    mutating func completeLines(_ bytes: [UInt8]) -> [UInt8] {
        assembler.completeLines(bytes)
    }

    /// The partial line held, ended, or nothing.
    mutating func takePartialLine() -> [UInt8] {
        assembler.takePartialLine(endingWith: lineEnding)
    }

    /// The bytes that write a settled item after the ones before it (``ItemLines``), after any
    /// partial line held.
    mutating func item(_ text: String) -> [UInt8] {
        takePartialLine() + lines(Array(items.text(for: text).utf8))
    }

    /// The heartbeat line for `text`, after any partial line held.
    mutating func heartbeat(for text: String) -> [UInt8] {
        takePartialLine() + lines(Array(ItemLines.heartbeat(for: text).utf8))
    }

    /// `bytes` with each LF written as ``lineEnding``.
    private func lines(_ bytes: [UInt8]) -> [UInt8] {
        drawsFrames ? bytes.flatMap { $0 == 0x0A ? [0x0D, 0x0A] : [$0] } : bytes
    }
}
