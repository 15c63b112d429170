import FoldCycleOptions
import Testing

@testable import FoldCycleCLI

@Suite("Argument splitting")
struct ParsedArgumentsTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let arguments: [String]
        let values: [String: String]
        let flags: Set<String>
        let positionals: [String]
        var testDescription: String { arguments.description }
    }

    static let cases: [Case] = [
        .init(arguments: ["A", "B"], values: [:], flags: [], positionals: ["A", "B"]),
        .init(arguments: ["--direction", "up", "A"], values: ["direction": "up"], flags: [], positionals: ["A"]),
        .init(arguments: ["--direction=up"], values: ["direction": "up"], flags: [], positionals: []),
        .init(arguments: ["--palette=a=b"], values: ["palette": "a=b"], flags: [], positionals: []),
        .init(arguments: ["--direction="], values: ["direction": ""], flags: [], positionals: []),
        .init(
            arguments: ["--direction", "up", "--direction", "left"], values: ["direction": "left"], flags: [],
            positionals: []),
        .init(
            arguments: ["--paused", "A", "--fullscreen"], values: [:], flags: ["paused", "fullscreen"],
            positionals: ["A"]),
        .init(arguments: ["-h"], values: [:], flags: ["help"], positionals: []),
        .init(
            arguments: ["--", "--paused", "-h", "rendr"], values: [:], flags: [],
            positionals: ["--paused", "-h", "rendr"]),
        .init(arguments: ["A", "--", "--"], values: [:], flags: [], positionals: ["A", "--"]),
        .init(arguments: ["-"], values: [:], flags: [], positionals: ["-"]),
        .init(arguments: ["-5", "-0.5", "-1e3"], values: [:], flags: [], positionals: ["-5", "-0.5", "-1e3"]),
        .init(arguments: ["--file", "-"], values: ["file": "-"], flags: [], positionals: []),
        .init(arguments: ["--interval", "-1"], values: ["interval": "-1"], flags: [], positionals: []),
        .init(arguments: ["--palette", "-h"], values: ["palette": "-h"], flags: [], positionals: []),
    ]

    @Test("splits options, flags and items", arguments: cases)
    func splits(_ example: Case) throws {
        let parsed = try ParsedArguments(example.arguments, specs: LiveCommand.specs, command: .live)
        #expect(parsed.values == example.values)
        #expect(parsed.flags == example.flags)
        #expect(parsed.positionals == example.positionals)
    }

    @Test(
        "bad option syntax is a usage error naming the option",
        arguments: [
            (["--direction"], "missing value for '--direction <direction>' (values: down, up, left, right)"),
            (["A", "--fps"], "missing value for '--fps <n>' (a whole number from 1 to 240)"),
            (
                ["--direction", "--fps", "30"],
                "missing value for '--direction <direction>' (values: down, up, left, right)"
            ),
            (["--file", "--"], "missing value for '--file <path>'"),
            (["--paused=yes"], "option '--paused' takes no value"),
            (["-h=1"], "unknown option '-h=1'"),
            (["--bogus"], "unknown option '--bogus'"),
            (["-x"], "unknown option '-x'"),
            (["-5x"], "unknown option '-5x'"),
            (["--=up"], "unknown option '--=up'"),
            (["--direciton", "up"], "unknown option '--direciton' (did you mean '--direction'?)"),
            (["--direciton=up"], "unknown option '--direciton' (did you mean '--direction'?)"),
            (["--Direction", "up"], "unknown option '--Direction' (did you mean '--direction'?)"),
            (["-direction", "up"], "unknown option '-direction' (did you mean '--direction'?)"),
            (["--intervl", "3"], "unknown option '--intervl' (did you mean '--interval'?)"),
            (["--pasued"], "unknown option '--pasued' (did you mean '--paused'?)"),
            (["--colour", "never"], "unknown option '--colour' (did you mean '--color'?)"),
        ])
    func syntaxErrors(_ arguments: [String], _ message: String) {
        #expect(throws: CLIError.usage(message, .live)) {
            try ParsedArguments(arguments, specs: LiveCommand.specs, command: .live)
        }
    }

    @Test("render's splitter knows only render's options")
    func renderOptions() {
        #expect(throws: CLIError.usage("unknown option '--interval'", .render)) {
            try ParsedArguments(["--interval", "2"], specs: RenderCommand.specs, command: .render)
        }
        #expect(throws: CLIError.usage("unknown option '--frame' (did you mean '--frames'?)", .render)) {
            try ParsedArguments(["--frame", "2"], specs: RenderCommand.specs, command: .render)
        }
    }
}
