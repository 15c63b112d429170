import FoldCycle
import Foundation
import Testing

@testable import FoldCycleCLI

/// Every event of the protocol as its exact line, the deck's events translated, and the live
/// translator following transitions through reversals and item changes
/// (docs/DESIGN.md#control-protocol).
@Suite("Control protocol: events")
struct ProtocolEventTests {
    static let fold = ProtocolEvent.Transition(from: 0, to: 1, kind: .fold, direction: .down)

    @Test(
        "every event's line, keys in order, event first",
        arguments: [
            (ProtocolEvent.started, #"{"event":"started"}"#), (.paused, #"{"event":"paused"}"#),
            (.resumed, #"{"event":"resumed"}"#), (.stopped, #"{"event":"stopped"}"#),
            (
                .transitionBegan(fold),
                #"{"event":"transition-began","from":0,"to":1,"transition":"fold","direction":"down"}"#
            ),
            (
                .transitionReversed(.init(from: 2, to: 3, kind: .cube, direction: .left), toward: 2),
                #"{"event":"transition-reversed","from":2,"to":3,"transition":"cube","direction":"left","toward":2}"#
            ),
            (
                .transitionEnded(.init(from: 4, to: 0, kind: .moveIn, direction: .up), index: 0),
                #"{"event":"transition-ended","from":4,"to":0,"transition":"move-in","direction":"up","index":0}"#
            ),
            (.itemSettled(index: 1, item: "B\n\"b\""), #"{"event":"item-settled","index":1,"item":"B\n\"b\""}"#),
            (.itemAdded(index: 3, item: "D", count: 4), #"{"event":"item-added","index":3,"item":"D","count":4}"#),
            (.itemRemoved(index: 0, item: "A", count: 3), #"{"event":"item-removed","index":0,"item":"A","count":3}"#),
            (
                .itemReplaced(index: 2, item: "new", previous: "old", count: 3),
                #"{"event":"item-replaced","index":2,"item":"new","previous":"old","count":3}"#
            ),
            (
                .swiped(index: 3, item: "a.txt", side: .right, by: .fling, velocity: DeckPoint(x: 3.14159, y: -0.25)),
                #"{"event":"swiped","index":3,"item":"a.txt","side":"right","by":"fling","velocity":{"x":3.1416,"y":-0.25}}"#
            ),
            (
                .swiped(index: 0, item: "b", side: .left, by: .key, velocity: nil),
                #"{"event":"swiped","index":0,"item":"b","side":"left","by":"key","velocity":null}"#
            ),
            (.clicked(index: 1, item: "c", by: .tap), #"{"event":"clicked","index":1,"item":"c","by":"tap"}"#),
            (
                .undone(index: 3, item: "a.txt", from: .right),
                #"{"event":"undone","index":3,"item":"a.txt","from":"right"}"#
            ),
            (
                .paged(from: 0, to: 1, direction: .next, by: .key, velocity: nil),
                #"{"event":"paged","from":0,"to":1,"direction":"next","by":"key","velocity":null}"#
            ),
            (.flipped(index: 2, showsBack: true), #"{"event":"flipped","index":2,"side":"back"}"#),
            (.flipped(index: 2, showsBack: false), #"{"event":"flipped","index":2,"side":"front"}"#),
            (.needsMoreData(remaining: 2, count: 10), #"{"event":"needs-more-data","remaining":2,"count":10}"#),
            (.finished, #"{"event":"finished"}"#),
        ])
    func lines(_ event: ProtocolEvent, _ expected: String) {
        #expect(event.line == expected + "\n")
    }

    @Test(
        "the deck's events become the protocol's (a redraw none)",
        arguments: [
            (
                DeckEvent.removed(index: 1, side: .left, cause: .position, velocity: DeckPoint(x: -1, y: 0)),
                ProtocolEvent.swiped(
                    index: 1, item: "item 1", side: .left, by: .position, velocity: DeckPoint(x: -1, y: 0))
            ),
            (.clicked(index: 0, cause: .key), .clicked(index: 0, item: "item 0", by: .key)),
            (.undone(index: 2, side: .right), .undone(index: 2, item: "item 2", from: .right)),
            (
                .paged(from: 0, to: 1, direction: .next, cause: .fling, velocity: nil),
                .paged(from: 0, to: 1, direction: .next, by: .fling, velocity: nil)
            ),
            (.flipped(index: 0, showsBack: true), .flipped(index: 0, showsBack: true)), (.finished, .finished),
        ])
    func deckEvents(_ event: DeckEvent, _ expected: ProtocolEvent) {
        #expect(ProtocolEvent.deck(event, text: { "item \($0)" }) == expected)
    }

    @Test("a redraw is no event")
    func deckChanged() {
        #expect(ProtocolEvent.deck(.changed, text: { "item \($0)" }) == nil)
    }

    @Test("the translator names each transition's ends, through a reversal")
    func translatorReversal() {
        var translator = LiveEventTranslator()
        #expect(translator.events(for: .started) == [.started])
        #expect(
            translator.events(for: .transitionBegan(from: 0, to: 1, style: .fold(.down))) == [
                .transitionBegan(Self.fold)
            ])
        #expect(translator.events(for: .indexChanged(1)).isEmpty)
        #expect(translator.events(for: .transitionReversed(toward: 0)) == [.transitionReversed(Self.fold, toward: 0)])
        #expect(translator.events(for: .transitionEnded(index: 0)) == [.transitionEnded(Self.fold, index: 0)])
        #expect(translator.itemSettled("A") == .itemSettled(index: 0, item: "A"))
        #expect(translator.events(for: .paused) == [.paused])
        #expect(translator.events(for: .resumed) == [.resumed])
        #expect(translator.events(for: .stopped) == [.stopped])
    }

    @Test("an insertion or removal mid-flight moves the indices its end names, as the cycler's rule does")
    func translatorShifts() {
        var translator = LiveEventTranslator()
        _ = translator.events(for: .transitionBegan(from: 2, to: 3, style: .fold(.up)))
        #expect(translator.events(for: .itemInserted(index: 0)).isEmpty)
        #expect(translator.events(for: .itemRemoved(index: 1)).isEmpty)
        #expect(translator.events(for: .itemReplaced(index: 2)).isEmpty)
        #expect(
            translator.events(for: .transitionEnded(index: 3))
                == [.transitionEnded(.init(from: 2, to: 3, kind: .fold, direction: .up), index: 3)])
        #expect(translator.settledIndex == 3)
        _ = translator.events(for: .itemInserted(index: 3))
        #expect(translator.itemSettled("D") == .itemSettled(index: 4, item: "D"))
    }

    @Test("the reply lines: id first when there is one, then ok, then the result or the error")
    func replies() {
        #expect(
            ProtocolReply.success(id: .string("a"), result: .object([("changed", .bool(true))]))
                == #"{"id":"a","ok":true,"result":{"changed":true}}"# + "\n")
        #expect(
            ProtocolReply.failure(id: .int(7), error: .init(.badValue, "x"))
                == #"{"id":7,"ok":false,"error":{"type":"bad-value","message":"x"}}"# + "\n")
        #expect(
            ProtocolError.Kind.allCases.map(\.rawValue) == [
                "unknown-command", "bad-value", "bad-json", "limit-reached",
            ])
    }
}
