import Dispatch
import FoldCycle
import FoldCyclePlatform
import Foundation

// A host that crashes while it draws, for the end-to-end tests of the crash rescue (issue 15):
// a card cycles inline with a session of its own in key mode with mouse reports on, and once a
// transition is under way the player's queue hits a Swift runtime trap (`trap`, the default) or
// calls abort() (`abort`). The tests check that the terminal is given back before the runtime's
// crash report is written, and that the report does not hold the process.

/// Crashes on `queue` after `delay` seconds, as `mode` says.
func crash(on queue: DispatchQueue, after delay: TimeInterval, mode: String) {
    queue.asyncAfter(deadline: .now() + delay) {
        if mode == "abort" { abort() }
        let values = [Int](repeating: 0, count: Int(getpid() % 2))
        _ = values[values.count + 1]
    }
}

let mode = CommandLine.arguments.dropFirst().first ?? "trap"
do {
    let session = TerminalSession(configuration: .init(input: .keys, reportsMouse: true))
    let cycler = try Cycler(dataSource: ArrayDataSource(["crash host", "second card"]), interval: 0.4, duration: 0.3)
    let player = Player(cycler: cycler, cardSize: TerminalSize(columns: 20, rows: 3), session: session)
    session.start()
    player.start()
    crash(on: session.queue, after: 0.55, mode: mode)
    MainThreadParking.park()
} catch {
    TerminalDevice.standardError.writeIgnoringFailure("Error: \(error)\n")
    exit(1)
}
