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
/// is drawn from the start of a line, so a partial line would be drawn over.
///
/// Not thread-safe: a value owned by the player's queue.
struct LineAssembler {
    private var partial: [UInt8] = []

    /// Whether a partial line is held.
    var holdsPartialLine: Bool { !partial.isEmpty }

    /// Appends `bytes` and returns what ends with their last line feed (with any partial line
    /// held before it); the rest is held.
    mutating func completeLines(_ bytes: [UInt8]) -> [UInt8] {
        guard let last = bytes.lastIndex(of: 0x0A) else {
            partial += bytes
            return []
        }
        let complete = partial + bytes[...last]
        partial = Array(bytes[(last + 1)...])
        return complete
    }

    /// The held partial line followed by `newline`, or nothing when none is held; holds nothing
    /// afterwards.
    mutating func takePartialLine(endingWith newline: [UInt8]) -> [UInt8] {
        guard !partial.isEmpty else { return [] }
        defer { partial.removeAll() }
        return partial + newline
    }
}
