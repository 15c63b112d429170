/// A seeded pseudo-random generator (SplitMix64), so that the deck's entry offsets are the same
/// on every run with the same seed and tests can state them exactly.
///
/// Source: Steele, Lea and Flood, "Fast splittable pseudorandom number generators" (2014), the
/// generator Java's `SplittableRandom` uses.
package struct SeededGenerator: RandomNumberGenerator, Hashable, Sendable {
    /// The state, advanced by the golden-ratio increment on every draw.
    package private(set) var state: UInt64

    /// Creates a generator; the same seed gives the same sequence.
    package init(seed: UInt64) {
        state = seed
    }

    /// The next 64 random bits.
    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0 ..< 1` with 53 random bits: `(next() >> 11) / 2^53`.
    package mutating func nextUnitInterval() -> Double {
        Double(next() >> 11) * 0x1p-53
    }
}
