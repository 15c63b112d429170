internal import FoldCyclePlatform
import Foundation

/// Where and how one run measured: written into the JSON line and, as one sentence, above every
/// table the bench writes into the docs, so each figure carries the conditions it was taken in.
struct BenchEnvironment: Codable, Sendable {
    /// When the run started, ISO 8601 in UTC, e.g. `2026-12-01T14:03:22Z`.
    var date: String
    /// `uname`: the system, its release and the machine, e.g. `Linux`, `6.1.0`, `x86_64`.
    var system: String
    var systemRelease: String
    var machine: String
    /// Processors available to the process (`ProcessInfo.activeProcessorCount`).
    var cores: Int
    /// The compiler that built this executable, e.g. `Swift 6.3.1` (see ``Toolchain``).
    var toolchain: String
    /// `release` or `debug`.
    var build: String
    /// Whether `--quick` was given.
    var quick: Bool
    /// The command line after the program name.
    var arguments: [String]
    /// The 1-, 5- and 15-minute load averages (`getloadavg`) when the run started, and when it
    /// ended (empty when the system does not report them).
    var loadAverageAtStart: [Double]
    var loadAverageAtEnd: [Double] = []

    /// The environment at the start of a run; ``loadAverageAtEnd`` is filled by ``finish()``.
    static func capture(quick: Bool, arguments: [String]) -> BenchEnvironment {
        var name = utsname()
        let named = uname(&name) == 0
        func field<T>(_ value: inout T) -> String {
            guard named else { return "unknown" }
            return withUnsafeBytes(of: &value) { String(decoding: $0.prefix(while: { $0 != 0 }), as: UTF8.self) }
        }
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        formatter.timeZone = TimeZone(identifier: "UTC")
        return BenchEnvironment(
            date: formatter.string(from: Date()),
            system: field(&name.sysname), systemRelease: field(&name.release), machine: field(&name.machine),
            cores: ProcessInfo.processInfo.activeProcessorCount,
            toolchain: Toolchain.compiler, build: Toolchain.isDebugBuild ? "debug" : "release",
            quick: quick, arguments: arguments, loadAverageAtStart: loadAverages())
    }

    /// Records the load averages at the end of the run.
    mutating func finish() {
        loadAverageAtEnd = Self.loadAverages()
    }

    /// `getloadavg`'s three averages, or none when it fails.
    static func loadAverages() -> [Double] {
        var values = [Double](repeating: 0, count: 3)
        let count = getloadavg(&values, 3)
        return count == 3 ? values : []
    }

    /// One sentence for the docs, e.g. "Measured by `foldcycle-bench --quick` on
    /// 2026-12-01T14:03:22Z: Linux x86_64, 2 cores, Swift 6.3.1, release build, load average
    /// 0.69 at the start and 1.02 at the end (1 minute), 26.1 s in all."
    func sentence(totalSeconds: Double) -> String {
        let command = (["foldcycle-bench"] + arguments).joined(separator: " ")
        var text = "Measured by `\(command)` on \(date): \(system) \(machine), \(cores) cores, "
        text += "\(toolchain), \(build) build"
        if let start = loadAverageAtStart.first, let end = loadAverageAtEnd.first {
            text += ", load average \(String(format: "%.2f", start)) at the start and "
            text += "\(String(format: "%.2f", end)) at the end (1 minute)"
        }
        text += ", \(String(format: "%.1f", totalSeconds)) s in all."
        return text
    }
}
