import Dispatch
import FoldCycle
internal import FoldCyclePlatform
import Foundation
import Synchronization

/// The figures of the timer-accuracy run.
struct TimerResult: Codable, Sendable {
    /// Transitions observed.
    var ticks: Int
    /// Seconds between ticks.
    var intervalSeconds: Double
    /// Deadlines the cycler skipped: a tick that fires after one or more later deadlines have
    /// passed starts one transition, and the next tick is the first deadline still ahead (late
    /// ticks are not stacked up, docs/DESIGN.md's timer rule). Not drift: the schedule stays on
    /// `first + k·interval`.
    var skippedTicks: Int
    /// Ticks that fired so late that the cycler skipped the deadlines after them.
    var stalledTicks: Int
    /// Lateness of each transition start against its own deadline (skipped deadlines taken into
    /// account), in milliseconds.
    var latenessMilliseconds: Summary
    /// Lateness of the last steady tick − lateness of the first, in milliseconds.
    var endpointDriftMilliseconds: Double
    /// Least-squares slope of lateness against the deadline's number, times the number of
    /// deadlines, over the steady ticks (neither skipped nor stalled), in milliseconds: how much
    /// later the schedule runs at the end than at the start.
    var fitDriftMilliseconds: Double
    /// Whether every tick arrived before the time-out.
    var complete: Bool
}

/// Timer accuracy of a running ``Cycler`` on the real ``DispatchClock``: the clock time at which
/// each `.transitionBegan` reaches an observer, against the deadline it was scheduled for.
///
/// The deadlines are `first + k·interval` (`first` = ``Cycler/nextTickDeadline`` right after
/// launch, i.e. launch + interval), k = 0, 1, …. The observer also reads the cycler's next
/// deadline (observers run with no cycler lock held, on the clock's serial queue, before the next
/// tick can fire), so the k of every transition is known exactly: a stall that makes the cycler
/// skip deadlines is counted as skipped ticks and the stalled tick's lateness, never as drift.
enum TimerBench {
    /// One observed transition start: the clock time, and the deadline scheduled after it.
    struct Observation: Sendable {
        var time: Double
        var nextDeadline: Double?
    }

    /// Collects the clock times of transition starts, off the main actor.
    final class Recorder: Sendable {
        private let observations = Mutex<[Observation]>([])
        private let done = DispatchSemaphore(value: 0)
        private let expected: Int
        private let clock: DispatchClock

        init(expected: Int, clock: DispatchClock) {
            self.expected = expected
            self.clock = clock
            observations.withLock { $0.reserveCapacity(expected) }
        }

        /// Records one transition start: reads the clock first, then the next deadline.
        func record(nextDeadline: () -> Double?) {
            let now = clock.now
            let observation = Observation(time: now, nextDeadline: nextDeadline())
            let count = observations.withLock { observations in
                observations.append(observation)
                return observations.count
            }
            if count == expected { done.signal() }
        }

        func wait(timeout seconds: Double) -> Bool {
            done.wait(timeout: .now() + seconds) == .success
        }

        var recorded: [Observation] { observations.withLock { $0 } }
    }

    static func run(ticks: Int, interval: Double) -> TimerResult? {
        let clock = DispatchClock(label: "foldcycle-bench.timer")
        guard
            let cycler = try? Cycler(
                dataSource: ArrayDataSource(["A", "B", "C"]), interval: interval, clock: clock)
        else { return nil }
        let recorder = Recorder(expected: ticks, clock: clock)
        cycler.addObserver { [weak cycler] event in
            guard case .transitionBegan = event else { return }
            recorder.record { cycler?.nextTickDeadline }
        }
        cycler.launch()
        guard let first = cycler.nextTickDeadline else { return nil }
        let complete = recorder.wait(timeout: Double(ticks) * interval + 5)
        cycler.stop()
        return summarize(Array(recorder.recorded.prefix(ticks)), first: first, interval: interval, complete: complete)
    }

    /// The figures of `observations`, the first one due at `first`.
    static func summarize(_ observations: [Observation], first: Double, interval: Double, complete: Bool)
        -> TimerResult?
    {
        guard !observations.isEmpty else { return nil }
        // The deadline number of each transition: 0 for the first, then the one the cycler
        // scheduled after the previous transition.
        var numbers: [Int] = [0]
        for observation in observations.dropLast() {
            let next = observation.nextDeadline.map { Int((($0 - first) / interval).rounded()) }
            numbers.append(max(next ?? numbers[numbers.count - 1] + 1, numbers[numbers.count - 1] + 1))
        }
        let lateness = zip(observations, numbers).map { observation, k in
            (observation.time - (first + Double(k) * interval)) * 1_000
        }
        var skipped = 0
        var stalled = Set<Int>()
        for index in 1..<max(numbers.count, 1) where numbers[index] - numbers[index - 1] > 1 {
            skipped += numbers[index] - numbers[index - 1] - 1
            stalled.insert(index - 1)
        }
        let steady = numbers.indices.filter { !stalled.contains($0) }
        let points = steady.map { (x: Double(numbers[$0]), y: lateness[$0]) }
        let span = Double((numbers.last ?? 0) + 1)
        return TimerResult(
            ticks: observations.count, intervalSeconds: interval, skippedTicks: skipped, stalledTicks: stalled.count,
            latenessMilliseconds: Summary(lateness),
            endpointDriftMilliseconds: (points.last?.y ?? 0) - (points.first?.y ?? 0),
            fitDriftMilliseconds: slope(points) * span, complete: complete)
    }

    /// The least-squares slope of `points`' y against their x.
    static func slope(_ points: [(x: Double, y: Double)]) -> Double {
        guard points.count > 1 else { return 0 }
        let n = Double(points.count)
        let meanX = points.reduce(0) { $0 + $1.x } / n
        let meanY = points.reduce(0) { $0 + $1.y } / n
        var numerator = 0.0
        var denominator = 0.0
        for point in points {
            let dx = point.x - meanX
            numerator += dx * (point.y - meanY)
            denominator += dx * dx
        }
        return denominator > 0 ? numerator / denominator : 0
    }
}
