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
    /// Each decided item's side (right: kept, left: discarded), by item index; an undo takes
    /// the item's decision back, deciding an item again replaces it.
    private(set) var decisions: [Int: SwipeSide] = [:]
    /// The undecided items paged past (``DeckEvent/paged(from:to:direction:cause:velocity:)``
    /// toward the next card), in the order they were last skipped, with how.
    private(set) var skips: [Skip] = []
    /// Clicks, by key or mouse.
    private(set) var clicks = 0

    /// Whether paging past an item skips it: with the swipe deck's rule; the reusing stack
    /// (`--drag page`) pages to browse.
    var tracksSkips = true

    /// An undecided item paged past, and how the page was made.
    struct Skip: Equatable, Sendable {
        var index: Int
        var cause: DecisionCause
    }

    /// Items kept (decided right).
    var kept: Int { decisions.values.count { $0 == .right } }
    /// Items discarded (decided left).
    var discarded: Int { decisions.values.count { $0 == .left } }
    /// Items skipped and not decided since.
    var skipped: Int { skips.count }

    /// Counts `event`, whose indices are item indices: a removal decides its item, an undo takes
    /// the decision back, a page to the next card skips an undecided item (a page back to it
    /// takes the skip back), a click is counted.
    mutating func record(_ event: DeckEvent) {
        switch event {
        case .removed(let index, let side, _, _):
            decisions[index] = side
            skips.removeAll { $0.index == index }
        case .undone(let index, _):
            decisions[index] = nil
        case .clicked:
            clicks += 1
        case .paged(let from, let to, let direction, let cause, _):
            guard tracksSkips else { break }
            // Paged back to, an item is on top again: no longer skipped.
            guard direction == .next else {
                skips.removeAll { $0.index == to }
                break
            }
            guard decisions[from] == nil else { break }
            skips.removeAll { $0.index == from }
            skips.append(Skip(index: from, cause: cause))
        case .flipped, .changed, .finished:
            break
        }
    }

    /// The skipped items, in the order they were skipped: those a deck deals again after its
    /// last card.
    var skippedItems: [Int] { skips.map(\.index) }

    /// The items decided or skipped with each one's decision (`right`, `left`, or nil:
    /// skipped), in item order: what `--print` lists.
    var outcomes: [(index: Int, side: SwipeSide?)] {
        let skipped = skips.map { (index: $0.index, side: SwipeSide?.none) }
        let decided = decisions.map { (index: $0.key, side: Optional($0.value)) }
        return (decided + skipped).sorted { $0.index < $1.index }
    }

    /// Where the items of a deck read from a stream are, for the footer.
    enum InputProgress: Equatable, Sendable {
        /// Every item was there at the start (arguments, a file): the footer says nothing of it.
        case complete
        /// More may come: `card 2 of 5 so far · … · reading input`, and, with no card left,
        /// `waiting for input`.
        case reading
        /// Every item was there at the start (arguments, a file), their pictures are still
        /// decoded: `card 2 of 5 · … · loading pictures` (the count is every item named), and,
        /// with no card left, `loading pictures`.
        case loadingPictures
        /// The stream ended: `· end of input`.
        case ended
        /// The stream was cut short (unreadable, not UTF-8, past a limit; said on exit):
        /// `· input cut short`.
        case stopped
        /// The deck waits for cards from a client (`--wait`, a subscribed client): with no card
        /// left, `waiting for more cards`.
        case waiting
    }

    /// The footer under the cards, both lines dim: `card 2 of 5 · kept 1 · discarded 0` (or
    /// `no card left`; `(looping)` after the position when the deck loops; `(skipped before)`
    /// when the top item was skipped; `· skipped 1` once an undecided item was skipped; with a
    /// streamed input, where it is: ``InputProgress``), and the keys, a flashcard's Space first
    /// when the top card has a back.
    ///
    /// - Parameters:
    ///   - topIndex: the top card's item index, if any.
    ///   - count: the items so far.
    ///   - topItem: the top card's text, for its keys.
    func footer(
        topIndex: Int?, count: Int, topItem: String?, loops: Bool, input: InputProgress = .complete
    ) -> [FooterLine] {
        var position = topIndex.map { "card \($0 + 1) of \(count)" } ?? "no card left"
        switch input {
        case .complete: break
        case .reading: position = topIndex == nil ? "waiting for input" : position + " so far"
        case .loadingPictures: if topIndex == nil { position = "loading pictures" }
        case .waiting: if topIndex == nil { position = "waiting for more cards" }
        case .ended, .stopped: break
        }
        if let topIndex, skips.contains(where: { $0.index == topIndex }) { position += " (skipped before)" }
        var status = "\(position)\(loops ? " (looping)" : "") · kept \(kept) · discarded \(discarded)"
        if skipped > 0 { status += " · skipped \(skipped)" }
        switch input {
        case .complete, .waiting: break
        case .reading: if topIndex != nil { status += " · reading input" }
        case .loadingPictures: if topIndex != nil { status += " · loading pictures" }
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
    /// `3 kept · 1 discarded · 0 clicked · 6 of 10 cards left`, with `· 2 skipped` after the
    /// discarded when items were skipped and not decided. Kept, discarded, skipped and left add
    /// up to `itemCount`. When the deck closes before its input was read to the end
    /// (`input` ``InputProgress/reading``), the count is what was read: `6 of 10 cards left so
    /// far · input not read to its end`; before its pictures were all decoded
    /// (``InputProgress/loadingPictures``, `itemCount` every item named): `… cards left · not
    /// every picture loaded`.
    func summary(itemCount: Int, input: InputProgress = .complete) -> String {
        let left = max(itemCount - kept - discarded - skipped, 0)
        let skippedText = skipped > 0 ? " · \(skipped) skipped" : ""
        let pending =
            input == .reading
            ? " so far · input not read to its end"
            : input == .loadingPictures ? " · not every picture loaded" : ""
        let cards = "\(left) of \(itemCount) cards left" + pending
        return "\(kept) kept · \(discarded) discarded\(skippedText) · \(clicks) clicked · \(cards)\n"
    }
}
