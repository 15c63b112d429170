import FoldCycle

/// A deterministic pseudo-random generator for reproducible property tests: the deck's own
/// SplitMix64 generator (``SeededGenerator``; Steele, Lea and Flood 2014), so the same seed gives
/// the same sequence on every machine.
package typealias SeededRandom = SeededGenerator
