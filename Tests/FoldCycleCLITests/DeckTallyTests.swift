import FoldCycle
import Testing

@testable import FoldCycleCLI

/// What a deck has decided (issue 32): skipped items, the summary's counts, `--print`'s records.
@Suite("Deck: tally, skipped items and --print")
struct DeckTallyTests {
    /// `j l l` on `a b c`: `a` skipped, `b` and `c` kept (/work/shared/cases/deck-skipped-card.md).
    static func skippedFirst() -> DeckTally {
        var tally = DeckTally()
        for event in [
            DeckEvent.paged(from: 0, to: 1, direction: .next, cause: .key, velocity: nil),
            .removed(index: 1, side: .right, cause: .key, velocity: nil),
            .removed(index: 2, side: .right, cause: .fling, velocity: DeckPoint(x: 3, y: 0)),
        ] {
            tally.record(event)
        }
        return tally
    }

    @Test("an item paged past undecided is skipped, and counted in the summary")
    func skipped() {
        let tally = Self.skippedFirst()
        #expect(tally.skippedItems == [0])
        #expect(tally.skips == [DeckTally.Skip(index: 0, cause: .key)])
        #expect(tally.summary(itemCount: 3) == "2 kept · 0 discarded · 1 skipped · 0 clicked · 0 of 3 cards left\n")
    }

    @Test("a deck closed while its input is still read says its count is so far")
    func closedWhileReading() {
        var tally = DeckTally()
        tally.record(.removed(index: 0, side: .right, cause: .key, velocity: nil))
        #expect(
            tally.summary(itemCount: 2, input: .reading)
                == "1 kept · 0 discarded · 0 clicked · 1 of 2 cards left so far · input not read to its end\n")
        #expect(
            tally.summary(itemCount: 2, input: .loadingPictures)
                == "1 kept · 0 discarded · 0 clicked · 1 of 2 cards left · not every picture loaded\n")
        #expect(tally.summary(itemCount: 2, input: .ended) == "1 kept · 0 discarded · 0 clicked · 1 of 2 cards left\n")
        #expect(tally.summary(itemCount: 2) == "1 kept · 0 discarded · 0 clicked · 1 of 2 cards left\n")
    }

    @Test("deciding a skipped item, or paging back to it, takes the skip back; an undo takes a decision back")
    func decided() {
        var tally = Self.skippedFirst()
        tally.record(.removed(index: 0, side: .left, cause: .key, velocity: nil))
        #expect(tally.skippedItems.isEmpty)
        #expect(tally.summary(itemCount: 3) == "2 kept · 1 discarded · 0 clicked · 0 of 3 cards left\n")
        tally.record(.undone(index: 0, side: .left))
        #expect(tally.summary(itemCount: 3) == "2 kept · 0 discarded · 0 clicked · 1 of 3 cards left\n")
        var back = Self.skippedFirst()
        back.record(.paged(from: 1, to: 0, direction: .previous, cause: .key, velocity: nil))
        #expect(back.skippedItems.isEmpty)
    }

    @Test("items skipped come back in the order they were last skipped")
    func order() {
        var tally = DeckTally()
        tally.record(.paged(from: 0, to: 1, direction: .next, cause: .key, velocity: nil))
        tally.record(.paged(from: 1, to: 2, direction: .next, cause: .fling, velocity: nil))
        tally.record(.paged(from: 0, to: 3, direction: .next, cause: .key, velocity: nil))
        #expect(tally.skippedItems == [1, 0])
    }

    @Test("the reusing stack pages to browse: nothing is skipped")
    func browsing() {
        var tally = DeckTally()
        tally.tracksSkips = false
        tally.record(.paged(from: 0, to: 1, direction: .next, cause: .fling, velocity: nil))
        #expect(tally.skippedItems.isEmpty)
    }

    @Test("a decision made twice counts once, as the last")
    func decidedTwice() {
        var tally = DeckTally()
        tally.record(.removed(index: 0, side: .right, cause: .key, velocity: nil))
        tally.record(.removed(index: 0, side: .left, cause: .key, velocity: nil))
        #expect(tally.kept == 0)
        #expect(tally.discarded == 1)
    }

    @Test("the footer names a returned card and the skipped count; a waiting deck says so")
    func footer() {
        let tally = Self.skippedFirst()
        let returned = tally.footer(topIndex: 0, count: 3, topItem: "a", loops: false)
        #expect(returned[0].text == "card 1 of 3 (skipped before) · kept 2 · discarded 0 · skipped 1")
        let waiting = DeckTally().footer(topIndex: nil, count: 2, topItem: nil, loops: false, input: .waiting)
        #expect(waiting[0].text == "waiting for more cards · kept 0 · discarded 0")
    }

    @Test("pictures of arguments still decoded: the footer says what is pending, not input")
    func loadingPictures() {
        let shown = DeckTally().footer(topIndex: 0, count: 4, topItem: "a.png", loops: false, input: .loadingPictures)
        #expect(shown[0].text == "card 1 of 4 · kept 0 · discarded 0 · loading pictures")
        let none = DeckTally().footer(topIndex: nil, count: 4, topItem: nil, loops: false, input: .loadingPictures)
        #expect(none[0].text == "loading pictures · kept 0 · discarded 0")
        let read = DeckTally().footer(topIndex: 0, count: 4, topItem: "a", loops: false, input: .reading)
        #expect(read[0].text == "card 1 of 4 so far · kept 0 · discarded 0 · reading input")
    }

    @Test(
        "--print writes the chosen items in input order",
        arguments: [
            (DeckPrint.kept, ["b", "c"]), (.discarded, ["d"]),
            (.decisions, ["skipped\ta", "kept\tb", "kept\tc", "discarded\td"]),
        ])
    func printed(_ choice: DeckPrint, _ expected: [String]) {
        var tally = Self.skippedFirst()
        tally.record(.removed(index: 3, side: .left, cause: .key, velocity: nil))
        #expect(choice.records(tally) { ["a", "b", "c", "d"][$0] } == expected)
    }

    @Test("records end with a newline, or NUL with --print0")
    func terminators() {
        #expect(DeckPrint.output(["a b", "c"], nulTerminated: false) == "a b\nc\n")
        #expect(DeckPrint.output(["a b", "c"], nulTerminated: true) == "a b\u{0}c\u{0}")
        #expect(DeckPrint.output([], nulTerminated: true) == "")
    }

    @Test("a skipped item's line on exit")
    func skippedLine() {
        #expect(
            DeckDecisionLine.skippedLine(index: 0, item: "a", by: .key)
                == #"{"index":0,"item":"a","action":"skipped","by":"key","velocity":null}"# + "\n")
    }
}
