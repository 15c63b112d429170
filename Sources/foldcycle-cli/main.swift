import FoldCycle
import FoldCycleCLI
internal import FoldCyclePlatform

// The executable `foldcycle`: everything it does lives in the FoldCycleCLI library target,
// where it is unit-tested. The one place the program exits (docs/decisions/0015-exit-paths.md).
// `exit` is the C library's, which FoldCyclePlatform re-exports to the package's modules.
// Termination signals stay caught until the end: a second one while the recordings and summaries
// are written after the restore (Ctrl-C twice, a closed window's two SIGHUPs) must not cut them.
TerminalSession.keepTerminationSignalsCaughtUntilExit()
let status = FoldCycleCLI.run(Array(CommandLine.arguments.dropFirst()))
// Ended by Ctrl-C, SIGTERM or a hang-up: die of that signal, the terminal already restored.
if let number = FoldCycleCLI.terminationSignal(forExitStatus: status) { Platform.end(bySignal: number) }
exit(status)
