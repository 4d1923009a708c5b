// A tiny deterministic random number generator for the generated tests (SplitMix64, Steele et al.
// 2014): the same seed gives the same documents on every machine and run, so a failure's seed
// reproduces it exactly. Not for cryptography.

/// SplitMix64: 64 bits of state, one multiply-xorshift round per number.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// `true` with probability `1 / n`.
    mutating func oneIn(_ n: Int) -> Bool { Int.random(in: 0..<n, using: &self) == 0 }

    /// A random element of a non-empty collection.
    mutating func pick<C: Collection>(_ choices: C) -> C.Element {
        choices[choices.index(choices.startIndex, offsetBy: Int.random(in: 0..<choices.count, using: &self))]
    }
}

/// The seeds a generated test runs: `count` consecutive seeds from a fixed base, so a run is the
/// same every time and a failure names the one seed to replay.
func generatedSeeds(_ count: Int, base: UInt64) -> Range<UInt64> {
    base..<(base + UInt64(count))
}
