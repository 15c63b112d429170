import FoldCycle
import Foundation

/// A part of the benchmark that can be run on its own (`--sections`).
enum BenchSection: String, CaseIterable, Sendable {
    case memory, frames, idle, timer, startup
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
    /// The `foldcycle` binary; nil: next to this executable.
    var foldcyclePath: String?
    /// The sections to run, in the order given by ``BenchSection/allCases``.
    var sections = Set(BenchSection.allCases)
    /// Exit 1 when a target is missed.
    var strict = false
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

    static let help = """
        OVERVIEW: Measure FoldCycle's frame cost, output bytes, idle cost, timer accuracy, memory
        and start-up time, then print a table and one JSON line with every figure.

        USAGE: foldcycle-bench [OPTIONS]

        OPTIONS:
          --quick               CI-sized run: 1 s idle windows, 50 ticks, 10,000 transitions,
                                3 spawns (frames stay at 1,000).
          --frames <n>          Frames per case at the first size, at least; rounded up to whole
                                transitions. Larger sizes measure as many cells in all, at least two
                                transitions. (default: 1000)
          --frames-per-transition <n>
                                Frames sampled over t in 0...1 per transition, ≥ 2. (default: 115)
          --sizes <list>        Comma-separated slot sizes COLUMNSxROWS; the first is measured at
                                every depth, the others at the first depth. (default:
                                80x24,200x60,400x120)
          --depths <list>       Comma-separated colour depths. (values: truecolor, 256, 16;
                                default: all three)
          --directions <list>   Comma-separated directions. (values: down, up, left, right;
                                default: all four)
          --kinds <list>        Comma-separated transitions. (values: fold, cube, flip, push,
                                move-in, reveal, fade; default: all)
          --idle-seconds <s>    Length of each idle window. (default: 5)
          --ticks <n>           Transitions of the timer run, ≥ 2. (default: 200)
          --interval <s>        Seconds between ticks of the timer run. (default: 0.05)
          --transitions <n>     Transitions of the long memory run, ≥ 100. (default: 100000)
          --spawns <n>          Start-up measurements of foldcycle in a pty. (default: 10)
          --foldcycle <path>    The foldcycle binary. (default: next to this executable)
          --sections <list>     Comma-separated sections to run. (values: memory, frames, idle,
                                timer, startup; default: all)
          --strict              Exit 1 when a target is missed.
          --markdown            Print the docs' tables as Markdown, each between its marker
                                comments, instead of the plain table (the JSON line still follows).
          --write-docs          Rewrite those tables in place in docs/PERFORMANCE.md,
                                between their markers, with this run's figures and environment.
                                Needs every section and the default sizes and directions.
          --check-docs          Check that the docs' markers exist once each and are well-formed,
                                then exit (0: well-formed, 1: not); measures nothing.
          --docs-root <dir>     The package root holding docs/. (default: .)
          -h, --help            Show help information.

        """

    /// Parses the arguments (without the program name).
    ///
    /// - Returns: nil when help was asked for.
    /// - Throws: a message for an unknown option or a bad value.
    static func parse(_ arguments: [String]) throws(BenchUsageError) -> BenchOptions? {
        var options = BenchOptions()
        options.arguments = arguments
        if arguments.contains("--quick") {
            options.quick = true
            options.idleSeconds = 1
            options.ticks = 50
            options.memoryTransitions = 10_000
            options.spawns = 3
        }
        var index = 0
        func value(_ name: String) throws(BenchUsageError) -> String {
            guard index < arguments.count else { throw BenchUsageError("missing value for '\(name)'") }
            index += 1
            return arguments[index - 1]
        }
        func integer(_ name: String, _ range: ClosedRange<Int>) throws(BenchUsageError) -> Int {
            let text = try value(name)
            guard let number = Int(text), range.contains(number) else {
                throw BenchUsageError(
                    "invalid value '\(text)' for '\(name)' (a whole number from \(range.lowerBound) to \(range.upperBound))"
                )
            }
            return number
        }
        func seconds(_ name: String, _ range: ClosedRange<Double>) throws(BenchUsageError) -> Double {
            let text = try value(name)
            guard let number = Double(text), number.isFinite, range.contains(number) else {
                throw BenchUsageError(
                    "invalid value '\(text)' for '\(name)' (seconds from \(range.lowerBound) to \(range.upperBound))")
            }
            return number
        }
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            switch argument {
            case "-h", "--help": return nil
            case "--quick": break
            case "--strict": options.strict = true
            case "--markdown": options.markdown = true
            case "--write-docs": options.writeDocs = true
            case "--check-docs": options.checkDocs = true
            case "--docs-root": options.docsRoot = try value(argument)
            case "--frames": options.minimumFrames = try integer(argument, 1...10_000_000)
            case "--frames-per-transition": options.framesPerTransition = try integer(argument, 2...100_000)
            case "--idle-seconds": options.idleSeconds = try seconds(argument, 0.1...600)
            case "--ticks": options.ticks = try integer(argument, 2...100_000)
            case "--interval": options.tickInterval = try seconds(argument, 0.005...10)
            case "--transitions": options.memoryTransitions = try integer(argument, 100...100_000_000)
            case "--spawns": options.spawns = try integer(argument, 1...1_000)
            case "--foldcycle": options.foldcyclePath = try value(argument)
            case "--sizes":
                let text = try value(argument)
                options.sizes = []
                for item in text.split(separator: ",") {
                    let parts = item.split(separator: "x")
                    guard parts.count == 2, let columns = Int(parts[0]), let rows = Int(parts[1]),
                        (1...1_000).contains(columns), (1...500).contains(rows)
                    else {
                        throw BenchUsageError("invalid size '\(item)' in '--sizes' (COLUMNSxROWS, 1...1000 x 1...500)")
                    }
                    options.sizes.append(TerminalSize(columns: columns, rows: rows))
                }
            case "--directions":
                let text = try value(argument)
                options.directions = []
                for name in text.split(separator: ",") {
                    guard let direction = TransitionDirection(name: String(name)) else {
                        throw BenchUsageError(
                            "invalid direction '\(name)' in '--directions' (values: down, up, left, right)")
                    }
                    options.directions.append(direction)
                }
            case "--depths":
                let text = try value(argument)
                options.depths = []
                for name in text.split(separator: ",") {
                    guard let depth = Self.depth(named: name.trimmingCharacters(in: .whitespaces)) else {
                        throw BenchUsageError("invalid depth '\(name)' in '--depths' (values: truecolor, 256, 16)")
                    }
                    options.depths.append(depth)
                }
            case "--kinds":
                let text = try value(argument)
                options.kinds = []
                for name in text.split(separator: ",") {
                    guard let kind = TransitionKind(rawValue: name.trimmingCharacters(in: .whitespaces)) else {
                        let names = TransitionKind.allCases.map(\.rawValue).joined(separator: ", ")
                        throw BenchUsageError("invalid transition '\(name)' in '--kinds' (values: \(names))")
                    }
                    options.kinds.append(kind)
                }
            case "--sections":
                let text = try value(argument)
                var sections = Set<BenchSection>()
                for name in text.split(separator: ",") {
                    guard let section = BenchSection(rawValue: name.trimmingCharacters(in: .whitespaces)) else {
                        let names = BenchSection.allCases.map(\.rawValue).joined(separator: ", ")
                        throw BenchUsageError("invalid section '\(name)' in '--sections' (values: \(names))")
                    }
                    sections.insert(section)
                }
                options.sections = sections
            default:
                throw BenchUsageError("unknown option '\(argument)'")
            }
        }
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
