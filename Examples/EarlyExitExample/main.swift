// What a tool that embeds a ticker gets when it exits on an error path without calling
// `finish()`: FoldCycle restores the terminal from an `atexit` handler (cursor shown,
// echo back), and the tool's error message, written to stderr by other means, stays readable on
// a line of its own, above where the ticker was.
//
//   swift run foldcycle-early-exit-example; echo "exit status $?"
import FoldCycle
import Foundation

/// Starts a ticker, works a little, then fails.
struct EarlyExitDemo {
    func run() throws -> Never {
        let ticker = try PseudoFoldCycler(
            items: ["connecting to the registry…", "still connecting…"], interval: 0.5,
            configuration: .init(duration: 0.3, cardSize: TerminalSize(columns: 32, rows: 1)))
        ticker.print("fetching 3 dependencies")
        ticker.start()
        Thread.sleep(forTimeInterval: 0.8)
        // An error path that forgets the ticker: no finish(), just a message and exit.
        TerminalDevice.standardError.writeIgnoringFailure("error: network unreachable\n")
        exit(1)
    }
}

do {
    try EarlyExitDemo().run()
} catch {
    TerminalDevice.standardError.writeIgnoringFailure("Error: \(error)\n")
    exit(2)
}
