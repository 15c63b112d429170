import Foundation
import Testing

@testable import FoldCycle

/// Deck scripts: the text form of the actions, and runs on a manual clock whose frames fall on
/// exact times (docs/DESIGN.md#deck-pictures).
@Suite("Deck scripts")
struct DeckScriptTests {
    // MARK: - Text

    struct ParseCase: CustomStringConvertible, Sendable {
        let text: String
        let actions: [DeckAction]
        let canonical: String
        var description: String { "'\(text)'" }
    }

    static let parseCases: [ParseCase] = [
        .init(text: "right,left,undo", actions: [.swipe(.right), .swipe(.left), .undo], canonical: "right,left,undo"),
        // White space separates too, names are case-insensitive, empty pieces are dropped.
        .init(
            text: " Right  LEFT,,undo\tclick ", actions: [.swipe(.right), .swipe(.left), .undo, .click],
            canonical: "right,left,undo,click"),
        // The page names and their aliases; the canonical form is the arrow's.
        .init(
            text: "down next up previous", actions: [.page(.next), .page(.next), .page(.previous), .page(.previous)],
            canonical: "down,down,up,up"),
        // Commas inside parentheses belong to the action, spaces inside them are dropped.
        .init(
            text: "drag(0.6, -0.05, 0.2) flip wait(1.5)",
            actions: [.drag(translation: DeckPoint(x: 0.6, y: -0.05), duration: 0.2), .flip, .wait(1.5)],
            canonical: "drag(0.6,-0.05,0.2),flip,wait(1.5)"),
        .init(
            text: "DRAG(-1,0,1),wait(0)", actions: [.drag(translation: DeckPoint(x: -1, y: 0), duration: 1), .wait(0)],
            canonical: "drag(-1,0,1),wait(0)"),
    ]

    @Test("scripts are read from text and written back in one canonical form", arguments: parseCases)
    func parse(_ testCase: ParseCase) throws {
        let script = try DeckScript(parsing: testCase.text)
        #expect(script.actions == testCase.actions)
        #expect(script.description == testCase.canonical)
        #expect(try DeckScript(parsing: script.description) == script)
    }

    struct ErrorCase: CustomStringConvertible, Sendable {
        let text: String
        let error: DeckScriptError
        let message: String
        var description: String { text.count > 40 ? "'\(text.prefix(40))…' (\(text.count) characters)" : "'\(text)'" }
    }

    static let list = DeckAction.syntaxList

    static let errorCases: [ErrorCase] = [
        .init(text: " , ", error: .noActions, message: "no actions (actions: \(list))"),
        .init(
            text: "right,rigth", error: .unknownAction(position: 2, text: "rigth"),
            message: "action 2, 'rigth', is not an action (actions: \(list))"),
        .init(
            text: "swipe(1)", error: .unknownAction(position: 1, text: "swipe(1)"),
            message: "action 1, 'swipe(1)', is not an action (actions: \(list))"),
        .init(
            text: "drag",
            error: .invalidArguments(
                position: 1, text: "drag", reason: "drag(dx,dy,seconds) takes three finite numbers"),
            message: "action 1, 'drag': drag(dx,dy,seconds) takes three finite numbers"),
        .init(
            text: "left drag(1,2)",
            error: .invalidArguments(
                position: 2, text: "drag(1,2)", reason: "drag(dx,dy,seconds) takes three finite numbers"),
            message: "action 2, 'drag(1,2)': drag(dx,dy,seconds) takes three finite numbers"),
        .init(
            text: "drag(1,nan,1)",
            error: .invalidArguments(
                position: 1, text: "drag(1,nan,1)", reason: "drag(dx,dy,seconds) takes three finite numbers"),
            message: "action 1, 'drag(1,nan,1)': drag(dx,dy,seconds) takes three finite numbers"),
        .init(
            text: "drag(11,0,1)",
            error: .invalidArguments(
                position: 1, text: "drag(11,0,1)", reason: "dx and dy are card widths from −10 to 10"),
            message: "action 1, 'drag(11,0,1)': dx and dy are card widths from −10 to 10"),
        .init(
            text: "drag(1,0,0)",
            error: .invalidArguments(position: 1, text: "drag(1,0,0)", reason: "a drag takes 0.01 to 10 seconds"),
            message: "action 1, 'drag(1,0,0)': a drag takes 0.01 to 10 seconds"),
        .init(
            text: "drag(1,0,1",
            error: .invalidArguments(
                position: 1, text: "drag(1,0,1", reason: "drag(dx,dy,seconds) takes three finite numbers"),
            message: "action 1, 'drag(1,0,1': drag(dx,dy,seconds) takes three finite numbers"),
        .init(
            text: "wait(61)",
            error: .invalidArguments(position: 1, text: "wait(61)", reason: "a wait lasts 0 to 60 seconds"),
            message: "action 1, 'wait(61)': a wait lasts 0 to 60 seconds"),
        .init(
            text: "wait()",
            error: .invalidArguments(position: 1, text: "wait()", reason: "wait(seconds) takes one finite number"),
            message: "action 1, 'wait()': wait(seconds) takes one finite number"),
        .init(
            text: Array(repeating: "click", count: 1001).joined(separator: ","), error: .tooManyActions(count: 1001),
            message: "1001 actions are more than the 1000 a script may hold"),
    ]

    @Test("text that is not a script names the action, where it is and what is allowed", arguments: errorCases)
    func parseErrors(_ testCase: ErrorCase) {
        #expect(throws: testCase.error) { try DeckScript(parsing: testCase.text) }
        #expect(testCase.error.description == testCase.message)
    }

    // MARK: - Runs

    /// A run of `script` on the items `item 0`, … (two visible, swipe deck, a 40 × 5 card).
    func run(
        _ script: String, items: [String] = ["item 0", "item 1", "item 2"], framesPerSecond: Int = 10,
        pause: TimeInterval = 0.5
    ) throws -> DeckScriptRunner<ArrayDataSource<String>> {
        DeckScriptRunner(
            script: try DeckScript(parsing: script), dataSource: ArrayDataSource(items),
            configuration: DeckConfiguration(layout: StackLayout(metrics: deckMetrics, visibleCount: 2)),
            framesPerSecond: framesPerSecond, pause: pause)
    }

    /// Every frame of a run.
    func frames(_ runner: DeckScriptRunner<ArrayDataSource<String>>) throws -> [DeckScriptFrame] {
        var frames: [DeckScriptFrame] = []
        while let frame = try runner.advance() { frames.append(frame) }
        return frames
    }

    @Test("each action waits for rest plus the pause; frames fall on exact k/fps times")
    func keyTimeline() throws {
        let frames = try frames(try run("right,left,undo"))
        // The cards enter by 0.25 s (the second after 0.05 s, for 0.2 s): at rest at frame 3
        // (0.3 s); the swipe comes 5 frames (0.5 s) later, at 0.8 s. Its flight ends at
        // 0.8 + 0.3 = 1.1 s, exactly frame 11; the left swipe at 1.6 s flies until 1.6 + 0.3 =
        // 1.9000000000000001 s, after frame 19, so the rest is frame 20 and the undo frame 25;
        // the card flies back until 2.5 + 0.3 = 2.8 s: the last frame is 28.
        #expect(frames.count == 29)
        #expect(frames.filter { $0.action != nil }.map(\.index) == [8, 16, 25])
        #expect(frames.filter { $0.action != nil }.map(\.action) == [0, 1, 2])
        #expect(frames.map(\.time) == (0..<29).map { Double($0) / 10 })
        #expect(
            frames.filter { !$0.events.isEmpty }.map(\.index) == [8, 16, 25])
        #expect(frames[8].events == [.removed(index: 0, side: .right, cause: .key, velocity: nil)])
        #expect(frames[16].events == [.removed(index: 1, side: .left, cause: .key, velocity: nil)])
        #expect(frames[25].events == [.undone(index: 1, side: .left)])
    }

    @Test("after the last frame the run returns nil, and its deck stays where it ended")
    func end() throws {
        let runner = try run("right")
        let frames = try frames(runner)
        // Rest at frame 3, the swipe at 8, landed at 11 (1.1 s).
        #expect(frames.map(\.index) == Array(0...11))
        #expect(try runner.advance() == nil)
        #expect(runner.frameIndex == 11)
        #expect(runner.clock.now == 1.1)
        #expect(runner.deck.topIndex == 1)
        #expect(!runner.deck.isMoving())
    }

    @Test("a fast drag is a fling: pressed, moved each frame, released after its duration")
    func fling() throws {
        let runner = try run("drag(-0.45,0.08,0.15)", framesPerSecond: 20)
        var frames: [DeckScriptFrame] = []
        while let frame = try runner.advance() {
            frames.append(frame)
            if frame.index == 16 {
                // One third of the way (3 frames for 0.15 s at 20 fps), turned by x/4.
                let pose = try #require(runner.deck.topPose())
                #expect(pose.offset == DeckPoint(x: -0.45 * (1.0 / 3), y: 0.08 * (1.0 / 3)))
                #expect(pose.rotation == -0.45 * (1.0 / 3) / 4)
            }
        }
        // At rest at 0.25 s = frame 5; pressed 10 frames later; released 3 frames after that.
        #expect(frames.filter { $0.action != nil }.map(\.index) == [15])
        #expect(frames.filter { !$0.events.isEmpty }.map(\.index) == [18])
        guard case .removed(0, .left, .fling, let velocity?) = frames[18].events.first else {
            Issue.record("expected a fling to the left, got \(frames[18].events)")
            return
        }
        // The translation over 0.15 s: (−3, 0.5333…) card widths per second, as fitted.
        #expect(abs(velocity.x - -3) < 1e-9)
        #expect(abs(velocity.y - 0.08 / 0.15) < 1e-9)
    }

    @Test("a slow drag springs back with no decision; the next action waits for it")
    func springBack() throws {
        let frames = try frames(try run("drag(0.2,0,1),click"))
        // Pressed at frame 8, released at 18 (10 frames for 1 s): 0.2 card widths per second
        // away from a place 0.2 away (initialVelocity −1) springs back on Spring(duration: 0.5,
        // bounce: 0.25) for 0.78308 s, until 2.583 s (frame 26); the click 5 frames later, 31.
        #expect(frames.filter { $0.action != nil }.map(\.index) == [8, 31])
        #expect(frames.flatMap(\.events) == [.clicked(index: 0, cause: .key)])
        #expect(frames.count == 32)
    }

    @Test("a flashcard flips over 0.5 s and back")
    func flip() throws {
        let runner = try run("flip,flip", items: ["Q\n---\nA", "next"])
        var frames: [DeckScriptFrame] = []
        while let frame = try runner.advance() {
            frames.append(frame)
            if frame.index == 10 {
                let top = try #require(runner.deck.snapshot().cards.last { $0.position == 0 })
                // (1 − 0.8) / 0.5 is 0.4 less a rounding of the subtraction.
                #expect(top.flip == CardFlip(t: (1 - 0.8) / 0.5, towardBack: true))
            }
        }
        #expect(frames.filter { $0.action != nil }.map(\.index) == [8, 18])
        #expect(frames[8].events == [.flipped(index: 0, showsBack: true)])
        #expect(frames[18].events == [.flipped(index: 0, showsBack: false)])
        #expect(frames.count == 24)
    }

    @Test("each action has a frame of its own, even with no pause and no motion")
    func noPause() throws {
        let frames = try frames(try run("click,click", pause: 0))
        #expect(frames.filter { $0.action != nil }.map(\.index) == [3, 4])
        #expect(frames.count == 5)
    }

    @Test("a wait adds its frames, rounded up")
    func wait() throws {
        // 0.25 s at 10 fps is 3 frames (2.5 rounded up): from frame 8 to 11, then the pause.
        let frames = try frames(try run("wait(0.25),click"))
        #expect(frames.filter { $0.action != nil }.map(\.index) == [8, 16])
        #expect(frames.count == 17)
    }

    struct NoEffectCase: CustomStringConvertible, Sendable {
        let script: String
        let items: [String]
        let error: DeckScriptError
        var description: String { script }
    }

    static let noEffectCases: [NoEffectCase] = [
        .init(
            script: "right,right,right", items: ["a", "b"],
            error: .noEffect(position: 3, action: .swipe(.right), reason: "no card is left")),
        .init(
            script: "undo", items: ["a"],
            error: .noEffect(position: 1, action: .undo, reason: "there is no decision to take back")),
        .init(
            script: "up", items: ["a", "b"],
            error: .noEffect(position: 1, action: .page(.previous), reason: "no card comes before the top one")),
        .init(
            script: "down,down", items: ["a", "b"],
            error: .noEffect(position: 2, action: .page(.next), reason: "no card comes after the top one")),
        .init(
            script: "flip", items: ["a"],
            error: .noEffect(
                position: 1, action: .flip,
                reason: "the top card has no back side (a flashcard's text has a line '---')")),
        .init(
            script: "left,click", items: ["a"],
            error: .noEffect(position: 2, action: .click, reason: "no card is left")),
        .init(
            script: "left,drag(1,0,1)", items: ["a"],
            error: .noEffect(
                position: 2, action: .drag(translation: DeckPoint(x: 1, y: 0), duration: 1),
                reason: "no card is left")),
    ]

    @Test("an action that would do nothing when its turn comes is an error naming it", arguments: noEffectCases)
    func noEffect(_ testCase: NoEffectCase) throws {
        let runner = try run(testCase.script, items: testCase.items)
        #expect(throws: testCase.error) { while try runner.advance() != nil {} }
    }

    @Test("a run is at most 100,000 frames")
    func frameLimit() throws {
        // Seven waits of 60 s at 240 frames per second: 100,800 frames and more.
        let runner = try run(Array(repeating: "wait(60)", count: 7).joined(separator: ","), framesPerSecond: 240)
        #expect(throws: DeckScriptError.tooManyFrames(limit: 100_000)) { while try runner.advance() != nil {} }
        #expect(
            DeckScriptError.tooManyFrames(limit: 100_000).description
                == "the script would draw more than 100000 frames (fewer actions, shorter waits or a lower rate)")
    }

    @Test("the manual clock reaches a frame's time exactly")
    func exactClock() {
        let clock = ManualClock()
        clock.advance(to: 3.0 / 30)
        // 0.1 + (11/30 − 0.1) is 0.3666666666666666, one rounding short of 11/30.
        clock.advance(to: 11.0 / 30)
        #expect(clock.now == 11.0 / 30)
    }
}
