#if canImport(Glibc)
import Glibc
#endif
import FoldCycle
import Foundation

/// Runs the selected sections in one process, off the main actor, and prints the report.
///
/// Order: memory first (peak RSS is a high-water mark, so it must be read before the larger frame
/// buffers of the other sections raise it), then frames, idle, timer and start-up.
enum BenchRunner {
    /// Runs everything `options` selects; returns the process exit status.
    static func run(_ options: BenchOptions) -> Int32 {
        let start = Probe.nanoseconds()
        var report = BenchReport()
        report.environment = [
            "cores": "\(ProcessInfo.processInfo.activeProcessorCount)",
            "quick": options.quick ? "yes" : "no",
            "build": Self.isDebugBuild ? "debug" : "release",
        ]
        if options.sections.contains(.memory) {
            progress("memory: \(options.memoryShortTransitions) and \(options.memoryTransitions) transitions")
            report.memory = MemoryBench.run(
                items: options.memoryItems, shortTransitions: options.memoryShortTransitions,
                longTransitions: options.memoryTransitions)
        }
        if options.sections.contains(.frames) {
            for size in options.sizes {
                progress("frames: \(size)")
                for direction in options.directions {
                    report.frames += FrameBench.run(
                        size: size, direction: direction, minimumFrames: options.minimumFrames,
                        framesPerTransition: options.framesPerTransition)
                }
            }
        }
        if options.sections.contains(.idle) {
            progress("idle: 2 × \(options.idleSeconds) s")
            report.idle = IdleBench.run(seconds: options.idleSeconds)
        }
        if options.sections.contains(.timer) {
            progress("timer: \(options.ticks) ticks × \(options.tickInterval) s")
            report.timer = TimerBench.run(ticks: options.ticks, interval: options.tickInterval)
        }
        if options.sections.contains(.startup) {
            let binary = options.foldcyclePath ?? StartupBench.defaultBinary()
            progress("startup: \(options.spawns) spawns of \(binary)")
            report.startup = StartupBench.run(binary: binary, spawns: options.spawns)
        }
        report.totalSeconds = Double(Probe.nanoseconds() - start) / 1e9
        report.evaluateTargets()
        print(report.table())
        print(report.jsonLine())
        return options.strict && report.targets.contains(where: { !$0.pass }) ? 1 : 0
    }

    private static var isDebugBuild: Bool {
        #if DEBUG
        return true
        #else
        return false
        #endif
    }

    /// One line on stderr, so stdout holds only the report.
    private static func progress(_ text: String) {
        FileHandle.standardError.write(Data("foldcycle-bench: \(text)…\n".utf8))
    }
}
