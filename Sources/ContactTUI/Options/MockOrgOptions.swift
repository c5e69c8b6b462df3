import ArgumentParser

/// What every mock org is started with, `mock-org` and `browse --demo` alike: its size, its
/// latency and how often a write fails. One declaration and one check for both commands.
struct MockOrgOptions: ParsableArguments {
    /// The contacts a mock org can hold.
    static let contactRange = 0...1_000_000

    @Option(help: "The number of contacts in the mock org (up to 1000000); accounts and cases scale with it.")
    var contacts = 200

    @Option(help: "Milliseconds of latency added to every request.")
    var latency = 0

    @Option(help: "The probability (0...1) that a write fails with UNABLE_TO_LOCK_ROW.")
    var failRate: Double = 0

    func validate() throws {
        guard Self.contactRange.contains(contacts) else {
            throw ValidationError(
                "--contacts must be between \(Self.contactRange.lowerBound) and \(Self.contactRange.upperBound).")
        }
        guard latency >= 0 else { throw ValidationError("--latency must not be negative.") }
        guard (0...1).contains(failRate) else { throw ValidationError("--fail-rate must be between 0 and 1.") }
    }
}
