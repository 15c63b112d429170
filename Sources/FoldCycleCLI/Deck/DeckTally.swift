import FoldCycle
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What a deck has decided so far, and the lines `foldcycle deck` shows of it: the footer's
/// status line and key hints under the cards, and the summary on exit
/// (docs/DESIGN.md#deck-input-and-output). The live deck and `render --deck` draw the same
/// footer from it.
struct DeckTally: Equatable, Sendable {
    /// Cards removed to the right, less those undone.
    var kept = 0
    /// Cards removed to the left, less those undone.
    var discarded = 0
    /// Clicks, by key or mouse.
    var clicks = 0

    /// Counts `event`: a removal, an undo (which takes one back) or a click.
    mutating func record(_ event: DeckEvent) {
        switch event {
        case .removed(_, let side, _, _):
            if side == .right { kept += 1 } else { discarded += 1 }
        case .undone(_, let side):
            if side == .right { kept -= 1 } else { discarded -= 1 }
        case .clicked:
            clicks += 1
        case .paged, .flipped, .changed, .finished:
            break
        }
    }

    /// Where the items of a deck read from a stream are, for the footer.
    enum InputProgress: Equatable, Sendable {
        /// Every item was there at the start (arguments, a file): the footer says nothing of it.
        case complete
        /// More may come: `card 2 of 5 so far · … · reading input`, and, with no card left,
        /// `waiting for input`.
        case reading
        /// The stream ended: `· end of input`.
        case ended
        /// The stream was cut short (unreadable, not UTF-8, past a limit; said on exit):
        /// `· input cut short`.
        case stopped
    }

    /// The footer under the cards, both lines dim: `card 2 of 5 · kept 1 · discarded 0` (or
    /// `no card left`; `(looping)` after the position when the deck loops; with a streamed
    /// input, where it is: ``InputProgress``), and the keys, a flashcard's Space first when the
    /// top card has a back.
    ///
    /// - Parameters:
    ///   - topIndex: the top card's item, if any.
    ///   - count: the items so far.
    ///   - topItem: the top card's text, for its keys.
    func footer(
        topIndex: Int?, count: Int, topItem: String?, loops: Bool, input: InputProgress = .complete
    ) -> [FooterLine] {
        var position = topIndex.map { "card \($0 + 1) of \(count)" } ?? "no card left"
        switch input {
        case .complete: break
        case .reading: position = topIndex == nil ? "waiting for input" : position + " so far"
        case .ended, .stopped: break
        }
        var status = "\(position)\(loops ? " (looping)" : "") · kept \(kept) · discarded \(discarded)"
        switch input {
        case .complete: break
        case .reading: if topIndex != nil { status += " · reading input" }
        case .ended: status += " · end of input"
        case .stopped: status += " · input cut short"
        }
        var hint = "← discard · → keep · ↑↓ page · u undo · Enter click · q quit"
        // A flashcard's own key first: it is the one that matters on this card.
        if let topItem, CardFaces(item: topItem).hasBack {
            hint = "Space turn · " + hint
        }
        return [FooterLine(status, attributes: [.dim]), FooterLine(hint, attributes: [.dim])]
    }

    /// The line for the terminal when the deck closes:
    /// `3 kept · 1 discarded · 0 clicked · 6 of 10 cards left`.
    func summary(remaining: Int, itemCount: Int) -> String {
        "\(kept) kept · \(discarded) discarded · \(clicks) clicked · \(remaining) of \(itemCount) cards left\n"
    }
}
