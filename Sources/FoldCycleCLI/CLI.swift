import FoldCycle
import Foundation

/// The `foldcycle` command line tool: parses the arguments, runs the live cycler or a
/// subcommand, and exits with the documented code (0 done, 64 usage, 66 unreadable input,
/// 1 runtime error, 128 + N on signal N).
public enum FoldCycleCLI {
    /// Runs `foldcycle` with `arguments` (without the program name) and exits; never returns.
    public static func main(_ arguments: [String]) -> Never {
        // A closed pipe must come back as EPIPE from write(2), not kill the process.
        signal(SIGPIPE, SIG_IGN)
        do {
            switch arguments.first.flatMap(CLICommand.subcommand(named:)) {
            case .help:
                try writeHelp(try CLICommand.helpTopic(Array(arguments.dropFirst())).helpText)
                exit(0)
            case .render:
                switch try RenderCommand.parse(Array(arguments.dropFirst())) {
                case .help: try writeHelp(RenderCommand.help)
                case .listTransitions:
                    try writeOrExit(Array(TransitionKind.allCases.map { "\($0)\n" }.joined().utf8))
                case .run(let command): try command.run()
                }
                exit(0)
            case .deck:
                guard let command = try DeckCommand.parse(Array(arguments.dropFirst())) else {
                    try writeHelp(DeckCommand.help)
                    exit(0)
                }
                command.run()
            case .status:
                guard let command = try StatusCommand.parse(Array(arguments.dropFirst())) else {
                    try writeHelp(StatusCommand.help)
                    exit(0)
                }
                command.run()
            case .send:
                guard let command = try SendCommand.parse(Array(arguments.dropFirst())) else {
                    try writeHelp(SendCommand.help)
                    exit(0)
                }
                command.run()
            case .live, nil:
                break
            }
            switch try LiveCommand.parse(arguments) {
            case .help:
                try writeHelp(LiveCommand.help)
            case .version:
                try writeOrExit(Array((BuildVersion.versionLine + "\n").utf8))
            case .completionScript(let shell):
                try writeOrExit(Array(CompletionScript.make(for: shell).utf8))
            case .manual:
                try writeOrExit(Array(ManualPage.text.utf8))
            case .run(let command):
                command.run()
            }
            exit(0)
        } catch {
            error.report()
            exit(error.exitCode)
        }
    }

    /// Writes help text to standard output, wrapped to the terminal's width when it is one.
    private static func writeHelp(_ text: String) throws(CLIError) {
        try writeOrExit(Array(HelpText.forStandardOutput(text).utf8))
    }
}
