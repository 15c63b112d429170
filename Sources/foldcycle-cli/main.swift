import FoldCycleCLI

// The executable `foldcycle`: everything it does lives in the FoldCycleCLI library target,
// where it is unit-tested.
FoldCycleCLI.main(Array(CommandLine.arguments.dropFirst()))
