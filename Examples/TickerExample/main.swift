// An example of embedding FoldCycle: a command-line tool prints its own output, and a one-line
// ticker of tips folds through beneath it while it works, then leaves the terminal as it was.
//
//   swift run foldcycle-ticker-example
//
// When stdout is not a terminal the ticker prints each tip once as plain text instead.
import Dispatch
import FoldCycle
import Foundation

/// The tool's own work, with a ticker under it. A nonisolated type: the closures handed to
/// FoldCycle's queues are created here, never on the main actor.
struct TickerDemo {
    let tips = [
        "tip: press Space to pause the cards",
        "tip: 'foldcycle render' prints every frame",
        "提示：方向键可以改变翻转方向",
        "tip: --file reads one card per paragraph",
    ]

    func run() throws {
        let output = FileHandle.standardOutput
        for step in ["resolving packages", "fetching 3 dependencies", "compiling 42 files"] {
            output.write(Data("✔ \(step)\n".utf8))
        }

        let cycler = try Cycler(
            dataSource: ArrayDataSource(tips), interval: 0.8, style: TransitionStyle(kind: .fold, direction: .left))
        let isTerminal = TerminalDevice.standardOutput.isTerminal
        let width = tips.map { TextLayout.measure($0).width }.max() ?? 1
        let player = Player(
            cycler: cycler, cardSize: TerminalSize(columns: width + 2, rows: 1),
            style: CardStyle(palette: [RGBColor(red: 40, green: 44, blue: 52)], alignment: .left),
            configuration: .init(
                framesPerSecond: 60,
                output: isTerminal ? .inline : .plainText,
                colorDepth: ColorDepth.detect(
                    choice: .auto, environment: ProcessInfo.processInfo.environment, isTTY: isTerminal)))

        // Show every tip once, then finish: the observer runs on the cycler's clock queue.
        let done = DispatchSemaphore(value: 0)
        let shown = tips.count
        let counter = Counter()
        cycler.addObserver { event in
            if case .transitionEnded = event, counter.increment() == shown { done.signal() }
        }
        player.start()
        done.wait()
        player.finish()
        output.write(Data("✔ done\n".utf8))
    }
}

/// A thread-safe counter for the event handler.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0

    func increment() -> Int {
        lock.withLock {
            value += 1
            return value
        }
    }
}

do {
    try TickerDemo().run()
} catch {
    FileHandle.standardError.write(Data("Error: \(error)\n".utf8))
    exit(1)
}
