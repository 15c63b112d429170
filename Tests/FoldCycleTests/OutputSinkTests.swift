import FoldCycle
import Testing

/// The public sinks an embedder's tests use: one that drops the card's output, one that keeps it.
@Suite("Output sinks: discarding and capturing")
struct OutputSinkTests {
    @Test("a card on a capturing sink writes its items there as text, once each")
    func capturing() throws {
        let clock = ManualClock()
        let sink = CapturingSink()
        let card = try PseudoFoldCycler(
            items: ["first tip", "second tip"], direction: .up, interval: 1, output: sink, clock: clock)
        card.start()
        clock.advance(to: 1.5)
        card.finish()
        #expect(sink.isTerminal == false && sink.size == nil)
        #expect(sink.text == "first tip\nsecond tip\n")
    }

    @Test("a capturing sink with a size is a terminal: the card is drawn into it, its items marked")
    func capturingTerminal() throws {
        let clock = ManualClock()
        let sink = CapturingSink(size: TerminalSize(columns: 30, rows: 5))
        // Frames and motion fixed: the test's environment (`CI`, `TERM=dumb`) would choose none.
        let card = try PseudoFoldCycler(
            items: ["first tip", "second tip"], direction: .up, interval: 1,
            configuration: .init(
                player: .init(output: .inline, colorDepth: .fixed(.ansi256), motion: .fixed(.full))),
            output: sink, clock: clock)
        card.start()
        clock.advance(to: 1.5)
        card.finish()
        #expect(sink.marks == ["first tip", "second tip"])
        #expect(sink.isTerminal)
        #expect(sink.text.contains("\u{1B}["))
        #expect(sink.text.contains("first tip"))
    }

    @Test("a discarding sink takes every write and is not a terminal")
    func discarding() throws {
        let sink = DiscardingSink()
        try sink.write(Array("anything".utf8))
        #expect(sink.isTerminal == false && sink.size == nil)
        let card = try PseudoFoldCycler(
            items: ["a", "b"], direction: .up, interval: 1, output: sink, clock: ManualClock())
        card.start()
        #expect(card.finish() == nil)
    }
}
