import FoldCycle
import Testing

/// `OutputFollower`: a card that follows a command's output (issue 31, point 6), on a manual clock.
@Suite("Output follower: the card follows a command's latest line")
struct OutputFollowerTests {
    private static func card(_ clock: ManualClock, sink: CapturingSink = CapturingSink()) throws -> PseudoFoldCycler {
        try PseudoFoldCycler(
            items: ["▶ build"], interval: 60, configuration: .init(duration: 0.3), output: sink, clock: clock)
    }

    @Test("the first line shows at once; one sooner than the minimum waits for it, then the latest shows")
    func pacing() throws {
        let clock = ManualClock()
        let follower = OutputFollower(card: try Self.card(clock), minimumShow: 1)
        follower.card.start()
        follower.append(Array("compiling a\ncompiling b\n".utf8))
        #expect(follower.card.items == ["compiling b"])
        clock.advance(to: 0.4)
        follower.append(Array("linking\n".utf8))
        follower.append(Array("signing\n".utf8))
        #expect(follower.card.items == ["compiling b"])
        clock.advance(to: 0.99)
        #expect(follower.card.items == ["compiling b"])
        clock.advance(to: 1)
        #expect(follower.card.items == ["signing"])
        clock.advance(to: 2.5)
        follower.append(Array("done\n".utf8))
        #expect(follower.card.items == ["done"])
        follower.card.finish()
    }

    @Test("a progress line counts as its last segment, its colours kept, its cursor moves dropped")
    func progressAndStyles() throws {
        let clock = ManualClock()
        let follower = OutputFollower(card: try Self.card(clock), minimumShow: 0)
        follower.append(Array("10%\r50%\r".utf8))
        #expect(follower.card.items == ["50%"])
        follower.append(Array("\u{1B}[2K\u{1B}[32mok\u{1B}[0m  \n".utf8))
        #expect(follower.card.styledItems == [ANSIReader.read("\u{1B}[32mok\u{1B}[0m")])
        follower.card.finish()
    }

    @Test("the output goes above the card, or nowhere when it is not written")
    func writesOutput() throws {
        for writes in [true, false] {
            let clock = ManualClock()
            let sink = CapturingSink()
            let follower = OutputFollower(card: try Self.card(clock, sink: sink), minimumShow: 0, writesOutput: writes)
            follower.card.start()
            follower.append(Array("one\ntwo\n".utf8))
            follower.card.finish()
            // Not a terminal: the first item once, then the output as written (a replaced item is not
            // printed again).
            #expect(sink.text == (writes ? "▶ build\none\ntwo\n" : "▶ build\n"), "writes: \(writes)")
            #expect(follower.card.items == ["two"])
        }
    }

    @Test("a cancelled wait shows nothing; the next line after the minimum shows at once")
    func cancel() throws {
        let clock = ManualClock()
        let follower = OutputFollower(card: try Self.card(clock), minimumShow: 1)
        follower.append(Array("A\n".utf8))
        follower.append(Array("B\n".utf8))
        follower.cancel()
        clock.advance(to: 2)
        #expect(follower.card.items == ["A"])
        follower.append(Array("C\n".utf8))
        #expect(follower.card.items == ["C"])
        follower.card.finish()
    }

    @Test("a negative or NaN minimum counts as 0; an empty chunk changes nothing")
    func minimumAndEmpty() throws {
        let clock = ManualClock()
        #expect(OutputFollower(card: try Self.card(clock), minimumShow: -3).minimumShow == 0)
        #expect(OutputFollower(card: try Self.card(clock), minimumShow: .nan).minimumShow == 0)
        let follower = OutputFollower(card: try Self.card(clock))
        follower.append([UInt8]())
        #expect(follower.card.items == ["▶ build"])
        follower.card.finish()
    }
}
