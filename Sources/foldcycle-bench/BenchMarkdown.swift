import FoldCycle
import Foundation

/// The docs' tables as Markdown, every figure from one ``BenchReport`` (`--markdown`,
/// `--write-docs`): the README's frame and target tables and docs/PERFORMANCE.md's results and
/// targets, each headed by the run's environment.
enum BenchMarkdown {
    /// The content of every block, from `report`.
    static func blocks(_ report: BenchReport) -> [DocsBlock: String] {
        [
            .readmeFrames: readmeFrames(report),
            .readmeTargets: targets(report),
            .performanceResults: performanceResults(report),
            .performanceTargets: targets(report),
        ]
    }

    /// Every block with its markers, in document order, as `--markdown` prints them.
    static func document(_ report: BenchReport) -> String {
        let contents = blocks(report)
        var out = ""
        for block in DocsBlock.allCases {
            out += "\(block.beginMarker)\n\n\(contents[block] ?? "")\n\n\(block.endMarker)\n\n"
        }
        return out
    }

    // MARK: - README

    /// The environment, one table for the first frame size (a row per direction: both
    /// encoders' median compose + encode, and the diff's bytes over the lower bound), and one
    /// line per other size.
    static func readmeFrames(_ report: BenchReport) -> String {
        var intro = report.environment.sentence(totalSeconds: report.totalSeconds)
        let folds = report.frames.filter { $0.transition == TransitionKind.fold.rawValue }
        let sizes = orderedSizes(folds)
        guard let first = sizes.first, let sample = folds.first else {
            return wrapped(intro) + "\n\nNo frame cases were measured in this run."
        }
        intro += " Truecolor, slots filled with mixed CJK and ASCII text, medians of "
        intro += "\(grouped(sample.frames)) frames per case:"
        var out = wrapped(intro) + "\n\n"
        out +=
            "| \(display(first)) frame | diff: compose + encode | full: compose + encode | diff bytes / lower bound |\n"
        out += "|---|---:|---:|---:|\n"
        for direction in orderedDirections(folds) {
            let diff = result(folds, first, direction, .diff)
            let full = result(folds, first, direction, .full)
            out += "| \(direction) | \(micros(diff)) | \(micros(full)) | \(ratio(diff)) |\n"
        }
        for size in sizes.dropFirst() {
            out += "\n" + wrapped("\(display(size)): " + sizeSummary(folds.filter { $0.size == size })) + "\n"
        }
        out += transitionsTable(report.frames, size: first)
        return trimmed(out)
    }

    /// Every transition measured at `size`, worst direction each: both encoders' median compose
    /// + encode and the diff's over the fold's (empty when only the fold ran).
    private static func transitionsTable(_ frames: [FrameResult], size: String) -> String {
        var kinds: [String] = []
        for result in frames where !kinds.contains(result.transition) { kinds.append(result.transition) }
        guard kinds.count > 1,
            let fold = BenchReport.worst(
                frames.filter { $0.transition == TransitionKind.fold.rawValue }, size: size, encoder: .diff)
        else { return "" }
        var out =
            "\n| \(display(size)), worst direction | diff: compose + encode | full: compose + encode | diff × the fold |\n"
        out += "|---|---:|---:|---:|\n"
        for kind in kinds {
            let cases = frames.filter { $0.transition == kind }
            let diff = BenchReport.worst(cases, size: size, encoder: .diff)
            let full = BenchReport.worst(cases, size: size, encoder: .full)
            let times =
                diff.map {
                    String(format: "%.2f", $0.composeEncodeMicros.median / max(fold.composeEncodeMicros.median, 1e-9))
                } ?? "–"
            out += "| \(kind) (\(diff?.direction ?? "–")) | \(micros(diff)) | \(micros(full)) | \(times) |\n"
        }
        return out
    }

    /// "diff 130–138 µs vertical, 234–237 µs horizontal; full …; diff bytes 1.02–1.19 × the
    /// lower bound." for the cases of one size (vertical: down, up; horizontal: left, right).
    private static func sizeSummary(_ cases: [FrameResult]) -> String {
        var parts: [String] = []
        for encoder in EncoderKind.allCases {
            var groups: [String] = []
            for (label, directions) in [("vertical", ["down", "up"]), ("horizontal", ["left", "right"])] {
                let medians = cases.filter { $0.encoder == encoder && directions.contains($0.direction) }
                    .map(\.composeEncodeMicros.median)
                if let range = span(medians, format: roundedMicros) { groups.append("\(range) µs \(label)") }
            }
            if !groups.isEmpty { parts.append("\(encoder.rawValue) " + groups.joined(separator: ", ")) }
        }
        let ratios = cases.filter { $0.encoder == .diff }.compactMap(\.ratioToLowerBound)
        if let range = span(ratios, format: { String(format: "%.2f", $0) }) {
            parts.append("diff bytes \(range) × the lower bound")
        }
        return "compose + encode " + parts.joined(separator: "; ") + "."
    }

    // MARK: - docs/PERFORMANCE.md

    /// The environment, every frame case, and one row per idle, timer, memory and start-up
    /// figure.
    static func performanceResults(_ report: BenchReport) -> String {
        var out = wrapped(report.environment.sentence(totalSeconds: report.totalSeconds)) + "\n\n"
        if let sample = report.frames.first {
            out +=
                wrapped(
                    "Frames: \(grouped(sample.frames)) per case (\(sample.transitions) transitions). "
                        + "Times in µs (median and p99 of compose + encode, and the median of each part "
                        + "alone); bytes and lower bound are means per frame; ratio is total bytes over "
                        + "total lower bound.") + "\n\n"
            out +=
                "| size | transition | dir | encoder | median | p99 | compose | encode | bytes | lower bound | ratio |\n"
            out += "|---|---|---|---|---:|---:|---:|---:|---:|---:|---:|\n"
            for result in report.frames {
                let cells = [
                    result.size, result.transition, result.direction, result.encoder.rawValue,
                    String(format: "%.1f", result.composeEncodeMicros.median),
                    String(format: "%.1f", result.composeEncodeMicros.p99),
                    String(format: "%.1f", result.composeMicros.median),
                    String(format: "%.1f", result.encodeMicros.median),
                    String(format: "%.0f", result.bytes.mean),
                    String(format: "%.0f", result.lowerBound.mean),
                    result.ratioToLowerBound.map { String(format: "%.2f", $0) } ?? "–",
                ]
                out += "| " + cells.joined(separator: " | ") + " |\n"
            }
            out += "\n"
        }
        let rows = measurementRows(report)
        if !rows.isEmpty {
            out += "| measurement | result |\n|---|---|\n"
            for (name, value) in rows { out += "| \(name) | \(value) |\n" }
        }
        return trimmed(out)
    }

    /// (measurement, result) rows for the idle, timer, memory and start-up sections that ran.
    private static func measurementRows(_ report: BenchReport) -> [(String, String)] {
        var rows: [(String, String)] = []
        for idle in report.idle {
            let label = idle.scenario == "paused" ? "paused mid-transition" : "between transitions"
            var value = "\(idle.frameTicks) frame \(idle.frameTicks == 1 ? "tick" : "ticks"), "
            value += "\(String(format: "%.2f", idle.cpuMilliseconds)) ms CPU, "
            value += "\(idle.contextSwitches) context \(idle.contextSwitches == 1 ? "switch" : "switches")"
            if !idle.valid { value += " (setup INVALID: the cycler left the scenario's state)" }
            rows.append(("idle, \(label), \(seconds(idle.seconds))", value))
        }
        if let timer = report.timer {
            let late = timer.latenessMilliseconds
            let interval = String(format: "%g", timer.intervalSeconds * 1_000)
            var value = "median \(ms(late.median)), p99 \(ms(late.p99)), max \(ms(late.max))"
            if !timer.complete { value += " (TIMED OUT before every tick)" }
            rows.append(("timer lateness, \(grouped(timer.ticks)) × \(interval) ms", value))
            rows.append(
                (
                    "timer drift over \(grouped(timer.ticks)) ticks",
                    "fit \(ms(timer.fitDriftMilliseconds, decimals: 3)) "
                        + "(last − first \(ms(timer.endpointDriftMilliseconds, decimals: 3)))"
                ))
        }
        if let memory = report.memory {
            rows.append(
                (
                    "peak RSS after \(grouped(memory.shortTransitions)) / \(grouped(memory.longTransitions)) transitions",
                    "\(grouped(memory.afterShort.peakKiB)) / \(grouped(memory.afterLong.peakKiB)) KiB "
                        + "(growth \(grouped(memory.peakGrowthKiB)) KiB); \(memory.slotsCreated) slots created"
                ))
        }
        if let startup = report.startup {
            let first = startup.firstFrameMilliseconds
            var value =
                first.count > 0
                ? "median \(String(format: "%.1f", first.median)) ms (min \(String(format: "%.1f", first.min)), "
                    + "max \(String(format: "%.1f", first.max)))"
                : "no frame"
            if startup.failures > 0 { value += "; \(startup.failures) spawns showed no frame" }
            let spawns = first.count + startup.failures
            rows.append(("first frame after spawn, \(spawns) \(spawns == 1 ? "run" : "runs")", value))
        }
        return rows
    }

    // MARK: - Both

    /// The targets table: target, limit, measured, PASS or MISS.
    static func targets(_ report: BenchReport) -> String {
        guard !report.targets.isEmpty else { return "No targets were evaluated in this run." }
        var out = "Targets, in the run above:\n\n| target | limit | measured | |\n|---|---|---|---|\n"
        for target in report.targets {
            out += "| \(target.name) | \(target.limit) | \(target.measured) | \(target.pass ? "PASS" : "MISS") |\n"
        }
        return trimmed(out)
    }

    // MARK: - Formatting

    private static func result(
        _ frames: [FrameResult], _ size: String, _ direction: String,
        _ encoder: EncoderKind
    ) -> FrameResult? {
        frames.first { $0.size == size && $0.direction == direction && $0.encoder == encoder }
    }

    /// Sizes in the order the run measured them.
    private static func orderedSizes(_ frames: [FrameResult]) -> [String] {
        var sizes: [String] = []
        for result in frames where !sizes.contains(result.size) { sizes.append(result.size) }
        return sizes
    }

    /// Directions in the order the run measured them.
    private static func orderedDirections(_ frames: [FrameResult]) -> [String] {
        var directions: [String] = []
        for result in frames where !directions.contains(result.direction) { directions.append(result.direction) }
        return directions
    }

    /// `80x24` → `80×24`.
    private static func display(_ size: String) -> String {
        size.replacingOccurrences(of: "x", with: "×")
    }

    private static func micros(_ result: FrameResult?) -> String {
        guard let result else { return "–" }
        return String(format: "%.1f µs", result.composeEncodeMicros.median)
    }

    private static func ratio(_ result: FrameResult?) -> String {
        guard let value = result?.ratioToLowerBound else { return "–" }
        return String(format: "%.2f", value)
    }

    /// Whole µs from 100 up, one decimal below.
    private static func roundedMicros(_ value: Double) -> String {
        value >= 100 ? String(format: "%.0f", value) : String(format: "%.1f", value)
    }

    /// `a–b` over the formatted minimum and maximum (`a` alone when they print the same).
    private static func span(_ values: [Double], format: (Double) -> String) -> String? {
        guard let low = values.min(), let high = values.max() else { return nil }
        let (a, b) = (format(low), format(high))
        return a == b ? a : "\(a)–\(b)"
    }

    private static func ms(_ value: Double, decimals: Int = 2) -> String {
        String(format: "%.\(decimals)f ms", value)
    }

    private static func seconds(_ value: Double) -> String {
        String(format: "%.2f s", value)
    }

    /// `1035` → `1,035`.
    static func grouped(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var out = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { out += "," }
            out.append(digit)
        }
        return value < 0 ? "-" + out : out
    }

    /// `text` as lines of at most `width` characters, broken at spaces (a longer word stays
    /// whole), as the hand-written docs around the blocks are wrapped.
    static func wrapped(_ text: String, width: Int = 96) -> String {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            if !line.isEmpty && line.count + 1 + word.count > width {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        if !line.isEmpty { lines.append(line) }
        return lines.joined(separator: "\n")
    }

    private static func trimmed(_ text: String) -> String {
        var text = text
        while text.hasSuffix("\n") { text.removeLast() }
        return text
    }
}
