import FoldCyclePlatform
import FoldCycleTestSupport
import Foundation
import Testing

@testable import FoldCycle

#if canImport(Glibc)
    import Glibc
#endif

/// Issue 15, finding 6: finishing mid-transition showed (and printed) the incoming item, and
/// `--cycles N` one item too many when the duration was within ~0.1 ms of the interval.
@Suite("Reliability: finishing never shows an item that did not settle")
struct FinishMidTransitionTests {
    @Test("cancel removes the in-flight transition: the item it began from stays, nothing settles")
    func cancelMidFlight() throws {
        let (cycler, clock, recorder) = try makeCycler(count: 3, interval: 1, duration: 0.5)
        cycler.launch()
        clock.advance(by: 1.25)
        #expect(cycler.isTransitioning && cycler.index == 1)
        recorder.clear()
        #expect(cycler.cancel())
        #expect(recorder.events == [.indexChanged(0), .stopped])
        #expect(!cycler.isTransitioning && cycler.index == 0 && cycler.state == .stopped)
        #expect(cycler.snapshot().item == "item 0")
        #expect(!cycler.cancel())
        clock.advance(by: 5)
        #expect(recorder.events == [.indexChanged(0), .stopped])
        // It can start again, as after stop().
        #expect(cycler.start())
        #expect(cycler.index == 1)
    }

    @Test("a reversed transition cancelled shows the item it began from")
    func cancelReversed() throws {
        let (cycler, clock, _) = try makeCycler(count: 3, interval: 1, duration: 0.5)
        cycler.launch()
        clock.advance(by: 1.25)
        cycler.previous()
        #expect(cycler.index == 0)
        cycler.cancel()
        #expect(cycler.snapshot().item == "item 0" && cycler.slotsCreated == 2)
    }

    /// The plain-text player: `A` at start; returns the player, the clock and the pipe's read end.
    static func plainPlayer(duration: TimeInterval) throws -> (Player, ManualClock, Int32, Int32) {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        let clock = ManualClock()
        let cycler = try Cycler(
            dataSource: ArrayDataSource(["A", "B", "C", "D"]), interval: 1, duration: duration, clock: clock)
        let player = Player(
            cycler: cycler, cardSize: TerminalSize(columns: 5, rows: 3), configuration: .init(output: .plainText),
            sink: TerminalDevice(fileDescriptor: fds[1]))
        return (player, clock, fds[0], fds[1])
    }

    @Test("quitting mid-transition prints only the items that settled")
    func quitMidTransition() throws {
        let (player, clock, reading, writing) = try Self.plainPlayer(duration: 0.5)
        defer {
            close(reading)
            close(writing)
        }
        player.start()
        clock.advance(by: 1.25)
        _ = player.frameCount
        #expect(player.finish() == nil)
        // Before: "A\nB\n", B printed by the stop that settled it at finish.
        #expect(drain(reading) == "A\n")
    }

    @Test("--cycles N: the next transition that began as the Nth settled is not shown")
    func cyclesAtTheEdge() throws {
        let (player, clock, reading, writing) = try Self.plainPlayer(duration: 0.9999)
        defer {
            close(reading)
            close(writing)
        }
        let settled = LineLog()
        player.setChangeHandler { change in
            // As LiveSession does for --cycles 1: finish on the player's queue at the first settle.
            if case .settled(let text) = change {
                settled.append(text)
                player.finish()
            }
        }
        player.start()
        // B settles at 1.9999 and the fold to C begins at 2, before the player's queue hears of it.
        clock.advance(by: 2.5)
        #expect(settled.waitFor("B", timeout: 10))
        _ = player.frameCount
        // Before: "A\nB\nC\n".
        #expect(drain(reading) == "A\nB\n")
    }
}
