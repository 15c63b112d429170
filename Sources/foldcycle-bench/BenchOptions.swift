import FoldCycle
import FoldCycleOptions
import Foundation

/// A part of the benchmark that can be run on its own (`--sections`).
enum BenchSection: String, CaseIterable, Sendable {
    case memory, frames, pictures, styled, idle, timer, startup, run
}

/// The benchmark's settings: defaults match issue 5; `--quick` shortens the long waits for CI.
struct BenchOptions: Sendable {
    /// Frames measured per (size, direction, encoder) case; at least this many, rounded up to
    /// whole transitions.
    var minimumFrames = 1_000
    /// Frames per transition: t = k / (n − 1), k = 0 ..< n. 115 is the live default (duration
    /// 1.9 s at 60 fps, both ends included).
    var framesPerTransition = 115
    /// Slot sizes of the frame cases: the first one is measured at every depth, the others (the
    /// scaling cases) at the first depth only, with as many cells in all per case as the first
    /// size's (``frames(for:)``).
    var sizes = [
        TerminalSize(columns: 80, rows: 24), TerminalSize(columns: 200, rows: 60),
        TerminalSize(columns: 400, rows: 120),
    ]
    /// Colour depths of the frame cases at the first size (the others run at the first one).
    var depths: [ColorDepth] = [.truecolor, .ansi256, .ansi16]
    /// Directions of the frame cases.
    var directions: [TransitionDirection] = [.down, .up, .left, .right]
    /// Transitions of the frame cases, each in every direction (the fade, which has none, once);
    /// the fold's cases come first and are the ones issue 5's targets measure.
    var kinds: [TransitionKind] = TransitionKind.allCases
    /// Seconds of each idle window (paused, between transitions).
    var idleSeconds = 5.0
    /// Transitions of the timer-accuracy run.
    var ticks = 200
    /// Seconds between ticks of the timer-accuracy run.
    var tickInterval = 0.05
    /// Transitions of the long memory run (the short one is ``memoryShortTransitions``).
    var memoryTransitions = 100_000
    /// Transitions of the short memory run.
    var memoryShortTransitions = 100
    /// Items of the on-demand data source of the memory run.
    var memoryItems = 1_000_000
    /// Spawns of `foldcycle` in a pseudo-terminal.
    var spawns = 10
    /// Bytes the command of the `foldcycle run` throughput run prints (issue 31: 1 GB).
    var runBytes = 1 << 30
    /// Pictures the `pictures` section decodes (`--picture-files`); none: no decode cases.
    var pictureFiles: [String] = []
    /// The `foldcycle` binary; nil: next to this executable.
    var foldcyclePath: String?
    /// `--from-report`: a file whose last line is an earlier run's JSON line; its figures are
    /// printed (and written with `--write-docs`) instead of measuring.
    var reportPath: String?
    /// The sections to run, in the order given by ``BenchSection/allCases``.
    var sections = Set(BenchSection.allCases)
    /// Exit 1 when a target is missed.
    var strict = false
    /// Whether the diff encoder sends line and character moves (`--cell-diff` turns them off,
    /// for the table before them).
    var usesMoves = true
    /// Whether the diff encoder writes runs of one glyph with REP (`--rep`; the frames section).
    var repeats = false
    /// Whether `--quick` was given (reported in the output).
    var quick = false
    /// Print the docs' tables as Markdown (between their markers) instead of the plain table.
    var markdown = false
    /// Rewrite the docs' tables in place (docs/PERFORMANCE.md under ``docsRoot``).
    var writeDocs = false
    /// Only check that the docs' markers exist and are well-formed; measure nothing.
    var checkDocs = false
    /// The package root holding docs/PERFORMANCE.md; default the current directory.
    var docsRoot = "."
    /// The arguments as given (after the program name), for the environment line.
    var arguments: [String] = []

    /// The depths measured at `size`: every one of ``depths`` at the first size, the first depth
    /// at the others.
    func depths(for size: TerminalSize) -> [ColorDepth] {
        size == sizes.first ? depths : Array(depths.prefix(1))
    }

    /// The least number of frames measured per case at `size`: ``minimumFrames`` at the first
    /// size; at a larger one as many cells in all (``minimumFrames`` × the first size's cells ÷
    /// this size's), but at least two transitions.
    func frames(for size: TerminalSize) -> Int {
        guard let first = sizes.first, size != first else { return minimumFrames }
        let cells = max(size.columns * size.rows, 1)
        return max(minimumFrames * first.columns * first.rows / cells, 2 * framesPerTransition)
    }

    /// The `--depths` names: `truecolor`, `256` (or `ansi256`), `16` (or `ansi16`).
    static func depth(named name: String) -> ColorDepth? {
        switch name {
        case "truecolor": return .truecolor
        case "256", "ansi256": return .ansi256
        case "16", "ansi16": return .ansi16
        default: return nil
        }
    }

    /// The short name of `depth` in tables: `truecolor`, `256`, `16`, `none`.
    static func name(of depth: ColorDepth) -> String {
        switch depth {
        case .truecolor: return "truecolor"
        case .ansi256: return "256"
        case .ansi16: return "16"
        case .none: return "none"
        }
    }

    /// The whole help text, its option lines from the declarations (``BenchArguments``).
    static var help: String {
        var text = """
            OVERVIEW: Measure FoldCycle's frame cost, output bytes, idle cost, timer accuracy, memory
            and start-up time, then print a table and one JSON line with every figure.

            USAGE: foldcycle-bench [OPTIONS]

            OPTIONS:

            """
        for spec in BenchArguments.specs { text += OptionSpec.helpRow(spec.synopsis, spec.help) }
        return text + "\n"
    }

    /// Parses the arguments (without the program name) with the CLI's splitter and reader
    /// (FoldCycleOptions): `--name value` or `--name=value`, every message worded as the CLI's.
    ///
    /// - Returns: nil when help was asked for.
    /// - Throws: a message for an unknown option or a bad value.
    static func parse(_ arguments: [String]) throws(BenchUsageError) -> BenchOptions? {
        typealias A = BenchArguments
        let parsed = try ParsedArguments(arguments, specs: A.specs, context: BenchArguments.Context())
        let values = OptionReader(parsed: parsed, context: BenchArguments.Context())
        if values.flag(A.help) { return nil }
        if let extra = parsed.positionals.first { throw BenchUsageError("unexpected argument '\(extra)'") }
        var options = BenchOptions()
        options.arguments = arguments
        if values.flag(A.quick) {
            options.quick = true
            options.idleSeconds = 1
            options.ticks = 50
            options.memoryTransitions = 10_000
            options.spawns = 3
            options.runBytes = 64 << 20
        }
        options.strict = values.flag(A.strict)
        options.usesMoves = !values.flag(A.cellDiff)
        options.repeats = values.flag(A.rep)
        options.markdown = values.flag(A.markdown)
        options.writeDocs = values.flag(A.writeDocs)
        options.checkDocs = values.flag(A.checkDocs)
        options.docsRoot = values.text(A.docsRoot) ?? options.docsRoot
        options.foldcyclePath = values.text(A.foldcycle)
        options.reportPath = values.text(A.fromReport)
        if let text = values.text(A.pictureFiles) {
            options.pictureFiles = text.split(separator: ",").map { String($0) }
        }
        options.minimumFrames = try values.value(A.frames) ?? options.minimumFrames
        options.framesPerTransition = try values.value(A.framesPerTransition) ?? options.framesPerTransition
        options.idleSeconds = try values.value(A.idleSeconds) ?? options.idleSeconds
        options.ticks = try values.value(A.ticks) ?? options.ticks
        options.tickInterval = try values.value(A.interval) ?? options.tickInterval
        options.memoryTransitions = try values.value(A.transitions) ?? options.memoryTransitions
        options.spawns = try values.value(A.spawns) ?? options.spawns
        options.runBytes = try values.value(A.runBytes) ?? options.runBytes
        if let text = values.text(A.sizes) { options.sizes = try A.sizes(text) }
        if let text = values.text(A.directions) { options.directions = try A.directions(text) }
        if let text = values.text(A.depths) { options.depths = try A.depths(text) }
        if let text = values.text(A.kinds) { options.kinds = try A.kinds(text) }
        if let text = values.text(A.sections) { options.sections = try A.sections(text) }
        if options.writeDocs {
            let defaults = BenchOptions()
            guard options.sections == defaults.sections, options.sizes == defaults.sizes,
                options.directions == defaults.directions, options.kinds == defaults.kinds,
                options.depths == defaults.depths
            else {
                throw BenchUsageError(
                    "'--write-docs' needs every section and the default '--sizes', '--directions', "
                        + "'--kinds' and '--depths' (the docs' tables show all of them)")
            }
        }
        return options
    }
}

/// A bad command line: the message is printed with the usage line; exit 64.
struct BenchUsageError: Error, Sendable {
    /// What is wrong, naming the option and the allowed values.
    let message: String

    init(_ message: String) {
        self.message = message
    }
}
