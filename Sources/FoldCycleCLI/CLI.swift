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
            case .render:
                switch try RenderCommand.parse(Array(arguments.dropFirst())) {
                case .help: try writeOrExit(Array(RenderCommand.help.utf8))
                case .listTransitions:
                    try writeOrExit(Array(TransitionKind.allCases.map { "\($0)\n" }.joined().utf8))
                case .run(let command): try command.run()
                }
                exit(0)
            case .deck:
                guard let command = try DeckCommand.parse(Array(arguments.dropFirst())) else {
                    try writeOrExit(Array(DeckCommand.help.utf8))
                    exit(0)
                }
                command.run()
            case .status:
                guard let command = try StatusCommand.parse(Array(arguments.dropFirst())) else {
                    try writeOrExit(Array(StatusCommand.help.utf8))
                    exit(0)
                }
                command.run()
            case .send:
                guard let command = try SendCommand.parse(Array(arguments.dropFirst())) else {
                    try writeOrExit(Array(SendCommand.help.utf8))
                    exit(0)
                }
                command.run()
            case .live, nil:
                break
            }
            switch try LiveCommand.parse(arguments) {
            case .help:
                try writeOrExit(Array(LiveCommand.help.utf8))
            case .version:
                try writeOrExit(Array("foldcycle \(LiveCommand.version)\n".utf8))
            case .run(let command):
                command.run()
            }
            exit(0)
        } catch {
            error.report()
            exit(error.exitCode)
        }
    }
}
