import MockOrg

/// The org's own SplitMix64 generator, shared so that there is one: a failing property run
/// is replayed by its seed.
package typealias SeededGenerator = SeededRandom
