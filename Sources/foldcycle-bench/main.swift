import FoldCycle
internal import FoldCyclePlatform
import Foundation

// Top-level code is main-actor isolated: parse here, then hand over to the nonisolated runner.
do {
    guard let options = try BenchOptions.parse(Array(CommandLine.arguments.dropFirst())) else {
        print(BenchOptions.help, terminator: "")
        exit(0)
    }
    exit(BenchRunner.run(options))
} catch {
    TerminalDevice.standardError.writeIgnoringFailure(
        """
        Error: \(error.message)
        Usage: foldcycle-bench [OPTIONS]
          See 'foldcycle-bench --help' for more information.

        """)
    exit(64)
}
