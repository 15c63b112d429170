import Dispatch
import FoldCyclePlatform
import FoldCycleTestSupport
import Foundation
import Testing

@testable import FoldCycle

/// A change to the scene from outside the player goes through ``Player/updateScene(as:_:)``, a
/// read through ``Player/withScene(as:_:)``, on the player's queue: the scene is the player's value
/// (docs/decisions/0237-scene-changes-through-the-player.md,
/// docs/decisions/0252-the-scene-a-value-the-player-owns.md).
@Suite("Player: scene updates")
struct PlayerSceneUpdateTests {
    typealias Scene = CyclerScene<ArrayDataSource<String>>

    static func makePlayer() throws -> (Player, ManualClock, RecordingTerminal) {
        let clock = ManualClock()
        let cycler = try Cycler(
            dataSource: ArrayDataSource(["AAA", "BBB", "CCC"]), interval: 1, duration: 0.5,
            style: TransitionStyle(kind: .fold, direction: .down, timingFunction: .linear), clock: clock)
        let terminal = RecordingTerminal(columns: 10, rows: 4)
        let player = Player(
            cycler: cycler, cardSize: TerminalSize(columns: 7, rows: 3),
            configuration: .init(
                output: .inline, colorDepth: .fixed(.truecolor), motion: .fixed(.full), keepsHostLine: false),
            sink: terminal)
        return (player, clock, terminal)
    }

    /// A scene of one state: its label, never moving (an embedder's status line).
    struct LabelScene: FrameSource {
        let clock: any CycleClock
        var label: String
        var frameSize: TerminalSize { TerminalSize(columns: 5, rows: 1) }
        func isMoving(at time: TimeInterval) -> Bool { false }
        func render(at time: TimeInterval, into frame: inout CellBuffer) {
            frame.reset(width: 5, height: 1)
            frame.drawText(FooterLine(label), row: 0)
        }
        func plainText(at time: TimeInterval) -> String { label }
        func setChangeHandler(_ handler: (@Sendable (SceneChange) -> Void)?) {}
        func start(paused: Bool) {}
        func stop() {}
    }

    @Test("a change to a scene that does not move is drawn at once; before start, by the first frame")
    func drawnWhenNothingMoves() {
        let clock = ManualClock()
        let terminal = RecordingTerminal(columns: 8, rows: 2)
        let player = Player(
            scene: LabelScene(clock: clock, label: "one"),
            configuration: .init(
                output: .inline, colorDepth: .fixed(.truecolor), motion: .fixed(.full), keepsHostLine: false),
            sink: terminal)
        player.updateScene(as: LabelScene.self) { $0.label = "two" }
        #expect(player.frameCount == 0)
        player.start()
        #expect(terminal.lines[0] == "two     ")
        let frames = player.frameCount
        player.updateScene(as: LabelScene.self) { $0.label = "three" }
        #expect(player.frameCount == frames + 1)
        #expect(terminal.lines[0] == "three   ")
        // Another type: nothing changed, nothing drawn.
        #expect(player.updateScene(as: Scene.self) { _ in 1 } == nil)
        #expect(player.frameCount == frames + 1)
        player.finish()
        #expect(terminal.errors == [])
    }

    @Test("the scene of the named type, changed on the player's queue from another thread; its result comes back")
    func namedType() throws {
        let (player, _, _) = try Self.makePlayer()
        let key = DispatchSpecificKey<Int>()
        player.queue.setSpecific(key: key, value: 1)
        let result = player.updateScene(as: Scene.self) { scene -> (TerminalSize, Int?) in
            scene.fit(columns: 4)
            return (scene.frameSize, DispatchQueue.getSpecific(key: key))
        }
        #expect(result?.0 == TerminalSize(columns: 4, rows: 3))
        #expect(result?.1 == 1)
        #expect(player.withScene(as: Scene.self) { $0.frameSize } == TerminalSize(columns: 4, rows: 3))
        player.finish()
    }

    @Test("a read of the scene of the named type runs on the player's queue; another type: nil, not run")
    func read() throws {
        let (player, _, _) = try Self.makePlayer()
        let key = DispatchSpecificKey<Int>()
        player.queue.setSpecific(key: key, value: 1)
        let read = player.withScene(as: Scene.self) { scene in
            (scene.frameSize, scene.preferredSize, DispatchQueue.getSpecific(key: key))
        }
        #expect(read?.0 == TerminalSize(columns: 7, rows: 3))
        #expect(read?.1 == TerminalSize(columns: 7, rows: 3))
        #expect(read?.2 == 1)
        var ran = false
        #expect(player.withScene(as: DeckScene<ArrayDataSource<String>>.self) { _ in ran = true } == nil)
        #expect(!ran)
        player.finish()
    }

    @Test("the change handler: a stored closure the cycler's observer calls; stop removes the observer")
    func changeHandler() throws {
        let clock = ManualClock()
        let cycler = try Cycler(
            dataSource: ArrayDataSource(["AAA", "BBB"]), interval: 1, duration: 0.5, clock: clock)
        var scene = Scene(cycler: cycler, cardSize: TerminalSize(columns: 5, rows: 3))
        let changes = LockedBox<[SceneChange]>([])
        scene.setChangeHandler { change in changes.withLock { $0.append(change) } }
        scene.start(paused: false)
        clock.advance(by: 1)  // the first transition begins
        clock.advance(by: 0.5)  // and lands on BBB
        #expect(changes.withLock { $0 } == [.changed, .settled(text: "BBB")])
        scene.stop()
        // The cancel's `stopped` is the last change; later commands reach no handler.
        #expect(changes.withLock { $0 } == [.changed, .settled(text: "BBB"), .changed])
        cycler.start()
        clock.advance(by: 2)
        #expect(changes.withLock { $0 }.count == 3)
    }

    @Test("a scene of another type: nil, and the change does not run")
    func otherType() throws {
        let (player, _, _) = try Self.makePlayer()
        var ran = false
        let result = player.updateScene(as: DeckScene<ArrayDataSource<String>>.self) { _ in
            ran = true
            return 1
        }
        #expect(result == nil)
        #expect(!ran)
        player.finish()
    }

    @Test(
        "the terminal's background set through the player before it starts: the default palette's light variant on the card",
        arguments: [(nil, "bg=rgb:255,255,0"), (RGBColor(red: 255, green: 255, blue: 255), "bg=rgb:200,160,0")])
    func background(_ background: RGBColor?, _ rendition: String) throws {
        let (player, clock, terminal) = try Self.makePlayer()
        if let background {
            let adapted = player.updateScene(as: (any TerminalBackgroundScene).self) { scene -> Bool in
                scene.adapt(toBackground: background)
                return true
            }
            #expect(adapted == true)
        }
        player.start()
        // AAA → BBB at 1 s, BBB → CCC at 2 s, each landing 0.5 s later: CCC, item 2, yellow.
        for _ in 0..<5 { _ = clock.advance(by: 0.5, drawing: player) }
        #expect(terminal.lines[1] == "  CCC     ")
        #expect(terminal.rendition(column: 0, row: 0) == rendition)
        player.finish()
        #expect(terminal.errors == [])
    }
}
