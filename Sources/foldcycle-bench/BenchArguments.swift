import FoldCycle
import FoldCycleOptions
internal import FoldCyclePlatform
import Foundation

/// The bench's options, declared as the CLI's are (FoldCycleOptions): each declaration holds its
/// summary, allowed values and default once, for help and errors alike. Values absent read as
/// nil; ``BenchOptions`` holds the defaults (`--quick` changes some of them).
enum BenchArguments {
    /// The bench's usage errors: ``BenchUsageError``, printed with its usage line (exit 64).
    struct Context: OptionUsageContext {
        func usage(_ message: String) -> BenchUsageError { BenchUsageError(message) }
    }

    static let quick = FlagOption(
        "quick",
        summary:
            "CI-sized run: 1 s idle windows, 50 ticks, 10,000 transitions, 3 spawns, 64 MiB through foldcycle run "
            + "(frames stay at 1,000).")
    static let frames = IntegerOption<Int?>(
        "frames", value: "n",
        summary: "Frames per case at the first size, at least; rounded up to whole transitions. Larger sizes "
            + "measure as many cells in all, at least two transitions.",
        range: .init(1...10_000_000), defaultText: "1000")
    static let framesPerTransition = IntegerOption<Int?>(
        "frames-per-transition", value: "n", summary: "Frames sampled over t in 0...1 per transition.",
        range: .init(2...100_000), defaultText: "115")
    static let sizes = TextOption(
        "sizes", value: "list",
        summary: "Comma-separated slot sizes COLUMNSxROWS; the first is measured at every depth, the others at "
            + "the first depth.",
        defaultText: "80x24,200x60,400x120")
    static let depths = TextOption(
        "depths", value: "list", summary: "Comma-separated colour depths (truecolor, 256, 16).",
        defaultText: "all three")
    static let directions = TextOption(
        "directions", value: "list", summary: "Comma-separated directions (down, up, left, right).",
        defaultText: "all four")
    static let kinds = TextOption(
        "kinds", value: "list",
        summary: "Comma-separated transitions (\(TransitionKind.allCases.map(\.rawValue).joined(separator: ", "))).",
        defaultText: "all")
    static let idleSeconds = NumberOption<Double?>(
        "idle-seconds", value: "s", summary: "Length of each idle window.", range: .init(0.1...600, unit: "seconds"),
        defaultText: "5")
    static let ticks = IntegerOption<Int?>(
        "ticks", value: "n", summary: "Transitions of the timer run.", range: .init(2...100_000), defaultText: "200")
    static let interval = NumberOption<Double?>(
        "interval", value: "s", summary: "Seconds between ticks of the timer run.",
        range: .init(0.005...10, unit: "seconds"), defaultText: "0.05")
    static let transitions = IntegerOption<Int?>(
        "transitions", value: "n", summary: "Transitions of the long memory run.", range: .init(100...100_000_000),
        defaultText: "100000")
    static let spawns = IntegerOption<Int?>(
        "spawns", value: "n", summary: "Start-up measurements of foldcycle in a pty.", range: .init(1...1_000),
        defaultText: "10")
    static let runBytes = IntegerOption<Int?>(
        "run-bytes", value: "n",
        summary: "Bytes a command prints, run directly and under foldcycle run, each in a pty.",
        range: .init(1...(1 << 40)), defaultText: "1073741824")
    static let foldcycle = TextOption(
        "foldcycle", value: "path", summary: "The foldcycle binary.", defaultText: "next to this executable",
        isPath: true)
    static let pictureFiles = TextOption(
        "picture-files", value: "list",
        summary: "Comma-separated PNG or JPEG files the pictures section decodes (full size and fitted to an "
            + "80x24 and a 160x48 card): time and peak memory per megapixel.",
        defaultText: "none", isPath: true)
    static let sections = TextOption(
        "sections", value: "list",
        summary: "Comma-separated sections to run (\(BenchSection.allCases.map(\.rawValue).joined(separator: ", "))).",
        defaultText: "all")
    static let strict = FlagOption("strict", summary: "Exit 1 when a target is missed.")
    static let cellDiff = FlagOption(
        "cell-diff", summary: "The diff encoder sends no line or character moves (the cell diff alone).")
    static let rep = FlagOption(
        "rep", summary: "The diff encoder writes runs of one glyph with REP (CSI n b; record 0255).")
    static let markdown = FlagOption(
        "markdown",
        summary: "Print the docs' tables as Markdown, each between its marker comments, instead of the plain "
            + "table (the JSON line still follows).")
    static let writeDocs = FlagOption(
        "write-docs",
        summary: "Rewrite those tables in place in docs/PERFORMANCE.md, between their markers, with this run's "
            + "figures and environment. Needs every section and the default sizes and directions.")
    static let checkDocs = FlagOption(
        "check-docs",
        summary: "Check that the docs' markers exist once each and are well-formed, then exit (0: well-formed, "
            + "1: not); measures nothing.")
    static let fromReport = TextOption(
        "from-report", value: "path",
        summary: "Measure nothing: print (or, with --write-docs, write) the tables of an earlier run, whose JSON "
            + "line is the last line of this file (the bench's own stdout).",
        isPath: true)
    static let docsRoot = TextOption(
        "docs-root", value: "dir", summary: "The package root holding docs/.", defaultText: ".", isPath: true)
    static let help = FlagOption("help", short: "h", summary: "Show help information.")

    /// Every option, in the order help lists them.
    static let specs = [
        quick.spec, frames.spec, framesPerTransition.spec, sizes.spec, depths.spec, directions.spec, kinds.spec,
        idleSeconds.spec, ticks.spec, interval.spec, transitions.spec, spawns.spec, runBytes.spec, foldcycle.spec,
        pictureFiles.spec, sections.spec, strict.spec, cellDiff.spec, rep.spec, markdown.spec, writeDocs.spec,
        checkDocs.spec,
        fromReport.spec, docsRoot.spec,
        help.spec,
    ]

    // MARK: - Lists

    /// `--sizes`: `COLUMNSxROWS,…`, 1...1000 × 1...500.
    static func sizes(_ text: String) throws(BenchUsageError) -> [TerminalSize] {
        var sizes: [TerminalSize] = []
        for item in text.split(separator: ",") {
            let parts = item.split(separator: "x")
            guard parts.count == 2, let columns = Int(parts[0]), let rows = Int(parts[1]),
                (1...1_000).contains(columns), (1...500).contains(rows)
            else {
                throw BenchUsageError("invalid size '\(item)' in '--sizes' (COLUMNSxROWS, 1...1000 x 1...500)")
            }
            sizes.append(TerminalSize(columns: columns, rows: rows))
        }
        return sizes
    }

    /// `--directions`: direction names.
    static func directions(_ text: String) throws(BenchUsageError) -> [TransitionDirection] {
        try list(text, option: "directions", noun: "direction", names: "down, up, left, right") {
            TransitionDirection(name: $0)
        }
    }

    /// `--depths`: `truecolor`, `256` (or `ansi256`), `16` (or `ansi16`).
    static func depths(_ text: String) throws(BenchUsageError) -> [ColorDepth] {
        try list(text, option: "depths", noun: "depth", names: "truecolor, 256, 16") { BenchOptions.depth(named: $0) }
    }

    /// `--kinds`: registered transition names.
    static func kinds(_ text: String) throws(BenchUsageError) -> [TransitionKind] {
        let names = TransitionKind.allCases.map(\.rawValue).joined(separator: ", ")
        return try list(text, option: "kinds", noun: "transition", names: names) { TransitionKind(rawValue: $0) }
    }

    /// `--sections`: section names, as a set.
    static func sections(_ text: String) throws(BenchUsageError) -> Set<BenchSection> {
        let names = BenchSection.allCases.map(\.rawValue).joined(separator: ", ")
        return Set(try list(text, option: "sections", noun: "section", names: names) { BenchSection(rawValue: $0) })
    }

    /// Each comma-separated name (trimmed) read by `read`; the first it does not know is an error
    /// naming it and the allowed `names`.
    private static func list<Value>(
        _ text: String, option: String, noun: String, names: String, _ read: (String) -> Value?
    ) throws(BenchUsageError) -> [Value] {
        var values: [Value] = []
        for name in text.split(separator: ",") {
            guard let value = read(name.trimmingCharacters(in: .whitespaces)) else {
                throw BenchUsageError("invalid \(noun) '\(name)' in '--\(option)' (values: \(names))")
            }
            values.append(value)
        }
        return values
    }
}
