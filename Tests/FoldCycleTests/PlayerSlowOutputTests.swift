import Dispatch
import FoldCyclePlatform
import FoldCycleTestSupport
import Foundation
import Testing

@testable import FoldCycle

/// A terminal that stops reading: a ``RecordingTerminal`` whose writes block while it is held,
/// as a write to a stopped tmux client or a paused pty reader does.
private final class HoldingTerminal: OutputSink, Sendable {
    let terminal: RecordingTerminal
    private let held = LockedBox(false)
    private let gate = DispatchSemaphore(value: 0)

    init(columns: Int, rows: Int) {
        terminal = RecordingTerminal(columns: columns, rows: rows)
    }

    /// From now on, writes block until ``release()``.
    func hold() { held.withLock { $0 = true } }

    /// Lets the blocked write (if any) and every later one through.
    func release() {
        held.withLock { $0 = false }
        gate.signal()
    }

    func write(_ bytes: [UInt8]) throws(TerminalError) {
        if held.withLock({ $0 }) { gate.wait() }
        try terminal.write(bytes)
    }

    var isTerminal: Bool { true }
    var size: TerminalSize? { terminal.size }

    /// Each mark with the card's text row on screen when it arrived.
    private let markLog = LockedBox<[String]>([])
    var marks: [String] { markLog.withLock { $0 } }

    func mark(_ label: String) {
        let shown = terminal.lines[1].trimmingCharacters(in: .whitespaces)
        markLog.withLock { $0.append("\(label) over \(shown)") }
    }
}

/// A slow terminal never makes frames queue (issue 30, point 7): while a frame is still being
/// written, the frame loop's frames are dropped, not composed; once the output catches up the
/// frame owed is drawn for the scene as it is then, diffed against what was sent.
@Suite("Player, slow output")
struct PlayerSlowOutputTests {
    static let palette = [RGBColor(red: 0, green: 0, blue: 80), RGBColor(red: 250, green: 240, blue: 200)]

    /// A player of a three-item cycler (interval 1 s, duration 0.5 s, linear) on a 7 × 3 card in
    /// truecolour, 10 frames per second, writing in the background to `sink`.
    func makePlayer(_ kind: TransitionKind, sink: any OutputSink) throws -> (Player, ManualClock) {
        let clock = ManualClock()
        let cycler = try Cycler(
            dataSource: ArrayDataSource(["AAA", "BBB", "CCC"]), interval: 1, duration: 0.5,
            style: TransitionStyle(kind: kind, direction: .down, timingFunction: .linear), clock: clock)
        var configuration = Player.Configuration(
            framesPerSecond: 10, output: .inline, colorDepth: .fixed(.truecolor), motion: .full,
            keepsHostLine: false)
        configuration.writesInBackground = true
        let player = Player(
            cycler: cycler, cardSize: TerminalSize(columns: 7, rows: 3), style: CardStyle(palette: Self.palette),
            configuration: configuration, sink: sink)
        return (player, clock)
    }

    /// Every cell's text and rendition.
    func screen(_ terminal: RecordingTerminal) -> [String] {
        let size = terminal.size ?? TerminalSize(columns: 0, rows: 0)
        return (0..<size.rows).flatMap { row in
            (0..<size.columns).map { column in "\(terminal.lines[row])|\(terminal.rendition(column: column, row: row))"
            }
        }
    }

    /// Advances `clock` by `seconds` and waits until the output has caught up: nothing dropped.
    func step(_ clock: ManualClock, by seconds: Double, _ player: Player) {
        clock.advance(by: seconds, drawing: player)
        player.waitForOutput()
    }

    @Test("a write held through a whole fold: one frame in flight, the rest dropped, the settled card exact")
    func heldThroughFold() throws {
        let slow = HoldingTerminal(columns: 10, rows: 5)
        let (player, clock) = try makePlayer(.fold, sink: slow)
        player.start()
        #expect(player.frameCount == 1)
        #expect(slow.terminal.writes == 1)  // The region's start and the first frame.
        slow.hold()
        // The fold begins: its frame at t = 0 shows what is on screen (no bytes to write).
        #expect(clock.advance(by: 1, drawing: player) == 2)
        // The frame at t = 0.1 is composed and handed to the writer, which blocks in the write.
        #expect(clock.advance(by: 0.1, drawing: player) == 3)
        // Four more ticks at 10 fps, through the fold's end: none is composed.
        for _ in 0..<4 { clock.advance(by: 0.1, drawing: player) }
        #expect(player.frameCount == 3)
        #expect(player.droppedFrameCount == 4)
        #expect(slow.terminal.writes == 1)
        #expect(slow.terminal.lines[1] == "  AAA     ")
        slow.release()
        player.waitForOutput()
        // The held frame, then one frame for the settled card.
        #expect(player.frameCount == 4)
        #expect(slow.terminal.writes == 3)
        #expect(slow.terminal.lines == ["          ", "  BBB     ", "          ", "          ", "          "])
        #expect(slow.terminal.errors == [])
        // A recorder's mark names the item after the bytes that show it: the owed frame's.
        #expect(slow.marks == ["AAA over AAA", "BBB over BBB"])

        // A terminal that never blocked shows the same cells, after every frame.
        let fast = RecordingTerminal(columns: 10, rows: 5)
        let (reference, referenceClock) = try makePlayer(.fold, sink: fast)
        reference.start()
        step(referenceClock, by: 1, reference)
        for _ in 0..<5 { step(referenceClock, by: 0.1, reference) }
        #expect(reference.frameCount == 7)
        #expect(reference.droppedFrameCount == 0)
        #expect(fast.writes == 6)
        #expect(screen(slow.terminal) == screen(fast))
        #expect(slow.terminal.bytes.count < fast.bytes.count)
        player.finish()
        reference.finish()
    }

    @Test("released mid-motion: frames go on from the scene's time, the next item settles exact")
    func releasedMidMotion() throws {
        let slow = HoldingTerminal(columns: 10, rows: 5)
        let (player, clock) = try makePlayer(.cube, sink: slow)
        player.start()
        slow.hold()
        clock.advance(by: 1, drawing: player)
        clock.advance(by: 0.1, drawing: player)
        clock.advance(by: 0.1, drawing: player)
        #expect(player.frameCount == 3)
        #expect(player.droppedFrameCount == 1)
        slow.release()
        player.waitForOutput()
        // The frame owed: the cube at t = 0.2 of 0.5.
        #expect(player.frameCount == 4)
        for _ in 0..<3 { step(clock, by: 0.1, player) }
        #expect(player.frameCount == 7)
        #expect(player.droppedFrameCount == 1)
        #expect(slow.terminal.lines == ["          ", "  BBB     ", "          ", "          ", "          "])
        // The next transition, held at its first moving frame and released after it ended.
        slow.hold()
        step(clock, by: 0.5, player)
        clock.advance(by: 0.1, drawing: player)
        for _ in 0..<5 { clock.advance(by: 0.1, drawing: player) }
        #expect(player.droppedFrameCount == 5)
        slow.release()
        player.waitForOutput()
        #expect(slow.terminal.lines == ["          ", "  CCC     ", "          ", "          ", "          "])
        #expect(slow.terminal.errors == [])
        #expect(player.finish() == nil)
    }

    @Test("host text while a frame is held waits for it and lands above the region, in order")
    func hostTextWaits() throws {
        let slow = HoldingTerminal(columns: 10, rows: 6)
        let (player, clock) = try makePlayer(.fold, sink: slow)
        player.start()
        slow.hold()
        clock.advance(by: 1, drawing: player)
        let printed = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            player.print("hi")
            printed.signal()
        }
        // print() cannot return before the frame ahead of it is written.
        #expect(printed.wait(timeout: .now() + 0.05) == .timedOut)
        slow.release()
        printed.wait()
        for _ in 0..<6 { clock.advance(by: 0.1, drawing: player) }
        player.waitForOutput()
        #expect(
            slow.terminal.lines == ["hi        ", "          ", "  BBB     ", "          ", "          ", "          "])
        #expect(slow.terminal.errors == [])
        player.finish()
    }
}
