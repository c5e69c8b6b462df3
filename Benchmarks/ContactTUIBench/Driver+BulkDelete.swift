import Foundation

/// Bulk delete against single deletes, side by side in one run against one org.
extension Driver {
    /// 1,000 marked contacts deleted with `d` `y` at `mock-org --latency 50`, next to 1,000 single
    /// `d` deletes as the app sends them, both through the list's model and RestCore.
    mutating func bulkDelete() throws {
        let count = 1000
        let mock = try startMockOrg(contacts: 2 * count + 500, ["--latency", "50"])
        defer { mock.child.stop() }
        let figures = Self.figures(
            try runToEnd(selfPath, ["bulk-deletes", mock.url, "\(count)"], input: mock.tokenLine).1)
        func number(_ name: String) -> Double? { figures[name].flatMap(Double.init) }
        guard let single = number("single seconds"), let bulk = number("bulk seconds"),
            let singleRequests = figures["single requests"], let bulkRequests = number("bulk requests")
        else { throw BenchFailure("bulk-deletes printed \(figures)") }
        let ratio = single / max(bulk, 1e-9)
        rows.append(
            Row(
                what:
                    "\(count) marked contacts deleted with `d` `y` at `mock-org --latency 50` (wall, the list's model "
                    + "through RestCore; \(figures["bulk deleted"] ?? "?") deleted, \(figures["bulk refused"] ?? "?") "
                    + "refused for their Cases)",
                measured: format(seconds: bulk) + ", \(Int(bulkRequests)) requests",
                goal: "≤ 5 requests, ≥ 10x faster than single deletes",
                peer: "\(count) single `d` deletes: " + format(seconds: single) + ", \(singleRequests) requests",
                ratio: String(format: "%.0fx", ratio),
                verdict: bulkRequests <= 5 && ratio >= 10 ? "met" : "missed"))
    }
}
