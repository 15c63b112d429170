import FoldCycleOptions
import FoldCyclePlatform
import Testing

/// FoldCycleOptions outside the CLI (as the bench reads its command line): the same splitting
/// and wording, errors of the reader's own type.
@Suite("Option parsing for another tool")
struct OptionContextTests {
    struct ToolError: Error, Equatable { let message: String }
    struct Tool: OptionUsageContext {
        func usage(_ message: String) -> ToolError { ToolError(message: message) }
    }

    static let ticks = IntegerOption<Int?>(
        "ticks", value: "n", summary: "Ticks.", range: .init(2...100), defaultText: "20")
    static let strict = FlagOption("strict", summary: "Strict.")
    static let specs = [ticks.spec, strict.spec]

    static func read(_ arguments: [String]) throws(ToolError) -> (ticks: Int?, strict: Bool) {
        let reader = OptionReader(
            parsed: try ParsedArguments(arguments, specs: specs, context: Tool()), context: Tool())
        return (try reader.value(ticks), reader.flag(strict))
    }

    @Test("values, flags and absent values (nil: the tool keeps its default)")
    func values() throws {
        #expect(try Self.read(["--ticks=5", "--strict"]) == (5, true))
        #expect(try Self.read([]) == (nil, false))
    }

    @Test("errors worded as the CLI's, without its version hint")
    func errors() {
        #expect(throws: ToolError(message: "unknown option '--tick' (did you mean '--ticks'?)")) {
            try Self.read(["--tick", "3"])
        }
        #expect(throws: ToolError(message: "unknown option '--version'")) { try Self.read(["--version"]) }
        #expect(throws: ToolError(message: "value 1 for '--ticks' is out of range (a whole number from 2 to 100)")) {
            try Self.read(["--ticks", "1"])
        }
        #expect(throws: ToolError(message: "option '--strict' takes no value")) { try Self.read(["--strict=yes"]) }
    }

    @Test("a help row: the description at column 26, or below a long synopsis")
    func helpRow() {
        #expect(OptionSpec.helpRow("--strict", "Strict.") == "  --strict                Strict.\n")
        #expect(
            OptionSpec.helpRow("--frames-per-transition <n>", "Frames.")
                == "  --frames-per-transition <n>\n                          Frames.\n")
    }
}
