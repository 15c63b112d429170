import Dispatch
import FoldCycle
import Foundation
import Synchronization

/// The figures of the timer-accuracy run.
struct TimerResult: Codable, Sendable {
    /// Transitions observed.
    var ticks: Int
    /// Seconds between ticks.
    var intervalSeconds: Double
    /// Lateness of each transition start against its absolute deadline, in milliseconds.
    var latenessMilliseconds: Summary
    /// Last lateness − first lateness, in milliseconds.
    var endpointDriftMilliseconds: Double
    /// Least-squares slope of lateness against tick number, times the number of ticks, in
    /// milliseconds: how much later the schedule runs at the end than at the start.
    var fitDriftMilliseconds: Double
    /// Whether every tick arrived before the time-out.
    var complete: Bool
}

/// Timer accuracy of a running ``Cycler`` on the real ``DispatchClock``: the clock time
/// at which each `.transitionBegan` reaches an observer, against the deadline
/// `first + k·interval` (`first` = ``Cycler/nextTickDeadline`` right after launch,
/// i.e. launch + interval), k = 0, 1, ….
enum TimerBench {
    /// Collects the clock times of transition starts, off the main actor.
    final class Recorder: Sendable {
        private let times = Mutex<[Double]>([])
        private let done = DispatchSemaphore(value: 0)
        private let expected: Int
        private let clock: DispatchClock

        init(expected: Int, clock: DispatchClock) {
            self.expected = expected
            self.clock = clock
            times.withLock { $0.reserveCapacity(expected) }
        }

        /// The cycler's observer: reads the clock first, then records.
        var observer: @Sendable (CyclerEvent) -> Void {
            { [self] event in
                guard case .transitionBegan = event else { return }
                let now = clock.now
                let count = times.withLock { times in
                    times.append(now)
                    return times.count
                }
                if count == expected { done.signal() }
            }
        }

        func wait(timeout seconds: Double) -> Bool {
            done.wait(timeout: .now() + seconds) == .success
        }

        var recorded: [Double] { times.withLock { $0 } }
    }

    static func run(ticks: Int, interval: Double) -> TimerResult? {
        let clock = DispatchClock(label: "foldcycle-bench.timer")
        guard
            let cycler = try? Cycler(
                dataSource: ArrayDataSource(["A", "B", "C"]), interval: interval, clock: clock)
        else { return nil }
        let recorder = Recorder(expected: ticks, clock: clock)
        cycler.addObserver(recorder.observer)
        cycler.launch()
        guard let first = cycler.nextTickDeadline else { return nil }
        let complete = recorder.wait(timeout: Double(ticks) * interval + 5)
        cycler.stop()
        let times = Array(recorder.recorded.prefix(ticks))
        let lateness = times.enumerated().map { k, time in (time - (first + Double(k) * interval)) * 1_000 }
        guard let firstLate = lateness.first, let lastLate = lateness.last else { return nil }
        return TimerResult(
            ticks: lateness.count, intervalSeconds: interval, latenessMilliseconds: Summary(lateness),
            endpointDriftMilliseconds: lastLate - firstLate,
            fitDriftMilliseconds: slope(lateness) * Double(lateness.count), complete: complete)
    }

    /// The least-squares slope of `values` against their index.
    static func slope(_ values: [Double]) -> Double {
        let n = Double(values.count)
        guard values.count > 1 else { return 0 }
        let meanX = (n - 1) / 2
        let meanY = values.reduce(0, +) / n
        var numerator = 0.0
        var denominator = 0.0
        for (index, value) in values.enumerated() {
            let dx = Double(index) - meanX
            numerator += dx * (value - meanY)
            denominator += dx * dx
        }
        return numerator / denominator
    }
}
