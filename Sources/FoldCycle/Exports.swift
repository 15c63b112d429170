// FoldCycle turns cells into bytes; the pure math and state (geometry, timing, transitions,
// the cycler and its clocks) live in FoldCycleCore and the picture decoders in FoldCycleImageIO,
// which this module re-exports so that `import FoldCycle` gives all three.
@_exported import FoldCycleCore
@_exported import FoldCycleImageIO
