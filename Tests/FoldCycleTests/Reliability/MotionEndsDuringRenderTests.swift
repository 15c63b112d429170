import FoldCyclePlatform
import FoldCycleTestSupport
import Foundation
import Testing

@testable import FoldCycle

/// A scene whose motion ends while a frame is composed: a deck's settle timer, on the deck's own
/// queue, lands the card in the air between the player's reading of the clock and its question
/// whether the scene still moves. After a stop (SIGTSTP) and a continue, the clock has jumped
/// past the landing, so the timer fires during the very next frame: the deck froze on that
/// frame, the card drawn in mid-air (docs/decisions/0259-a-motion-that-ends-during-a-frame.md).
@Suite("Reliability: a motion that ends during a frame's compose gets its settled frame")
struct MotionEndsDuringRenderTests {
    /// One row of four cells: "MOVE" while its motion runs at the time drawn, else "REST".
    /// With `endsDuringRender`, the render that draws "MOVE" ends the motion, as the deck's
    /// settle timer does from its queue (the deck's motions are pruned, not timed out). A value
    /// scene whose motion is a shared model, as a deck scene's `SwipeDeck` is: the test's copy
    /// and the player's share it.
    struct SettlingScene: FrameSource {
        let clock: any CycleClock
        private let state = LockedBox(State())

        private struct State {
            var motionEnd: TimeInterval?
            var endsDuringRender = false
            var drawn: [String] = []
            var handler: (@Sendable (SceneChange) -> Void)?
        }

        init(clock: any CycleClock) { self.clock = clock }

        var frameSize: TerminalSize { TerminalSize(columns: 4, rows: 1) }
        var drawn: [String] { state.withLock { $0.drawn } }

        func isMoving(at time: TimeInterval) -> Bool {
            state.withLock { state in state.motionEnd.map { time < $0 } ?? false }
        }

        func render(at time: TimeInterval, into frame: inout CellBuffer) {
            let text = state.withLock { state -> String in
                let moving = state.motionEnd.map { time < $0 } ?? false
                if moving, state.endsDuringRender { state.motionEnd = nil }
                state.drawn.append(moving ? "MOVE" : "REST")
                return moving ? "MOVE" : "REST"
            }
            frame.reset(width: 4, height: 1)
            frame.drawText(FooterLine(text), row: 0)
        }

        func plainText(at time: TimeInterval) -> String { isMoving(at: time) ? "MOVE" : "REST" }
        func setChangeHandler(_ handler: (@Sendable (SceneChange) -> Void)?) {
            state.withLock { $0.handler = handler }
        }
        func start(paused: Bool) {}
        func stop() {}

        /// Starts a motion that runs until `end` and tells the player.
        func move(until end: TimeInterval, endingDuringRender: Bool) {
            let handler = state.withLock { state in
                state.motionEnd = end
                state.endsDuringRender = endingDuringRender
                return state.handler
            }
            handler?(.changed)
        }
    }

    static func makePlayer() -> (Player, ManualClock, SettlingScene, RecordingTerminal) {
        let clock = ManualClock()
        let scene = SettlingScene(clock: clock)
        let terminal = RecordingTerminal(columns: 8, rows: 2)
        let player = Player(
            scene: scene,
            configuration: .init(
                output: .inline, colorDepth: .fixed(.truecolor), motion: .fixed(.full), keepsHostLine: false),
            sink: terminal)
        return (player, clock, scene, terminal)
    }

    @Test("the motion ended during the compose: the loop draws the settled frame before it stops")
    func endsDuringRender() {
        let (player, clock, scene, terminal) = Self.makePlayer()
        player.start()
        scene.move(until: 1, endingDuringRender: true)
        _ = clock.advance(by: 0.5, drawing: player)
        // The frame at 0.5 s composed the card in mid-air and ended the motion; then the
        // settled frame, and no more.
        #expect(Array(scene.drawn.suffix(2)) == ["MOVE", "REST"])
        #expect(terminal.lines[0] == "REST    ")
        let frames = player.frameCount
        #expect(clock.advance(by: 1, drawing: player) == frames)
        player.finish()
        #expect(terminal.errors == [])
    }

    @Test("a motion that ends on its own time draws no extra frame")
    func endsOnTime() {
        let (player, clock, scene, terminal) = Self.makePlayer()
        player.start()
        scene.move(until: 0.5, endingDuringRender: false)
        _ = clock.advance(by: 0.25, drawing: player)
        #expect(terminal.lines[0] == "MOVE    ")
        let drawn = scene.drawn.count
        _ = clock.advance(by: 0.5, drawing: player)
        // The loop's ticks up to the end (how many depends on when the queue runs them against
        // the manual clock's steps), then one settled frame, and the loop stops: no second one.
        let after = Array(scene.drawn.dropFirst(drawn))
        #expect(after.last == "REST")
        #expect(after.filter { $0 == "REST" }.count == 1)
        #expect(terminal.lines[0] == "REST    ")
        player.finish()
        #expect(terminal.errors == [])
    }
}
