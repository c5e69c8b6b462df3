import ArgumentParser

/// What every mock org is started with, `mock-org` and `browse --demo` alike: its size, its
/// latency and how often a write fails. One declaration and one check for both commands.
struct MockOrgOptions: ParsableArguments {
    /// The contacts a mock org can hold.
    static let contactRange = 0...1_000_000
    /// Up to ten minutes: more is no latency but a hang.
    static let latencyRange = 0...600_000

    @Option(help: "The number of contacts in the mock org (up to 1000000); accounts and cases scale with it.")
    var contacts = 200

    @Option(help: "Milliseconds of latency added to every request (up to 600000).")
    var latency = 0

    @Option(help: "The probability (0...1) that a write fails with UNABLE_TO_LOCK_ROW.")
    var failRate: Double = 0

    func validate() throws {
        try OptionRange.check(contacts, "--contacts", in: Self.contactRange)
        try OptionRange.check(latency, "--latency", in: Self.latencyRange, unit: "milliseconds")
        try OptionRange.check(failRate, "--fail-rate", in: 0...1)
    }
}
