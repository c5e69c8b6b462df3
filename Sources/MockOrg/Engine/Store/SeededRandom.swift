/// A small deterministic generator (SplitMix64): the same seed gives the same data on every platform.
package struct SeededRandom: RandomNumberGenerator, Sendable {
    private var state: UInt64

    package init(seed: UInt64) {
        state = seed
    }

    /// A generator for one record, independent of how many records came before it.
    init(seed: UInt64, stream: UInt64, index: Int) {
        state = seed &* 0x9E37_79B9_7F4A_7C15 ^ stream &* 0xBF58_476D_1CE4_E5B9 ^ UInt64(index) &* 0x94D0_49BB_1331_11EB
        _ = next()
    }

    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniformly chosen integer in `0..<bound`.
    package mutating func below(_ bound: Int) -> Int {
        Int(next() % UInt64(bound))
    }

    /// An element of a non-empty array.
    package mutating func pick<T>(_ items: [T]) -> T {
        items[below(items.count)]
    }

    /// True with the given probability.
    package mutating func chance(_ probability: Double) -> Bool {
        Double(next() >> 11) / Double(1 << 53) < probability
    }
}
