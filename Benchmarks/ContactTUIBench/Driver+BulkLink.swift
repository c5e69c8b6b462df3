import Foundation
import Glibc

/// The Bulk API 2.0 rows past loopback: a link like a user's (`LinkRelay`), and a million contacts.
extension Driver {
    /// The link of the issue's measurement: 25 ms each way, 50 Mbit/s.
    static let linkDelay = 0.025
    static let linkBitsPerSecond = 50e6

    /// `list` of 100,000 contacts through a `LinkRelay`: by REST paging, by `--bulk` (its results
    /// as one stream), and simple-salesforce's `query_all`, round by round in turn. The goal
    /// for bulk: within 2x of the link's own limit, the bytes it carried toward the client over
    /// the rate plus two round trips, once the mock's job time (measured apart, on the same org,
    /// without the relay) is taken off.
    mutating func bulkQueryOverLink() throws {
        let mock = try startMockOrg(contacts: 100_000, ["--api-limit", "1000000000"])
        defer { mock.child.stop() }
        let relay = try LinkRelay(
            forwardingTo: mock.port, delay: Self.linkDelay, bitsPerSecond: Self.linkBitsPerSecond)
        defer { relay.stop() }
        let url = "http://127.0.0.1:\(relay.port)"
        struct Run {
            var seconds: Double
            var bytesDown: Int
            var output: String
        }
        func measure(_ program: String, _ arguments: [String]) throws -> Run {
            let before = relay.down.bytes
            let (usage, output) = try runToEnd(program, arguments, input: mock.tokenLine)
            return Run(seconds: usage.wallSeconds, bytesDown: relay.down.bytes - before, output: output)
        }
        func list(_ mode: String) throws -> Run {
            try measure(
                contactTUI,
                [
                    "list", mode, "--instance-url", url, "--access-token-file", "-", "--query", Self.listQuery,
                    "--format", "tsv",
                ])
        }
        let python = ["\(scripts)/query_all.py", url, Self.listQuery]
        var rest: [Run] = []
        var bulk: [Run] = []
        var peer: [Run] = []
        var jobs: [Double] = []
        for _ in 0..<Self.linkRounds {
            rest.append(try list("--no-bulk"))
            bulk.append(try list("--bulk"))
            peer.append(try measure("python3", python))
            jobs.append(try jobSeconds(mock, soql: Self.listQuery))
        }
        guard bulk[0].output == rest[0].output, rest[0].output.split(separator: "\n").count == 100_001 else {
            throw BenchFailure("list --bulk and list --no-bulk printed different output over the link")
        }
        let bulkSeconds = median(bulk.map(\.seconds))
        let job = median(jobs)
        let bytes = bulk.map(\.bytesDown).max() ?? 0
        let limit = Double(bytes) / relay.down.bytesPerSecond + 2 * relay.roundTrip
        let ratio = (bulkSeconds - job) / limit
        let link = "over a 25 ms each way, 50 Mbit/s link (median of \(Self.linkRounds))"
        rows.append(
            Row(
                what: "`contact-tui list --bulk` 100,000 contacts " + link,
                measured: format(seconds: bulkSeconds) + " (of which the mock's job \(format(seconds: job)))",
                goal: "≤ 2x the link's limit once the job is off",
                peer: format(seconds: limit) + " link limit (" + format(bytes: bytes)
                    + " at 50 Mbit/s + 2 round trips)",
                ratio: String(format: "%.2fx the limit", ratio), verdict: ratio <= 2 ? "met" : "missed"))
        for (who, runs) in [("`contact-tui list --no-bulk`", rest), ("simple-salesforce `query_all`", peer)] {
            let seconds = median(runs.map(\.seconds))
            rows.append(
                Row(
                    what: who + " 100,000 contacts " + link, measured: format(seconds: seconds),
                    goal: "— (the bulk row's peer)", peer: format(seconds: bulkSeconds) + " `list --bulk`",
                    ratio: String(format: "bulk %.2fx faster", seconds / bulkSeconds), verdict: "reported"))
        }
    }

    /// Rounds of the link rows.
    private static let linkRounds = 3
    /// Rounds of the 1,000,000 rows.
    private static let millionRounds = 3

    /// `list --bulk` of 1,000,000 contacts against `list --no-bulk` (API calls and wall time) and
    /// against simple-salesforce's `bulk2` download of the same query (wall time, peak memory),
    /// on loopback, after a first job has made the org's sort order; the org's resident memory
    /// before and at the most during the job, which must not grow by a second copy of the org.
    /// Calls are counted as Salesforce counts them: every request under `/services/data`
    /// (the job's create, the describes, each poll and each piece of results).
    mutating func bulkQueryMillion() throws {
        let mock = try startMockOrg(contacts: 1_000_000, ["--api-limit", "1000000000"])
        defer { mock.child.stop() }
        func list(_ mode: String) throws -> (usage: Child.Usage, calls: Int, output: String) {
            let before = try apiCalls(mock)
            let (usage, output) = try runToEnd(
                contactTUI,
                [
                    "list", mode, "--instance-url", mock.url, "--access-token-file", "-", "--query",
                    Self.listQuery, "--format", "tsv",
                ], input: mock.tokenLine)
            return (usage, try apiCalls(mock) - before - 1, output)
        }
        // The org builds the query's sort order on its first run (about a second at this size):
        // a job first, so that neither side measured pays for it.
        _ = try jobSeconds(mock, soql: Self.listQuery)
        let directory = NSTemporaryDirectory() + "contact-tui-bench-bulk2-\(getpid())"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var jobs: [Double] = []
        var bulkRuns: [(usage: Child.Usage, calls: Int)] = []
        var restRuns: [(usage: Child.Usage, calls: Int)] = []
        var peerRuns: [(usage: Child.Usage, calls: Int)] = []
        var orgBefore = 0
        var orgPeak = 0
        // Rounds, each side in turn, so that load from elsewhere falls on all; medians.
        for round in 0..<Self.millionRounds {
            jobs.append(try jobSeconds(mock, soql: Self.listQuery))
            // A child's peak RSS from wait4 is at least the bench's own peak when it was forked
            // (Linux carries the forked image's high-water mark over exec): the peak memory rows
            // take the first round, where both clients start before the bench held any output.
            let peerBefore = try apiCalls(mock)
            let (peer, _) = try runToEnd(
                "python3", ["\(scripts)/bulk2_download.py", mock.url, Self.listQuery, directory],
                input: mock.tokenLine)
            peerRuns.append((peer, try apiCalls(mock) - peerBefore - 1))
            if round == 0 { orgBefore = mock.child.currentRSS }
            let peak = round == 0 ? PeakSampler(pid: mock.child.pid) : nil
            let bulk = try list("--bulk")
            if let peak { orgPeak = peak.stop() }
            let rest = try list("--no-bulk")
            if round == 0 {
                guard bulk.output == rest.output, rest.output.split(separator: "\n").count == 1_000_001 else {
                    throw BenchFailure("list --bulk and list --no-bulk printed different output for 1,000,000")
                }
            }
            bulkRuns.append((bulk.usage, bulk.calls))
            restRuns.append((rest.usage, rest.calls))
        }
        func middle(_ runs: [(usage: Child.Usage, calls: Int)]) -> (usage: Child.Usage, calls: Int) {
            runs.sorted { $0.usage.wallSeconds < $1.usage.wallSeconds }[runs.count / 2]
        }
        let (bulk, rest, peer) = (middle(bulkRuns), middle(restRuns), middle(peerRuns))
        let job = median(jobs)
        let peerCalls = peer.calls
        log(
            "  1,000,000 rounds (job, bulk, REST, bulk2 s; bulk calls): "
                + (0..<jobs.count).map {
                    String(
                        format: "%.2f/%.2f/%.2f/%.2f;%d", jobs[$0], bulkRuns[$0].usage.wallSeconds,
                        restRuns[$0].usage.wallSeconds, peerRuns[$0].usage.wallSeconds, bulkRuns[$0].calls)
                }.joined(separator: " "))

        let name = "`contact-tui list --bulk` 1,000,000 contacts (loopback, median of \(Self.millionRounds))"
        let share = Double(bulk.calls) / Double(max(rest.calls, 1))
        rows.append(
            Row(
                what: name + " (API calls, every request counted as Salesforce counts it)",
                measured: "\(bulk.calls) calls: the create, one Composite (the describes and the count), "
                    + "\(bulk.calls - 3) poll\(bulk.calls - 3 == 1 ? "" : "s"), and the results as one stream of all "
                    + "the job's records",
                goal: "≤ 1% of `list --no-bulk`",
                peer: "\(rest.calls) calls `list --no-bulk`; \(peerCalls) simple-salesforce `bulk2`",
                ratio: String(format: "%.1f%%", share * 100), verdict: share <= 0.01 ? "met" : "missed"))
        let wall = bulk.usage.wallSeconds / rest.usage.wallSeconds
        rows.append(
            Row(
                what: name + " (wall)",
                measured: format(seconds: bulk.usage.wallSeconds)
                    + " (of which the mock's job \(format(seconds: job)))",
                goal: "≤ 0.7x `list --no-bulk`", peer: format(seconds: rest.usage.wallSeconds) + " `list --no-bulk`",
                ratio: String(format: "%.2fx", wall), verdict: wall <= 0.7 ? "met" : "missed"))
        let faster = peer.usage.wallSeconds / bulk.usage.wallSeconds
        rows.append(
            Row(
                what: name + " vs simple-salesforce `bulk2` download (wall)",
                measured: format(seconds: bulk.usage.wallSeconds) + ", CPU " + format(seconds: bulk.usage.cpuSeconds)
                    + ", peak RSS " + format(bytes: bulkRuns[0].usage.peakRSS) + " (first round)",
                goal: "≥ 3x faster",
                peer: format(seconds: peer.usage.wallSeconds) + ", CPU " + format(seconds: peer.usage.cpuSeconds)
                    + ", peak RSS " + format(bytes: peerRuns[0].usage.peakRSS) + " (first round)",
                ratio: String(format: "%.1fx faster", faster), verdict: faster >= 3 ? "met" : "missed"))
        // Both clients wait for the same job; what each does after it is theirs.
        let ours = max(bulk.usage.wallSeconds - job, 0)
        let theirs = max(peer.usage.wallSeconds - job, 0)
        rows.append(
            Row(
                what: name + " vs `bulk2`, the job's time taken off both",
                measured: format(seconds: ours) + " after the job",
                goal: "— (the breakdown of the row above)",
                peer: format(seconds: theirs) + " simple-salesforce after the job (job " + format(seconds: job) + ")",
                ratio: String(format: "%.1fx faster", theirs / max(ours, 0.001)), verdict: "reported"))
        rows.append(
            Row(
                what: "MockOrg resident memory during the 1,000,000-row job",
                measured: format(bytes: orgPeak) + " at the most",
                goal: "no second copy of the org (grows by far less than its \(format(bytes: orgBefore)))",
                peer: format(bytes: orgBefore) + " before",
                ratio: String(format: "+%.0f%%", Double(orgPeak - orgBefore) / Double(max(orgBefore, 1)) * 100),
                verdict: Double(orgPeak - orgBefore) < 0.5 * Double(orgBefore) ? "met" : "missed"))
        notes.append(
            "API calls are counted as Salesforce counts them: Salesforce's \"API Request Limits and Allocations\" "
                + "says its limits \"apply to Salesforce Platform SOAP and REST APIs and any other API built on "
                + "those frameworks, unless noted otherwise\", and Bulk API 2.0's query pages note no exemption "
                + "for a job's create, its info (the polls), `resultPages` or `results`; so each is one call, "
                + "as the org's `/limits` `DailyApiRequests` counts here.")
        notes.append(
            "Without `maxRecords` the org sizes a piece of results itself: Get Results for a Query Job (API "
                + "47.0) says that without a locator \"the request returns as many rows as can be listed\", and of "
                + "`maxRecords` that \"the request is still subject to the size limits\"; the current page adds "
                + "that without it the server uses a default based on the service. `resultPages` takes only the "
                + "job's id and \"returns up to five URIs in one response\" (Get Parallel Results for a Query "
                + "Job, API 58.0). Salesforce publishes no default size; the "
                + "mock's is 32 MB of CSV lines a piece. `list --bulk` asks for all of the job's records "
                + "(`maxRecords`) in one piece, read as it arrives, and follows `Sforce-Locator` if the org cuts it.")
    }

    /// The mock's own time for a query job of `soql`, asked for directly: from the create to the
    /// first answer that says `JobComplete`, polled every 2 ms.
    func jobSeconds(_ mock: Server, soql: String) throws -> Double {
        let auth = ["Authorization": "Bearer " + mock.token]
        let body = try JSONSerialization.data(withJSONObject: ["operation": "query", "query": soql])
        let started = Date()
        let created = try HTTPProbe.send(
            "POST", port: mock.port, path: "/services/data/v66.0/jobs/query",
            headers: auth.merging(["Content-Type": "application/json"]) { $1 }, body: Array(body))
        guard let job = try JSONSerialization.jsonObject(with: Data(created.body)) as? [String: Any],
            let id = job["id"] as? String
        else { throw BenchFailure("the job was not created: \(created.status)") }
        while Date().timeIntervalSince(started) < 120 {
            let info = try HTTPProbe.send(
                "GET", port: mock.port, path: "/services/data/v66.0/jobs/query/" + id, headers: auth)
            let state = (try JSONSerialization.jsonObject(with: Data(info.body)) as? [String: Any])?["state"] as? String
            if state == "JobComplete" { return Date().timeIntervalSince(started) }
            guard state == "UploadComplete" || state == "InProgress" else {
                throw BenchFailure("the job ended \(state ?? "?")")
            }
            usleep(2_000)
        }
        throw BenchFailure("the job did not complete in 120 s")
    }
}

/// The most resident memory a process reached while it was watched, sampled every 20 ms.
final class PeakSampler: @unchecked Sendable {
    private let lock = NSLock()
    private var peak = 0
    private var running = true

    init(pid: pid_t) {
        Thread { [self] in
            while lock.withLock({ running }) {
                let now = Proc.residentBytes(of: pid)
                lock.withLock { peak = max(peak, now) }
                usleep(20_000)
            }
        }.start()
    }

    /// Stops watching; the peak seen.
    func stop() -> Int {
        lock.withLock {
            running = false
            return peak
        }
    }
}
