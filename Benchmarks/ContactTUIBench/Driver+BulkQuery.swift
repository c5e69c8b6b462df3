import Foundation

/// The Bulk API 2.0 rows: `list --bulk` against `list --no-bulk`, side by side against one org.
extension Driver {
    /// `list` of 100,000 contacts through a Bulk API 2.0 query job and through REST paging, from
    /// one `contact-tui mock-org`, interleaved round by round (each round in the other order) so
    /// that load from elsewhere falls on both; the wall ratio is the median of the rounds' own
    /// ratios. The API calls of a run are the org's count (`/limits`) before and after it.
    mutating func bulkQuery() throws {
        let mock = try startMockOrg(contacts: 100_000, ["--api-limit", "1000000000"])
        defer { mock.child.stop() }
        func list(_ mode: String) throws -> (seconds: Double, calls: Int, output: String) {
            let before = try apiCalls(mock)
            let (usage, output) = try runToEnd(
                contactTUI,
                [
                    "list", mode, "--instance-url", mock.url, "--access-token-file", "-", "--query",
                    Self.listQuery, "--format", "tsv",
                ], input: mock.tokenLine)
            // The second `/limits` call is counted too.
            return (usage.wallSeconds, try apiCalls(mock) - before - 1, output)
        }
        let (bulkWarm, restWarm) = (try list("--bulk"), try list("--no-bulk"))
        guard bulkWarm.output == restWarm.output, restWarm.output.split(separator: "\n").count == 100_001 else {
            throw BenchFailure("list --bulk and list --no-bulk printed different output")
        }
        var bulk: [(seconds: Double, calls: Int, output: String)] = []
        var rest: [(seconds: Double, calls: Int, output: String)] = []
        for round in 0..<Self.bulkQueryRounds {
            if round.isMultiple(of: 2) {
                bulk.append(try list("--bulk"))
                rest.append(try list("--no-bulk"))
            } else {
                rest.append(try list("--no-bulk"))
                bulk.append(try list("--bulk"))
            }
        }
        let ratios = zip(bulk, rest).map { $0.seconds / $1.seconds }
        log("  bulk / REST wall, round by round: " + ratios.map { String(format: "%.2f", $0) }.joined(separator: " "))
        let ratio = median(ratios)
        let name = "`contact-tui list --bulk` 100,000 contacts (Bulk API 2.0 query job, results as one stream)"
        rows.append(
            Row(
                what: name + " (wall, loopback, median of \(Self.bulkQueryRounds))",
                measured: format(seconds: median(bulk.map(\.seconds))), goal: "≤ 0.7x `list --no-bulk`",
                peer: format(seconds: median(rest.map(\.seconds))) + " `list --no-bulk` (REST pages)",
                ratio: String(format: "%.2fx (median of the rounds' ratios)", ratio),
                verdict: ratio <= 0.7 ? "met" : "missed"))
        let bulkCalls = bulk.map(\.calls).max() ?? 0
        let restCalls = rest.map(\.calls).max() ?? 0
        let share = Double(bulkCalls) / Double(max(restCalls, 1))
        rows.append(
            Row(
                what: name + " (API calls)", measured: "\(bulkCalls) calls",
                goal: "— (≤ 1% at 1,000,000 is the issue's goal)", peer: "\(restCalls) calls `list --no-bulk`",
                ratio: String(format: "%.0f%%", share * 100), verdict: "—"))
    }

    /// Rounds of the bulk rows: the median of this many runs of each.
    private static let bulkQueryRounds = 5

    /// The API calls the org has counted so far (`DailyApiRequests` of `/limits`, this call included).
    func apiCalls(_ mock: Server) throws -> Int {
        let reply = try HTTPProbe.send(
            "GET", port: mock.port, path: "/services/data/v66.0/limits",
            headers: ["Authorization": "Bearer " + mock.token])
        let limits = try JSONSerialization.jsonObject(with: Data(reply.body)) as? [String: Any]
        guard let daily = limits?["DailyApiRequests"] as? [String: Any], let maximum = daily["Max"] as? Int,
            let remaining = daily["Remaining"] as? Int
        else { throw BenchFailure("/limits answered \(reply.status)") }
        return maximum - remaining
    }
}
