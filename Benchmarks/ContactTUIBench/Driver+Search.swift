import Foundation

/// The org search row: a keystroke to the org's results on screen, against 1,000,000 contacts.
extension Driver {
    /// `/` and a text typed in the list's model (the default query's first page loaded, sending
    /// through RestCore as the app does) against `contact-tui mock-org --contacts 1000000`; the
    /// time from the last keystroke to the frame that shows the org's results, the 200 ms pause
    /// in typing included. The median over several texts after a first search.
    mutating func orgSearch() throws {
        let mock = try startMockOrg(contacts: 1_000_000)
        defer { mock.child.stop() }
        let output = try runToEnd(selfPath, ["search", mock.url], input: mock.tokenLine).1
        let figures = Self.figures(output)
        let texts = SearchMode.texts
        let samples = try texts.map { text in
            guard let seconds = figures["search \(text)"].flatMap(Double.init) else {
                throw BenchFailure("search printed: \(output)")
            }
            return seconds
        }
        guard let first = figures["first"].flatMap(Double.init) else { throw BenchFailure("search printed: \(output)") }
        for text in texts {
            log("  \(text): \(figures["search \(text)"] ?? "?") s, \(figures["found \(text)"] ?? "?") org rows")
        }
        let middle = median(samples)
        let slowest = samples.max() ?? 0
        rows.append(
            Row(
                what: "Org search: the last key of a text typed after `/` to the frame showing the org's results "
                    + "(100x30, the 200 ms typing pause included; the list's model through RestCore), 1,000,000 "
                    + "contacts (median of \(texts.count) texts after a first search)",
                measured: format(seconds: middle) + " (slowest \(format(seconds: slowest)); first search "
                    + format(seconds: first) + ")",
                goal: "< 300 ms", verdict: middle < 0.3 ? "met" : "missed"))
        rows.append(
            Row(
                what: "Org search: the first search of a session, as above, right after the org listens and the "
                    + "first page loads",
                measured: format(seconds: first), goal: "< 300 ms", verdict: first < 0.3 ? "met" : "missed"))
    }
}
