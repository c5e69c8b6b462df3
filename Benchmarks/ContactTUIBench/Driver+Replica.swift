import Foundation

extension Driver {
    /// Re-opening a 100,000-contact list from the local replica against opening it without one,
    /// to the moment `/` covers every row, on loopback and over the 25 ms link; the API calls the
    /// re-open makes; and after 50 changes by another client, whether the synced list equals a
    /// fresh load row for row.
    mutating func replicaReopen() throws {
        let mock = try startMockOrg(contacts: 100_000, ["--api-limit", "1000000000"])
        defer { mock.child.stop() }
        let relay = try LinkRelay(forwardingTo: mock.port, delay: Self.linkDelay, bitsPerSecond: Self.linkBitsPerSecond)
        defer { relay.stop() }
        for (link, url) in [("loopback", mock.url), ("a 25 ms, 50 Mbit/s link", "http://127.0.0.1:\(relay.port)")] {
            let output = try runToEnd(selfPath, ["replica", url], input: mock.tokenLine).1
            let figures = Self.figures(output)
            guard let without = figures["without"].flatMap(Double.init),
                let with = figures["with"].flatMap(Double.init),
                let synced = figures["synced"].flatMap(Double.init),
                let calls = figures["calls"].flatMap(Int.init)
            else { throw BenchFailure("replica printed: \(output)") }
            log(
                "  \(link): without \(format(seconds: without)), with \(format(seconds: with)) (its file read alone "
                    + "\(figures["read"] ?? "?") s), synced at \(format(seconds: synced)), \(calls) calls")
            log("  after 50 changes: \(figures["changed calls"] ?? "?") calls, \(figures["changed rows"] ?? "?") rows")
            let ratio = without / max(with, 0.000_001)
            rows.append(
                Row(
                    what: "Re-open a 100,000-contact list with the replica until `/` covers every row (its file read, "
                        + "every row shown, the sync sent), over \(link)",
                    measured: format(seconds: with) + " (synced at \(format(seconds: synced))), \(calls) API calls",
                    goal: "≥ 20x faster, ≤ 4 calls",
                    peer: "without the replica (first page, G, y): " + format(seconds: without),
                    ratio: String(format: "%.1fx", ratio), verdict: ratio >= 20 && calls <= 4 ? "met" : "missed"))
            let equal = figures["equal"] == "true"
            rows.append(
                Row(
                    what: "After 50 changes by another client (10 created, 20 updated of which 5 leave the list, 20 "
                        + "deleted), the synced list against a fresh load, over \(link)",
                    measured: (equal ? "equal row for row" : "different")
                        + " (\(figures["changed calls"] ?? "?") calls, \(figures["changed rows"] ?? "?") rows)",
                    goal: "equal", verdict: equal ? "met" : "missed"))
        }
    }
}
