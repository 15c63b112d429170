import Dispatch
import FoldCycle
internal import FoldCyclePlatform
import Foundation
import Synchronization

/// The figures of one idle window.
struct IdleResult: Codable, Sendable {
    /// `paused` (frozen mid-transition) or `between` (waiting for the next tick).
    var scenario: String
    /// Seconds the window lasted.
    var seconds: Double
    /// Frames the player drew during the window (its frame timer's ticks and any other redraw).
    var frameTicks: Int
    /// Process CPU time during the window (getrusage, every thread), in milliseconds.
    var cpuMilliseconds: Double
    /// Context switches of the process during the window (the sleeping main thread counts 1–2).
    var contextSwitches: Int
    /// Frames drawn while the player was animating before the window (shows it was live).
    var framesBefore: Int
    /// Whether the cycler was where the scenario needs it when the window opened (paused with a
    /// transition in flight; running with none in flight) and stayed so.
    var valid: Bool
}

/// Frame ticks and CPU while nothing moves, measured on a real ``Player`` (inline
/// output, truecolor) whose device is `/dev/null`, on a ``DispatchClock``.
enum IdleBench {
    /// Forwards the player's events to a waiting thread.
    final class EventWaiter: Sendable {
        private let ended = DispatchSemaphore(value: 0)
        private let began = Mutex(0)

        /// The cycler's observer.
        var handler: @Sendable (CyclerEvent) -> Void {
            { [self] event in
                switch event {
                case .transitionEnded: ended.signal()
                case .transitionBegan: began.withLock { $0 += 1 }
                default: break
                }
            }
        }

        /// Transitions begun since creation.
        var transitionsBegan: Int { began.withLock { $0 } }

        /// Waits for a transition to end; false on timeout.
        func waitForEnd(timeout seconds: Double) -> Bool {
            ended.wait(timeout: .now() + seconds) == .success
        }
    }

    static func run(seconds: Double) -> [IdleResult] {
        let descriptor = open("/dev/null", O_WRONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return [] }
        defer { close(descriptor) }
        let device = TerminalDevice(fileDescriptor: descriptor)
        return [paused(seconds: seconds, device: device), between(seconds: seconds, device: device)]
    }

    private static func makePlayer(interval: Double, duration: Double, device: TerminalDevice)
        -> (player: Player, cycler: Cycler<ArrayDataSource<String>>)?
    {
        let size = TerminalSize(columns: 80, rows: 24)
        let items = (0..<5).map { BenchText.item($0, columns: size.columns, rows: size.rows) }
        guard
            let cycler = try? Cycler(
                dataSource: ArrayDataSource(items), interval: interval, duration: duration, clock: DispatchClock())
        else { return nil }
        let player = Player(
            cycler: cycler, cardSize: size,
            configuration: .init(output: .inline, colorDepth: .truecolor, motion: .full),
            sink: device)
        return (player, cycler)
    }

    /// Paused in the middle of a transition: the frozen frame is drawn once, then nothing.
    private static func paused(seconds: Double, device: TerminalDevice) -> IdleResult {
        guard let (player, cycler) = makePlayer(interval: 2, duration: 1.5, device: device) else {
            return IdleResult(
                scenario: "paused", seconds: 0, frameTicks: -1, cpuMilliseconds: 0, contextSwitches: 0,
                framesBefore: 0, valid: false)
        }
        player.start()
        cycler.next()
        Probe.sleep(0.5)
        cycler.pause()
        Probe.sleep(0.2)
        let framesBefore = player.frameCount
        let valid = cycler.state == .paused && cycler.isTransitioning
        let result = window(seconds: seconds, player: player)
        let stillValid = cycler.state == .paused && cycler.isTransitioning
        player.finish()
        return IdleResult(
            scenario: "paused", seconds: result.seconds, frameTicks: result.frames,
            cpuMilliseconds: result.cpu, contextSwitches: result.switches,
            framesBefore: framesBefore, valid: valid && stillValid)
    }

    /// Running, between two transitions: the interval leaves a gap longer than the window.
    private static func between(seconds: Double, device: TerminalDevice) -> IdleResult {
        guard let (player, cycler) = makePlayer(interval: seconds + 1.5, duration: 0.3, device: device) else {
            return IdleResult(
                scenario: "between", seconds: 0, frameTicks: -1, cpuMilliseconds: 0, contextSwitches: 0,
                framesBefore: 0, valid: false)
        }
        let waiter = EventWaiter()
        cycler.addObserver(waiter.handler)
        player.start()
        cycler.next()
        let ended = waiter.waitForEnd(timeout: 2)
        Probe.sleep(0.2)
        let framesBefore = player.frameCount
        let began = waiter.transitionsBegan
        let valid = ended && cycler.state == .running && !cycler.isTransitioning
        let result = window(seconds: seconds, player: player)
        let stillValid = waiter.transitionsBegan == began && !cycler.isTransitioning
        player.finish()
        return IdleResult(
            scenario: "between", seconds: result.seconds, frameTicks: result.frames,
            cpuMilliseconds: result.cpu, contextSwitches: result.switches,
            framesBefore: framesBefore, valid: valid && stillValid)
    }

    private static func window(seconds: Double, player: Player)
        -> (seconds: Double, frames: Int, cpu: Double, switches: Int)
    {
        let frames = player.frameCount
        let switches = Probe.contextSwitches()
        let cpu = Probe.processCPUMicroseconds()
        let start = Probe.nanoseconds()
        Probe.sleep(seconds)
        let elapsed = Double(Probe.nanoseconds() - start) / 1e9
        let cpuAfter = Probe.processCPUMicroseconds()
        let switchesAfter = Probe.contextSwitches()
        let framesAfter = player.frameCount
        return (elapsed, framesAfter - frames, Double(cpuAfter - cpu) / 1_000, switchesAfter - switches)
    }
}
