/// Settled items as text lines, for output that shows no card (plain-text output, and
/// ``Motion/none`` in a terminal): each item once, ``TextLayout/plainText(_:)`` (sanitized, tabs
/// expanded), separated as ``Player/ItemSeparation`` says, and the heartbeat line of a long wait.
///
/// Not thread-safe: a value owned by the player's queue.
struct ItemLines {
    /// The separation rule.
    let separation: Player.ItemSeparation
    private var written = 0
    private var previousSpansLines = false

    init(separation: Player.ItemSeparation) {
        self.separation = separation
    }

    /// The text that writes `item` after the items written so far: a blank line first when the
    /// rule asks for one, then the item's lines, each ended by `\n`.
    mutating func text(for item: String) -> String {
        let body = TextLayout.plainText(item)
        let spansLines = body.contains("\n")
        let separated: Bool
        switch separation {
        case .lines: separated = false
        case .paragraphs: separated = true
        case .automatic: separated = spansLines || previousSpansLines
        }
        defer {
            written += 1
            previousSpansLines = spansLines
        }
        return (written > 0 && separated ? "\n" : "") + body + "\n"
    }

    /// The heartbeat line for `item`, still shown: `still showing: ` and its first line.
    static func heartbeat(for item: String) -> String {
        let first = TextLayout.plainText(item).split(separator: "\n", omittingEmptySubsequences: false).first ?? ""
        return "still showing: \(first)\n"
    }
}

/// Bytes the host writes above a live region, held back until their line is complete: a region
/// is drawn from the start of a line, so a partial line would be drawn over. A partial line
/// longer than ``maximumHeldBytes`` is not held whole (a command's 10 MB line cost as much
/// memory): it is written with a line feed of its own, cut where no UTF-8 sequence is split.
///
/// Not thread-safe: a value owned by the player's queue.
struct LineAssembler {
    /// The most bytes of a partial line held: 64 KiB.
    static let maximumHeldBytes = 1 << 16

    private var partial: [UInt8] = []

    /// Whether a partial line is held.
    var holdsPartialLine: Bool { !partial.isEmpty }

    /// Appends `bytes` and returns what ends with their last line feed (with any partial line
    /// held before it); the rest is held.
    mutating func completeLines(_ bytes: [UInt8]) -> [UInt8] {
        guard let last = bytes.lastIndex(of: 0x0A) else {
            partial += bytes
            return partial.count > Self.maximumHeldBytes ? breakHeldLine() : []
        }
        let complete = partial + bytes[...last]
        partial = Array(bytes[(last + 1)...])
        return partial.count > Self.maximumHeldBytes ? complete + breakHeldLine() : complete
    }

    /// The held bytes with a line feed, but an incomplete UTF-8 sequence at their end, which
    /// stays held for the bytes that complete it.
    private mutating func breakHeldLine() -> [UInt8] {
        var lead = partial.count - 1
        while lead > 0, partial.count - lead < 4, partial[lead] & 0xC0 == 0x80 { lead -= 1 }
        let byte = partial[lead]
        let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
        let cut = partial.count - lead < length ? lead : partial.count
        let line = Array(partial[..<cut]) + [0x0A]
        partial = Array(partial[cut...])
        return line
    }

    /// The held partial line followed by `newline`, or nothing when none is held; holds nothing
    /// afterwards.
    mutating func takePartialLine(endingWith newline: [UInt8]) -> [UInt8] {
        guard !partial.isEmpty else { return [] }
        defer { partial.removeAll() }
        return partial + newline
    }
}
