// A scene of our own, written against FoldCycle's public API only and played by a `Player`: a
// progress bar that fills over two seconds, drawn into the player's cells.
//
//   swift run --package-path Examples/Extending custom-scene            # plays it live
//   swift run --package-path Examples/Extending custom-scene --frames   # prints 3 frames
import FoldCycle
import Foundation

/// A bar `width` cells wide that fills from the left over `duration` seconds after `start`.
///
/// A value: the player keeps it and calls every method on its queue, the `mutating` ones in
/// place, so it needs no lock; the change handler is a stored `@Sendable` closure.
struct ProgressScene: FrameSource {
    let clock: any CycleClock
    let frameSize: TerminalSize
    let duration: TimeInterval
    private var begin: TimeInterval?
    private var changeHandler: (@Sendable (SceneChange) -> Void)?

    init(width: Int, duration: TimeInterval, clock: any CycleClock) {
        self.clock = clock
        frameSize = TerminalSize(columns: width, rows: 1)
        self.duration = duration
    }

    /// The filled fraction at `time`, 0 ... 1.
    func fraction(at time: TimeInterval) -> Double {
        guard let begin else { return 0 }
        return min(max((time - begin) / duration, 0), 1)
    }

    func render(at time: TimeInterval, into frame: inout CellBuffer) {
        frame = CellBuffer(width: frameSize.columns, height: 1)
        let filled = Int((fraction(at: time) * Double(frameSize.columns)).rounded(.down))
        let green = TerminalColor.rgb(RGBColor(red: 46, green: 160, blue: 67))
        for column in 0..<frameSize.columns {
            frame[column, 0] = column < filled ? Cell.space(background: green) : Cell("·")
        }
    }

    func isMoving(at time: TimeInterval) -> Bool { begin != nil && fraction(at: time) < 1 }

    func plainText(at time: TimeInterval) -> String { "\(Int(fraction(at: time) * 100)) %" }

    mutating func setChangeHandler(_ handler: (@Sendable (SceneChange) -> Void)?) { changeHandler = handler }

    mutating func start(paused: Bool) {
        begin = clock.now
        changeHandler?(.changed)
    }

    mutating func stop() { changeHandler = nil }
}

let manual = CommandLine.arguments.contains("--frames")
let clock: any CycleClock = manual ? ManualClock() : DispatchClock()
let scene = ProgressScene(width: 20, duration: 2, clock: clock)
if manual, let clock = clock as? ManualClock {
    // Drawn by hand, a copy of our own: a player keeps the one it is given.
    var scene = scene
    var cells = CellBuffer(width: 20, height: 1)
    scene.start(paused: false)
    for _ in 0...2 {
        scene.render(at: clock.now, into: &cells)
        let row = (0..<20).map { column in
            cells[column, 0].background == .default ? String(cells[column, 0].character) : "#"
        }
        print("|" + row.joined() + "|")
        clock.advance(by: 1)
    }
} else {
    let player = Player(scene: scene)
    player.start()
    Thread.sleep(forTimeInterval: 2.5)
    player.finish()
}
