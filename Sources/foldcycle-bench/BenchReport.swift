import FoldCycle
import Foundation

/// One target (issue 5 for the fold, issue 9 for the cube and the flip) and whether the
/// measurement meets it.
struct TargetResult: Codable, Sendable {
    /// What is measured, e.g. `compose+encode 80x24 diff, median`.
    var name: String
    /// The limit, e.g. `≤ 20 µs`.
    var limit: String
    /// The measured value, formatted with its unit.
    var measured: String
    /// Whether the limit is met.
    var pass: Bool
}

/// Everything one run measured: printed as a table and as one JSON line.
struct BenchReport: Codable, Sendable {
    /// Where and how the run measured.
    var environment: BenchEnvironment
    var frames: [FrameResult] = []
    var idle: [IdleResult] = []
    var timer: TimerResult?
    var memory: MemoryResult?
    var startup: StartupResult?
    var targets: [TargetResult] = []
    /// Wall time of the whole run, in seconds.
    var totalSeconds = 0.0

    /// An empty report of a run in `environment`.
    init(environment: BenchEnvironment) {
        self.environment = environment
    }

    // MARK: - Targets

    /// Fills ``targets`` from the measured sections.
    mutating func evaluateTargets() {
        targets = []
        // Issue 5's frame targets are the fold's.
        let folds = frames.filter { $0.transition == TransitionKind.fold.rawValue }
        for encoder in EncoderKind.allCases {
            let cases = folds.filter { $0.size == "80x24" && $0.encoder == encoder }
            if let worst = cases.max(by: { $0.composeEncodeMicros.median < $1.composeEncodeMicros.median }) {
                targets.append(
                    TargetResult(
                        name:
                            "compose + encode, median per 80×24 fold frame, \(encoder.rawValue) encoder (worst direction: \(worst.direction))",
                        limit: "≤ 20 µs", measured: String(format: "%.1f µs", worst.composeEncodeMicros.median),
                        pass: worst.composeEncodeMicros.median <= 20))
            }
        }
        // Issue 9: the perspective transitions cost at most twice the fold, in the same run.
        for kind in [TransitionKind.cube, .flip] {
            for encoder in EncoderKind.allCases {
                guard let fold = Self.worst(folds, size: "80x24", encoder: encoder),
                    let turned = Self.worst(
                        frames.filter { $0.transition == kind.rawValue }, size: "80x24", encoder: encoder),
                    fold.composeEncodeMicros.median > 0
                else { continue }
                let ratio = turned.composeEncodeMicros.median / fold.composeEncodeMicros.median
                targets.append(
                    TargetResult(
                        name:
                            "\(kind) (worst direction: \(turned.direction)) over the fold (\(fold.direction)), median compose + encode per 80×24 frame, \(encoder.rawValue) encoder",
                        limit: "≤ 2 ×",
                        measured: String(
                            format: "%.2f × (%.1f / %.1f µs)", ratio, turned.composeEncodeMicros.median,
                            fold.composeEncodeMicros.median),
                        pass: ratio <= 2))
            }
        }
        let diffs = folds.filter { $0.encoder == .diff }
        if let worst = diffs.max(by: { ($0.ratioToLowerBound ?? 0) < ($1.ratioToLowerBound ?? 0) }),
            let ratio = worst.ratioToLowerBound
        {
            targets.append(
                TargetResult(
                    name:
                        "diff bytes / lower bound (worst case: \(worst.size.replacingOccurrences(of: "x", with: "×")) \(worst.direction))",
                    limit: "≤ 1.25", measured: String(format: "%.2f", ratio), pass: ratio <= 1.25))
        }
        for result in idle {
            let label = result.scenario == "paused" ? "while paused (mid-transition)" : "between transitions"
            targets.append(
                TargetResult(
                    name: "frame ticks \(label), \(String(format: "%.2f s", result.seconds))",
                    limit: "0",
                    measured: result.valid ? "\(result.frameTicks)" : "\(result.frameTicks) (setup invalid)",
                    pass: result.valid && result.frameTicks == 0))
        }
        if let timer {
            targets.append(
                TargetResult(
                    name: "cumulative drift over \(timer.ticks) ticks (fit slope × ticks)",
                    limit: "≤ 2 ms", measured: Self.format(timer.fitDriftMilliseconds, "ms"),
                    pass: timer.complete && abs(timer.fitDriftMilliseconds) <= 2))
        }
        if let memory {
            let growth = Double(memory.peakGrowthKiB) / 1_024
            targets.append(
                TargetResult(
                    name:
                        "peak RSS growth \(BenchMarkdown.grouped(memory.shortTransitions)) → \(BenchMarkdown.grouped(memory.longTransitions)) transitions",
                    limit: "≤ 1 MiB", measured: Self.format(growth, "MiB"), pass: memory.peakGrowthKiB <= 1_024))
        }
        if let startup {
            let ok = startup.failures == 0 && startup.firstFrameMilliseconds.count > 0
            targets.append(
                TargetResult(
                    name: "first frame after start, median of \(startup.firstFrameMilliseconds.count)",
                    limit: "≤ 30 ms",
                    measured: ok ? Self.format(startup.firstFrameMilliseconds.median, "ms") : "no frame",
                    pass: ok && startup.firstFrameMilliseconds.median <= 30))
        }
    }

    // MARK: - Table

    /// The human-readable report.
    func table() -> String {
        var out =
            "FoldCycle benchmark (\(environment.toolchain), \(environment.build) build, \(environment.cores) cores, "
        out += "quick: \(environment.quick ? "yes" : "no"), \(environment.date))\n"
        if !frames.isEmpty, let sample = frames.first {
            out += "\nCompose + encode per frame, truecolor, \(sample.frames) frames per case "
            out += "(\(sample.transitions) transitions, t spread over 0...1); times in µs, bytes per frame\n"
            out += Self.row(
                ["size", "kind", "dir", "enc", "median", "p99", "compose", "encode", "bytes", "lower", "ratio"],
                widths: [7, 7, 6, 5, 8, 8, 8, 8, 9, 8, 6])
            for result in frames {
                out += Self.row(
                    [
                        result.size, result.transition, result.direction, result.encoder.rawValue,
                        String(format: "%.2f", result.composeEncodeMicros.median),
                        String(format: "%.2f", result.composeEncodeMicros.p99),
                        String(format: "%.2f", result.composeMicros.median),
                        String(format: "%.2f", result.encodeMicros.median),
                        String(format: "%.0f", result.bytes.mean),
                        String(format: "%.0f", result.lowerBound.mean),
                        result.ratioToLowerBound.map { String(format: "%.2f", $0) } ?? "-",
                    ], widths: [7, 7, 6, 5, 8, 8, 8, 8, 9, 8, 6])
            }
            out += "  each frame composed once and encoded by both encoders (alternating order); "
            out += "compose/encode: medians of each part alone;\n  bytes, lower: means per frame; "
            out += "ratio: total bytes / total lower bound\n"
        }
        if !idle.isEmpty {
            out += "\nIdle: Player (inline, 80x24, truecolor) writing to /dev/null, DispatchClock\n"
            out += Self.row(
                ["scenario", "seconds", "ticks", "CPU ms", "ctx sw", "frames before", "valid"],
                widths: [9, 8, 6, 8, 7, 14, 6])
            for result in idle {
                out += Self.row(
                    [
                        result.scenario, String(format: "%.2f", result.seconds), "\(result.frameTicks)",
                        String(format: "%.3f", result.cpuMilliseconds), "\(result.contextSwitches)",
                        "\(result.framesBefore)", result.valid ? "yes" : "NO",
                    ], widths: [9, 8, 6, 8, 7, 14, 6])
            }
        }
        if let timer {
            out += "\nTimer: \(timer.ticks) transitions every \(Self.format(timer.intervalSeconds * 1_000, "ms")) "
            out +=
                "on DispatchClock; lateness = clock time of .transitionBegan in an observer − (launch + k·interval)\n"
            let late = timer.latenessMilliseconds
            out += "  lateness ms: median \(Self.format(late.median)), p99 \(Self.format(late.p99)), "
            out += "max \(Self.format(late.max)), min \(Self.format(late.min))\n"
            out += "  drift ms: fit slope × \(timer.ticks) = \(Self.format(timer.fitDriftMilliseconds)); "
            out += "last − first = \(Self.format(timer.endpointDriftMilliseconds))"
            out += timer.complete ? "\n" : "  (TIMED OUT before every tick)\n"
        }
        if let memory {
            out +=
                "\nMemory: \(memory.items)-item generated data source, ManualClock, one 80x24 frame every \(MemoryBench.renderEvery) transitions\n"
            out += "  after \(memory.shortTransitions): VmHWM \(memory.afterShort.peakKiB) KiB, "
            out += "VmRSS \(memory.afterShort.currentKiB) KiB\n"
            out += "  after \(memory.longTransitions): VmHWM \(memory.afterLong.peakKiB) KiB, "
            out += "VmRSS \(memory.afterLong.currentKiB) KiB (\(Self.format(memory.seconds, "s")))\n"
            out += "  growth: peak \(memory.peakGrowthKiB) KiB, current \(memory.currentGrowthKiB) KiB; "
            out += "slots created: \(memory.slotsCreated)\n"
        }
        if let startup {
            let first = startup.firstFrameMilliseconds
            out += "\nStart-up: \(startup.binary) in a pty (80x24), spawn → first ESC[?2026h\n"
            out += "  ms over \(first.count) runs: median \(Self.format(first.median)), min \(Self.format(first.min)), "
            out += "max \(Self.format(first.max)); failures \(startup.failures); "
            out += "after SIGTERM: \(startup.exitStatuses.joined(separator: ", "))\n"
        }
        if !targets.isEmpty {
            out += "\nTargets\n"
            for target in targets {
                out +=
                    "  \(target.pass ? "PASS" : "MISS")  \(target.name): \(target.measured) (target \(target.limit))\n"
            }
        }
        out += "\nTotal: \(Self.format(totalSeconds, "s"))\n"
        return out
    }

    /// The report as one line of JSON (keys sorted).
    func jsonLine() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        do {
            return String(decoding: try encoder.encode(self), as: UTF8.self)
        } catch {
            return "{\"error\":\"cannot encode the report: \(error)\"}"
        }
    }

    /// The case of `cases` at `size` with `encoder` whose median compose + encode is largest.
    static func worst(_ cases: [FrameResult], size: String, encoder: EncoderKind) -> FrameResult? {
        cases.filter { $0.size == size && $0.encoder == encoder }
            .max { $0.composeEncodeMicros.median < $1.composeEncodeMicros.median }
    }

    private static func row(_ cells: [String], widths: [Int]) -> String {
        var line = " "
        for (cell, width) in zip(cells, widths) {
            line += " " + cell + String(repeating: " ", count: max(width - cell.count, 0))
        }
        while line.hasSuffix(" ") { line.removeLast() }
        return line + "\n"
    }

    static func format(_ value: Double, _ unit: String = "") -> String {
        let text = abs(value) >= 100 ? String(format: "%.1f", value) : String(format: "%.3f", value)
        return unit.isEmpty ? text : "\(text) \(unit)"
    }
}
