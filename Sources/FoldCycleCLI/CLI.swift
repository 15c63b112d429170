import FoldCycle
internal import FoldCyclePlatform

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The `foldcycle` command line tool: parses the arguments, runs the live cycler or a
/// subcommand, and returns the documented exit code (0 done, 64 usage, 66 unreadable input,
/// 1 runtime error, 128 + N on signal N) for `main` to exit with: only `main` exits
/// (docs/decisions/0015-exit-paths.md).
package enum FoldCycleCLI {
    /// Opens `/dev/null` onto each of descriptors 0, 1 and 2 that is closed at start (`<&-`,
    /// `>&-`), so that no file, socket or terminal opened later takes its number and is read or
    /// written as a standard stream (issue 34, 6: `deck <&-` read its items from the keyboard,
    /// `send … >&-` echoed its own socket back).
    ///
    /// The descriptors found closed are kept in ``closedAtStart``: reading `--file -` from a
    /// closed standard input is still an error that says so, not an empty input.
    static func openNullOntoClosedStandardDescriptors() {
        for descriptor: Int32 in 0...2 where fcntl(descriptor, F_GETFD) == -1 && errno == EBADF {
            closedAtStart.withLock { _ = $0.insert(descriptor) }
            let opened = Platform.open("/dev/null", O_RDWR)
            if opened >= 0, opened != descriptor { Platform.close(opened) }
        }
    }

    /// The standard descriptors (0, 1, 2) that were closed when the run started and now hold
    /// `/dev/null` (``openNullOntoClosedStandardDescriptors()``).
    static let closedAtStart = LockedBox<Set<Int32>>([])

    /// Runs `foldcycle` with `arguments` (without the program name) to the end; returns the exit
    /// status. A live run, a deck and `render --play` wait on the calling thread while their
    /// queues work.
    package static func run(_ arguments: [String]) -> Int32 {
        // A closed pipe must come back as EPIPE from write(2), not kill the process.
        signal(SIGPIPE, SIG_IGN)
        openNullOntoClosedStandardDescriptors()
        do throws(CLIError) {
            return try runCommand(arguments)
        } catch {
            error.report()
            return error.exitCode
        }
    }

    /// The signal a run that ended with `status` dies of, once everything is restored, so that
    /// a calling shell sees the signal as for any program (a `for` loop stops at Ctrl-C; the
    /// status it reports stays 128 + N): SIGINT for 130 (Ctrl-C, typed or sent), SIGTERM for 143,
    /// SIGHUP for 129 (a hang-up, a lost terminal); nil otherwise. SIGQUIT (131) is not raised
    /// again: its default action dumps core.
    package static func terminationSignal(forExitStatus status: Int32) -> Int32? {
        switch status {
        case 128 + SIGINT: SIGINT
        case 128 + SIGTERM: SIGTERM
        case 128 + SIGHUP: SIGHUP
        default: nil
        }
    }

    private static func runCommand(_ arguments: [String]) throws(CLIError) -> Int32 {
        switch arguments.first.flatMap(CLICommand.subcommand(named:)) {
        case .help:
            try writeHelp(try CLICommand.helpTopic(Array(arguments.dropFirst())).helpText)
            return 0
        case .render:
            switch try RenderCommand.parse(Array(arguments.dropFirst())) {
            case .help: try writeHelp(RenderCommand.help)
            case .listTransitions:
                try writeToStandardOutput(Array(TransitionKind.allCases.map { "\($0)\n" }.joined().utf8))
            case .run(let command): return try command.run()
            }
            return 0
        case .deck:
            guard let command = try DeckCommand.parse(Array(arguments.dropFirst())) else {
                try writeHelp(DeckCommand.help)
                return 0
            }
            return try command.run()
        case .status:
            guard
                let command = try StatusCommand.parse(
                    Array(arguments.dropFirst()), standardInputIsPiped: LiveCommand.standardInputIsPiped())
            else {
                try writeHelp(StatusCommand.help)
                return 0
            }
            return command.run()
        case .send:
            guard let command = try SendCommand.parse(Array(arguments.dropFirst())) else {
                try writeHelp(SendCommand.help)
                return 0
            }
            return try command.run()
        case .run:
            guard let command = try RunCommand.parse(Array(arguments.dropFirst())) else {
                try writeHelp(RunCommand.help)
                return 0
            }
            return try command.run()
        case .live, nil:
            break
        }
        switch try LiveCommand.parse(arguments, standardInputIsPiped: LiveCommand.standardInputIsPiped()) {
        case .help:
            try writeHelp(LiveCommand.help)
        case .version:
            try writeToStandardOutput(Array((BuildVersion.versionLine + "\n").utf8))
        case .completionScript(let shell):
            try writeToStandardOutput(Array(CompletionScript.make(for: shell).utf8))
        case .manual:
            try writeToStandardOutput(Array(ManualPage.text.utf8))
        case .run(let command):
            return try command.run()
        }
        return 0
    }

    /// Writes help text to standard output, wrapped to the terminal's width when it is one.
    private static func writeHelp(_ text: String) throws(CLIError) {
        try writeToStandardOutput(Array(HelpText.forStandardOutput(text).utf8))
    }
}
