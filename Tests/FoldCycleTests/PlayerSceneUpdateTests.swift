import Dispatch
import FoldCyclePlatform
import FoldCycleTestSupport
import Foundation
import Testing

@testable import FoldCycle

/// A change to the scene from outside the player goes through ``Player/updateScene(as:_:)``, on
/// the player's queue (docs/decisions/0237-scene-changes-through-the-player.md).
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
        #expect(player.scene.frameSize == TerminalSize(columns: 4, rows: 3))
        player.finish()
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
