import FoldCycle
import FoldCycleCLI

// The executable `foldcycle`: everything it does lives in the FoldCycleCLI library target,
// where it is unit-tested. The one place the program exits (DECISIONS.md, "Only main exits").
// `exit` is the C library's, which FoldCycle re-exports (its Platform.swift).
exit(FoldCycleCLI.run(Array(CommandLine.arguments.dropFirst())))
