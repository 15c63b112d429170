import FoldCycle
import FoldCycleCLI

/// Session commands, one per line: each parses to a command or an error whose message is data;
/// the commands (and the time between them) drive a cycler on a manual clock the way the live
/// session does, and its card renders after each, with every invariant of the schedule holding.
enum CommandsTarget {
    static func run(_ input: inout FuzzInput) {
        let kind = input.pick(TransitionKind.allCases)
        let text = String(decoding: input.remaining, as: UTF8.self)
        let clock = ManualClock()
        guard
            let cycler = try? Cycler(
                dataSource: ArrayDataSource(["alpha", "beta", "gamma"]), interval: 1, duration: 0.5,
                style: TransitionStyle(kind: kind), clock: clock)
        else { return FuzzCheck.require(false, "a valid cycler was refused") }
        let scene = CyclerScene(cycler: cycler, cardSize: TerminalSize(columns: 12, rows: 3))
        var frame = CellBuffer(width: 0, height: 0)
        cycler.launch()
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).prefix(200) {
            // A line's length (in tenths of a second, at most 2.55 s) passes before it.
            clock.advance(by: Double(min(line.utf8.count, 255)) / 100)
            switch SessionCommand.parse(String(line)) {
            case nil:
                break
            case .failure(let error):
                FuzzCheck.require(
                    !FuzzCheck.hasControl(TextLayout.plainText(error.message)), "control in a reply")
            case .success(let command):
                execute(command, on: cycler)
            }
            scene.render(at: clock.now, into: &frame)
            FuzzCheck.require(frame.width == 12 && frame.height == 3, "card size")
            FuzzCheck.require(cycler.slotsCreated <= 2 && cycler.itemsMaterialized <= 2, "more than two slots")
            FuzzCheck.require(cycler.duration < cycler.interval, "duration not below the interval")
        }
        clock.advance(by: 5)
        cycler.cancel()
        FuzzCheck.require(!cycler.isTransitioning && cycler.state == .stopped, "cancel left a transition")
    }

    /// What the live session does with a command (its validation included).
    static func execute(_ command: SessionCommand, on cycler: Cycler<ArrayDataSource<String>>) {
        switch command {
        case .start: cycler.start()
        case .pause: cycler.pause()
        case .resume: cycler.resume()
        case .stop: cycler.stop()
        case .next: cycler.next()
        case .previous: cycler.previous()
        case .direction(let direction): cycler.setDirection(direction)
        case .transition(let kind): cycler.setTransitionKind(kind)
        case .interval(let seconds):
            guard (0.01...86_400).contains(seconds) else { return }
            try? cycler.setInterval(seconds)
        case .duration(let seconds):
            try? cycler.setDuration(seconds)
        case .status, .help, .quit:
            _ = cycler.snapshot()
        }
    }
}
