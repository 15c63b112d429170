import FoldCycle
internal import FoldCyclePlatform

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The items of `foldcycle deck` as its deck's data source: the items read at start, and those a
/// protocol client adds (`{"cmd":"add","value":"…"}`), which the deck takes in at its next
/// ``SwipeDeck/reloadData()``. When the deck runs low it calls the needs-more-data handler
/// (docs/DESIGN.md#control-protocol: the `needs-more-data` event).
///
/// The deck deals cards, not items: card `n` shows item ``itemIndex(at:)``. They are the same
/// until a skipped item is dealt again after the last card (``appendReturns(_:)``,
/// docs/DESIGN.md#deck-input-and-output: a skipped card is never lost); the deck counts cards,
/// everything the session writes names items.
///
/// Thread-safe: its state is in a ``LockedBox`` (the deck reads it under its own lock, from its
/// queue or its clock's; clients add on the session's queue).
final class DeckItemStore: DeckDataSource, Sendable {
    private struct State {
        var items: [StyledString]
        /// The item each card shows, in the deck's order.
        var cards: [Int]
        var needsMoreDataHandler: (@Sendable (Int) -> Void)?
        /// How many pictures have each file name: a name met twice captions them by their paths.
        var pictureNames: [String: Int] = [:]

        /// Adds `styled` to the items; pictures sharing a file name are captioned apart
        /// (``PictureCaptions``).
        mutating func add(_ styled: [StyledString]) {
            cards += items.count..<(items.count + styled.count)
            items += styled
            var shared = false
            for item in styled {
                guard let path = item.picture?.path else { continue }
                let name = CardPicture.fileName(of: path)
                pictureNames[name, default: 0] += 1
                shared = shared || pictureNames[name, default: 0] > 1
            }
            if shared { items = PictureCaptions.disambiguated(items) }
        }
    }

    private let state: LockedBox<State>

    /// How item text is read (``ItemReading``): every item, those added later too.
    let reading: ItemReading

    /// A store of `items`.
    init(_ items: [String], reading: ItemReading = ItemReading()) {
        self.reading = reading
        var initial = State(items: [], cards: [])
        initial.add(reading.styledStrings(items))
        state = LockedBox(initial)
    }

    /// A store of `items` read already (``ItemStream``), read as `reading` says those added later.
    init(read items: [StyledString], reading: ItemReading) {
        self.reading = reading
        var initial = State(items: [], cards: [])
        initial.add(items)
        state = LockedBox(initial)
    }

    /// Whether an item read so far is a picture (a deck of text asks the terminal nothing of
    /// graphics: docs/decisions/0154-pictures-at-rest.md).
    var holdsPictures: Bool { state.withLock { $0.items.contains { $0.picture != nil } } }

    /// Calls `handler` with the cards left each time the deck asks for more data (no deck lock
    /// is held then).
    func setNeedsMoreDataHandler(_ handler: (@Sendable (Int) -> Void)?) {
        state.withLock { $0.needsMoreDataHandler = handler }
    }

    /// Every item, in order.
    var items: [String] { state.withLock { $0.items.map(\.plainText) } }

    /// The number of cards the deck deals: the items and the skipped ones dealt again.
    var count: Int { state.withLock { $0.cards.count } }

    /// The number of items.
    var itemCount: Int { state.withLock { $0.items.count } }

    /// The item card `index` (`0 ..< count`) shows.
    func item(at index: Int) -> StyledString { state.withLock { $0.items[$0.cards[index]] } }

    /// The item card `card` shows, or `card` itself when there is no such card.
    func itemIndex(at card: Int) -> Int {
        state.withLock { $0.cards.indices.contains(card) ? $0.cards[card] : card }
    }

    /// The text of the item card `card` shows, or "" when there is none (an event about a card
    /// out of range).
    func text(at card: Int) -> String {
        state.withLock { $0.cards.indices.contains(card) ? $0.items[$0.cards[card]].plainText : "" }
    }

    /// The text of item `index`, or "" when there is none.
    func text(ofItem index: Int) -> String {
        state.withLock { $0.items.indices.contains(index) ? $0.items[index].plainText : "" }
    }

    /// Appends `item` (and its card); returns its item index.
    @discardableResult
    func append(_ item: String) -> Int {
        let styled = reading.styledString(item)
        return state.withLock {
            $0.add([styled])
            return $0.items.count - 1
        }
    }

    /// Appends `items` (a batch read from a stream).
    func append(contentsOf items: [String]) {
        append(read: reading.styledStrings(items))
    }

    /// Appends `styled`, items read already (a chunk from an ``ItemStream``).
    func append(read styled: [StyledString]) {
        state.withLock { $0.add(styled) }
    }

    /// Puts `styled` in place of items 0, 1, … (pictures read in place of their loading cards),
    /// captioned among every item as ``append(read:)`` captions.
    func replaceFirst(read styled: [StyledString]) {
        state.withLock { state in
            let count = min(styled.count, state.items.count)
            state.items.replaceSubrange(0..<count, with: styled.prefix(count))
            if state.pictureNames.values.contains(where: { $0 > 1 }) {
                state.items = PictureCaptions.disambiguated(state.items)
            }
        }
    }

    /// Deals items `indices` again after the last card, in that order.
    func appendReturns(_ indices: [Int]) {
        state.withLock { state in state.cards += indices.filter { state.items.indices.contains($0) } }
    }

    /// The deck runs low: tells the handler.
    func needsMoreData(remaining: Int) {
        let handler = state.withLock { $0.needsMoreDataHandler }
        handler?(remaining)
    }
}
