// FoldCycle turns cells into bytes; the pure math and state (geometry, timing, transitions,
// the cycler and its clocks) live in FoldCycleCore, which this module re-exports so that
// `import FoldCycle` gives both.
@_exported import FoldCycleCore
