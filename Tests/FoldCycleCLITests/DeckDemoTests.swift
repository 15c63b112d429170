import Testing

@testable import FoldCycleCLI

/// `foldcycle deck` with nothing to show plays a demo made from its own help text.
@Suite("foldcycle deck's demo")
struct DeckDemoTests {
    @Test("the demo's cards are the overview, each KEYS line, the MOUSE section's first sentence and how to give items")
    func cards() throws {
        let deck = DeckCommand.demoDeck
        let keys = try #require(DeckCommand.sections.first { $0.title.hasPrefix("KEYS") })
        #expect(deck.count == keys.lines.count + 3)
        #expect(deck.first == "foldcycle deck\n" + DeckCommand.overview)
        #expect(deck[1].split(separator: "\n").first == "← or h")
        #expect(deck[1].split(separator: "\n").count == 8)
        #expect(deck[keys.lines.count + 1] == "Drag the top card.")
        #expect(deck.last == "Your own cards\n" + DeckCommand.usageForItems)
    }
}
