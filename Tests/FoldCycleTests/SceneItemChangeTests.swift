import FoldCycleTestSupport
import Foundation
import Testing

@testable import FoldCycle

/// What is shown never jumps without a transition (docs/DESIGN.md#live-item-changes): the
/// card's cells at an instant are the same before and after any item change at that instant,
/// settled or mid-transition, colours included.
@Suite("Cycler scene: item changes by screen")
struct SceneItemChangeTests {
    static let black = RGBColor(red: 0, green: 0, blue: 0)
    static let white = RGBColor(red: 255, green: 255, blue: 255)
    static let grey = RGBColor(red: 128, green: 128, blue: 128)

    static func scene() throws -> (CyclerScene<ArrayDataSource<String>>, ManualClock) {
        let clock = ManualClock()
        let cycler = try Cycler(
            dataSource: ArrayDataSource(["AAA", "BBB", "CCC"]), interval: 2, duration: 1,
            style: TransitionStyle(kind: .fold, direction: .down, timingFunction: .linear), clock: clock)
        let scene = CyclerScene(
            cycler: cycler, cardSize: TerminalSize(columns: 5, rows: 3),
            style: CardStyle(palette: [black, white, grey]))
        cycler.launch()
        return (scene, clock)
    }

    static func cells(_ scene: CyclerScene<ArrayDataSource<String>>, at time: TimeInterval) -> CellBuffer {
        var scene = scene
        var buffer = CellBuffer(width: 0, height: 0)
        scene.render(at: time, into: &buffer)
        return buffer
    }

    enum Change: String, CaseIterable, CustomStringConvertible {
        case insertFirst, insertAfter, appendLast, removeOther, replaceOther, replaceLanding, removeLeaving,
            replaceLeaving
        var description: String { rawValue }
    }

    static func apply(_ change: Change, to cycler: Cycler<ArrayDataSource<String>>) throws {
        switch change {
        case .insertFirst: try cycler.insert("ZZZ", at: 0)
        case .insertAfter: try cycler.insert("ZZZ", at: 1)
        case .appendLast: try cycler.insert("ZZZ")
        case .removeOther: try cycler.remove(at: 2)
        case .replaceOther: try cycler.replace(at: 2, with: "ZZZ")
        case .replaceLanding: try cycler.replace(at: 1, with: "ZZZ")
        case .removeLeaving: try cycler.remove(at: 0)
        case .replaceLeaving: try cycler.replace(at: 0, with: "ZZZ")
        }
    }

    @Test(
        "mid-transition (t = 0.4 of AAA → BBB), every change leaves the frame at that instant as it was",
        arguments: Change.allCases)
    func midTransition(_ change: Change) throws {
        let (scene, clock) = try Self.scene()
        clock.advance(to: 2.4)
        let before = Self.cells(scene, at: 2.4)
        try Self.apply(change, to: scene.cycler)
        #expect(Self.cells(scene, at: 2.4) == before)
        // BBB folding down over the top 1.2 rows, AAA's card below (its text already gone).
        #expect(PlainTextEncoder.lines(before) == [" BBB ", "▆▆▆▆▆", " AAA "])
    }

    @Test("settled, inserting before the shown item keeps its colour (the index it came with)")
    func settledColour() throws {
        let (scene, clock) = try Self.scene()
        clock.advance(to: 3.5)  // BBB, white.
        let before = Self.cells(scene, at: 3.5)
        try scene.cycler.insert("ZZZ", at: 0)
        #expect(scene.cycler.index == 2)  // Grey's index now, but the card stays white.
        let after = Self.cells(scene, at: 3.5)
        #expect(after == before)
        #expect(after[0, 0].background == .rgb(Self.white))
        // The next item comes in with the colour of its own index: CCC at 3, black.
        clock.advance(to: 5)
        clock.advance(to: 6)
        let next = Self.cells(scene, at: 6)
        #expect(PlainTextEncoder.lines(next) == ["     ", " CCC ", "     "])
        #expect(next[0, 0].background == .rgb(Self.black))
    }

    @Test("replacing the shown item turns to the new text; the old one folds away")
    func replaceShown() throws {
        let (scene, clock) = try Self.scene()
        try scene.cycler.replace(at: 0, with: "NEW")
        clock.advance(by: 0.5)
        #expect(PlainTextEncoder.lines(Self.cells(scene, at: 0.5)) == [" NEW ", "▄▄▄▄▄", " AAA "])
        clock.advance(by: 0.5)
        #expect(PlainTextEncoder.lines(Self.cells(scene, at: 1)) == ["     ", " NEW ", "     "])
    }
}
