import FoldCycle
import Foundation

/// The docs' tables as Markdown, every figure from one ``BenchReport`` (`--markdown`,
/// `--write-docs`): docs/PERFORMANCE.md's summary frame table, results and targets, each headed by
/// the run's environment.
enum BenchMarkdown {
    /// The content of every block, from `report`.
    static func blocks(_ report: BenchReport) -> [DocsBlock: String] {
        [
            .summaryFrames: summaryFrames(report),
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

    // MARK: - Summary

    /// The environment, one row per transition at the first size (worst direction: each depth's
    /// diff median, the full encoder's, the spread over directions and the diff's bytes over the
    /// floor, ``OutputLowerBound``), and one line with ns per cell at each size.
    static func summaryFrames(_ report: BenchReport) -> String {
        var intro = report.environment.sentence(totalSeconds: report.totalSeconds)
        let sizes = BenchReport.orderedSizes(report.frames)
        guard let first = sizes.first, let sample = report.frames.first else {
            return wrapped(intro) + "\n\nNo frame cases were measured in this run."
        }
        let cases = report.frames.filter { $0.size == first }
        let depths = orderedDepths(cases)
        intro += " Slots filled with mixed CJK and ASCII text, medians of \(grouped(sample.frames)) frames per "
        intro += "case; each transition's worst direction (the time targets' depths: truecolor and 256 colours):"
        var out = wrapped(intro) + "\n\n"
        var header = "| \(BenchReport.display(first)) |"
        var rule = "|---|"
        for depth in depths {
            header += " diff, \(BenchReport.depthName(depth)) |"
            rule += "---:|"
        }
        header += " full, worst | slowest / fastest direction | diff bytes / floor |\n"
        rule += "---:|---:|---:|\n"
        out += header + rule
        for kind in orderedKinds(cases) {
            let ofKind = cases.filter { $0.transition == kind }
            var row = "| \(kind) |"
            for depth in depths {
                let worst = BenchReport.worst(ofKind, size: first, encoder: .diff, depth: depth)
                row += " \(micros(worst)) |"
            }
            let targeted = ofKind.filter { BenchReport.targetDepths.contains($0.depth) }
            let full = BenchReport.worst(targeted, size: first, encoder: .full)
            row += " \(micros(full)) | \(spread(targeted)) | \(worstRatio(targeted)) |\n"
            out += row
        }
        if sizes.count > 1 {
            var parts: [String] = []
            for size in sizes {
                let diffs = report.frames.filter {
                    $0.size == size && $0.encoder == .diff
                        && $0.depth == report.frames.first(where: { $0.size == sizes.last })?.depth
                }
                guard let worst = diffs.max(by: { $0.nanosecondsPerCell < $1.nanosecondsPerCell }) else { continue }
                parts.append(
                    "\(BenchReport.display(size)) \(String(format: "%.2f", worst.nanosecondsPerCell)) ns (\(worst.transition) \(worst.direction))"
                )
            }
            out +=
                "\n"
                + wrapped("Compose + encode per cell, diff encoder, worst case: " + parts.joined(separator: ", ") + ".")
        }
        return trimmed(out)
    }

    /// "1.12 × (right over down)": the slowest direction's median over the fastest's, worst over
    /// encoders and depths ("–" for a transition without directions).
    private static func spread(_ cases: [FrameResult]) -> String {
        let worst = DirectionSpread.worst(in: cases, depths: orderedDepths(cases))
        guard let worst else { return "–" }
        return String(format: "%.2f × (%@ over %@)", worst.ratio, worst.slow.direction, worst.fast.direction)
    }

    /// The diff's largest bytes over the floor among `cases`, with its case.
    private static func worstRatio(_ cases: [FrameResult]) -> String {
        let diffs = cases.filter { $0.encoder == .diff }
        guard let worst = diffs.max(by: { ($0.ratioToLowerBound ?? 0) < ($1.ratioToLowerBound ?? 0) }),
            let ratio = worst.ratioToLowerBound
        else { return "–" }
        return String(format: "%.2f (%@, %@)", ratio, worst.direction, BenchReport.depthName(worst.depth))
    }

    // MARK: - docs/PERFORMANCE.md

    /// The environment, every frame case at the first size (one row per transition, direction
    /// and depth, both encoders), the larger sizes per transition (worst direction), and one row
    /// per idle, timer, memory and start-up figure.
    static func performanceResults(_ report: BenchReport) -> String {
        var out = wrapped(report.environment.sentence(totalSeconds: report.totalSeconds)) + "\n\n"
        let sizes = BenchReport.orderedSizes(report.frames)
        if let first = sizes.first, let sample = report.frames.first {
            out += frameCaseTable(report, first: first, sample: sample)
            if sizes.count > 1 { out += largerSizeTable(report, sizes: sizes) }
        }
        let rows = measurementRows(report)
        if !rows.isEmpty {
            out += "| measurement | result |\n|---|---|\n"
            for (name, value) in rows { out += "| \(name) | \(value) |\n" }
        }
        return trimmed(out)
    }

    /// Every frame case at the first size, `first`: one row per transition, direction and depth,
    /// with both encoders' figures.
    private static func frameCaseTable(_ report: BenchReport, first: String, sample: FrameResult) -> String {
        var out =
            wrapped(
                "At \(BenchReport.display(first)), \(grouped(sample.frames)) frames per case "
                    + "(\(sample.transitions) transitions). Times in µs: the median of compose + encode for "
                    + "each encoder, its p99 for the diff, and the medians of compose and of each encode "
                    + "alone; bytes, floor and changed glyphs are means per frame in the output's colour "
                    + "space (the floor: the fewest bytes any cell-diff encoder can send, "
                    + "[the lower bound](#the-lower-bound); changed glyphs: their UTF-8 bytes alone, "
                    + "issue 12's first bound; move floor: the floor over cell writes and the line and "
                    + "character moves the encoder weighs); ratio is the diff's total bytes over the total floor, "
                    + "glyph ratio over the total changed glyphs.") + "\n\n"
        out +=
            "| transition | dir | depth | diff | diff p99 | full | compose | diff encode | full encode | diff bytes | full bytes | floor | move floor | ratio | changed glyphs | glyph ratio |\n"
        out += "|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n"
        let cases = report.frames.filter { $0.size == first }
        for diff in cases where diff.encoder == .diff {
            let full = cases.first {
                $0.encoder == .full && $0.transition == diff.transition && $0.direction == diff.direction
                    && $0.depth == diff.depth
            }
            let cells = [
                diff.transition, diff.direction, BenchOptions.name(of: diff.colorDepth),
                String(format: "%.1f", diff.composeEncodeMicros.median),
                String(format: "%.1f", diff.composeEncodeMicros.p99),
                full.map { String(format: "%.1f", $0.composeEncodeMicros.median) } ?? "–",
                String(format: "%.1f", diff.composeMicros.median),
                String(format: "%.1f", diff.encodeMicros.median),
                full.map { String(format: "%.1f", $0.encodeMicros.median) } ?? "–",
                String(format: "%.0f", diff.bytes.mean),
                full.map { String(format: "%.0f", $0.bytes.mean) } ?? "–",
                String(format: "%.0f", diff.lowerBound.mean),
                String(format: "%.0f", diff.moveLowerBound.mean),
                diff.ratioToLowerBound.map { String(format: "%.2f", $0) } ?? "–",
                String(format: "%.0f", diff.glyphBound.mean),
                diff.ratioToGlyphBound.map { String(format: "%.2f", $0) } ?? "–",
            ]
            out += "| " + cells.joined(separator: " | ") + " |\n"
        }
        return out + "\n"
    }

    /// The sizes after the first (the scaling cases): one row per size and transition, its
    /// worst direction for the diff encoder, beside the same at the first size.
    private static func largerSizeTable(_ report: BenchReport, sizes: [String]) -> String {
        let first = sizes[0]
        var out =
            wrapped(
                "Larger slots (the scaling cases, at \(BenchReport.depthName(report.frames.first(where: { $0.size == sizes[1] })?.depth ?? "truecolor"))), "
                    + "each transition's worst direction for the diff encoder: median compose + encode per "
                    + "frame and per cell, and the same at \(BenchReport.display(first)).") + "\n\n"
        out += "| size | transition | dir | diff | ns per cell | at \(BenchReport.display(first)) | full | ratio |\n"
        out += "|---|---|---|---:|---:|---:|---:|---:|\n"
        for size in sizes.dropFirst() {
            let cases = report.frames.filter { $0.size == size }
            for kind in orderedKinds(cases) {
                let ofKind = cases.filter { $0.transition == kind }
                guard let diff = BenchReport.worst(ofKind, size: size, encoder: .diff) else { continue }
                let small = report.frames.filter {
                    $0.size == first && $0.transition == kind && $0.encoder == .diff && $0.depth == diff.depth
                }.max(by: { $0.nanosecondsPerCell < $1.nanosecondsPerCell })
                let full = BenchReport.worst(ofKind, size: size, encoder: .full)
                let cells = [
                    BenchReport.display(size), kind, diff.direction,
                    String(format: "%.1f", diff.composeEncodeMicros.median),
                    String(format: "%.2f", diff.nanosecondsPerCell),
                    small.map { String(format: "%.2f", $0.nanosecondsPerCell) } ?? "–",
                    full.map { String(format: "%.1f", $0.composeEncodeMicros.median) } ?? "–",
                    diff.ratioToLowerBound.map { String(format: "%.2f", $0) } ?? "–",
                ]
                out += "| " + cells.joined(separator: " | ") + " |\n"
            }
        }
        return out + "\n"
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
                    "timer: deadlines skipped after a stall (late ticks are not stacked up)",
                    "\(timer.skippedTicks) (after \(timer.stalledTicks) stalled \(timer.stalledTicks == 1 ? "tick" : "ticks"))"
                ))
            rows.append(
                (
                    "timer drift over \(grouped(timer.ticks)) ticks (steady ticks)",
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
        if let run = report.run {
            rows.append(
                (
                    "`foldcycle run`, a command printing \(grouped(run.commandBytes)) bytes (80×24 pty)",
                    "\(String(format: "%.2f", run.runSeconds)) s against \(String(format: "%.2f", run.directSeconds)) s "
                        + "directly (\(String(format: "%.2f", run.ratio))×); peak RSS \(grouped(run.runPeakKiB)) KiB"
                ))
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

    /// Transitions in the order the run measured them.
    private static func orderedKinds(_ frames: [FrameResult]) -> [String] {
        var kinds: [String] = []
        for result in frames where !kinds.contains(result.transition) { kinds.append(result.transition) }
        return kinds
    }

    /// Depths in the order the run measured them.
    private static func orderedDepths(_ frames: [FrameResult]) -> [String] {
        var depths: [String] = []
        for result in frames where !depths.contains(result.depth) { depths.append(result.depth) }
        return depths
    }

    private static func micros(_ result: FrameResult?) -> String {
        guard let result else { return "–" }
        return String(format: "%.1f µs", result.composeEncodeMicros.median)
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
