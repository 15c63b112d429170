import FoldCycle
internal import FoldCyclePlatform
import Foundation

/// Clocks and process counters the benchmark reads.
enum Probe {
    /// `CLOCK_MONOTONIC` in nanoseconds (vDSO: about 20 ns a call).
    static func nanoseconds() -> UInt64 {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return UInt64(spec.tv_sec) &* 1_000_000_000 &+ UInt64(spec.tv_nsec)
    }

    /// User + system CPU time of the whole process (every thread, including threads that have
    /// exited) from `getrusage(RUSAGE_SELF)`, in microseconds.
    static func processCPUMicroseconds() -> Int64 {
        guard let usage = Platform.processUsage() else { return 0 }
        let user = Int64(usage.ru_utime.tv_sec) * 1_000_000 + Int64(usage.ru_utime.tv_usec)
        let system = Int64(usage.ru_stime.tv_sec) * 1_000_000 + Int64(usage.ru_stime.tv_usec)
        return user + system
    }

    /// Voluntary + involuntary context switches of the process (`getrusage`): a thread that wakes
    /// up while "idle" shows here even when its CPU time rounds to nothing.
    static func contextSwitches() -> Int {
        guard let usage = Platform.processUsage() else { return 0 }
        return Int(usage.ru_nvcsw) + Int(usage.ru_nivcsw)
    }

    /// Resident set sizes (``Platform/residentMemoryKiB()``), in KiB.
    struct Memory: Codable, Sendable {
        /// Peak resident set size so far (`VmHWM`).
        var peakKiB: Int
        /// Current resident set size (`VmRSS`).
        var currentKiB: Int
    }

    /// The peak and current resident set sizes of this process (0 when the platform does not say).
    static func memory() -> Memory {
        let sizes = Platform.residentMemoryKiB() ?? (0, 0)
        return Memory(peakKiB: sizes.peak, currentKiB: sizes.current)
    }

    /// Sleeps the calling thread for `seconds` (no CPU used while asleep).
    static func sleep(_ seconds: Double) {
        guard seconds > 0 else { return }
        var request = timespec(tv_sec: Int(seconds), tv_nsec: Int((seconds - seconds.rounded(.down)) * 1e9))
        var remaining = timespec()
        while nanosleep(&request, &remaining) == -1 && errno == EINTR { request = remaining }
    }
}

/// Order statistics of a sample.
struct Summary: Codable, Sendable {
    /// Number of values.
    var count: Int
    /// The middle value (mean of the two middle values for an even count).
    var median: Double
    /// The 99th percentile, nearest rank: the value at rank ⌈0.99·n⌉.
    var p99: Double
    /// The smallest value.
    var min: Double
    /// The largest value.
    var max: Double
    /// The arithmetic mean.
    var mean: Double

    /// Summarizes `values` (all zero for an empty sample).
    init(_ values: [Double]) {
        let sorted = values.sorted()
        count = sorted.count
        guard let first = sorted.first, let last = sorted.last else {
            median = 0
            p99 = 0
            min = 0
            max = 0
            mean = 0
            return
        }
        let middle = sorted.count / 2
        median = sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
        let rank = Int((0.99 * Double(sorted.count)).rounded(.up))
        p99 = sorted[Swift.min(Swift.max(rank, 1), sorted.count) - 1]
        min = first
        max = last
        mean = sorted.reduce(0, +) / Double(sorted.count)
    }
}
