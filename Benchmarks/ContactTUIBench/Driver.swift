import Foundation
import Glibc
import TestSupport

/// Runs every measurement, each server in a child process of its own, and prints the table.
struct Driver {
    struct Row {
        var what: String
        var measured: String
        var goal: String
        var peer: String = "—"
        var ratio: String = "—"
        var verdict: String
    }

    let contactTUI: String
    let scripts: String
    let selfPath: String
    var rows: [Row] = []
    /// Printed under the table: where a row's method comes from.
    var notes: [String] = []

    static let listQuery = "SELECT Id, Name, Title, Email, Phone, Account.Name FROM Contact ORDER BY Name"

    /// One measurement: the name `--only` picks it by (several steps may share one), what the log
    /// calls it, and the work.
    private struct Step: Sendable {
        let only: String
        let title: String
        let body: @Sendable (inout Driver) throws -> Void
    }

    /// Every step, in the order `make bench` runs them.
    private static let steps = [
        Step(only: "list", title: "contact-tui list of 100,000 vs simple-salesforce") { try $0.listAndThroughput() },
        Step(only: "million", title: "MockOrg at 1,000,000 contacts") { try $0.millionContacts() },
        Step(only: "keys", title: "ContactList keypress CPU and memory") { try $0.contactList() },
        Step(only: "idle", title: "TUI idle in tmux") { try $0.idle() },
        Step(only: "json", title: "JSON: a 2,000-record query page, hand-written vs Foundation") {
            try $0.jsonParsing()
        },
        Step(only: "faults", title: "faults: 100 deletes under --lose-reply-rate 0.5") { try $0.faultDeletes() },
        Step(only: "faults", title: "faults: list of 10,000 under --unavailable-rate 0.3") {
            try $0.listWhileUnavailable()
        },
        Step(only: "faults", title: "faults: an expired cursor mid-list") { try $0.expiredCursor() },
        Step(only: "bulk", title: "bulk delete: 1,000 marked vs 1,000 single deletes at --latency 50") {
            try $0.bulkDelete()
        },
        Step(only: "search", title: "org search over 1,000,000 contacts") { try $0.orgSearch() },
        Step(only: "replica", title: "re-open 100,000 contacts from the replica vs without it") {
            try $0.replicaReopen()
        },
        Step(only: "compression", title: "contact-tui list of 100,000 with and without gzip") { try $0.compression() },
        Step(only: "bulk-query", title: "contact-tui list --bulk of 100,000 vs --no-bulk") { try $0.bulkQuery() },
        Step(only: "bulk-query", title: "list of 100,000 over a 25 ms, 50 Mbit/s link: REST, --bulk, simple-salesforce")
        {
            try $0.bulkQueryOverLink()
        },
        Step(only: "bulk-million", title: "list --bulk of 1,000,000 vs REST and simple-salesforce's bulk2") {
            try $0.bulkQueryMillion()
        },
    ]

    /// The names `--only` takes.
    static var stepNames: [String] { steps.map(\.only).reduce(into: []) { if !$0.contains($1) { $0.append($1) } } }

    /// Runs every step, or only those named `only` (one of `stepNames`).
    mutating func run(only: String? = nil) {
        let started = Date()
        for step in Self.steps where only == nil || only == step.only { self.step(step.title, step.body) }
        log("done in \(Int(Date().timeIntervalSince(started))) s")
        print(table())
    }

    private mutating func step(_ name: String, _ body: (inout Driver) throws -> Void) {
        log(name)
        do {
            try body(&self)
        } catch {
            rows.append(Row(what: name, measured: "failed: \(error)", goal: "—", verdict: "not measured"))
        }
    }

    func log(_ text: String) {
        FileHandle.standardError.write(Data("bench: \(text)\n".utf8))
    }

    // MARK: - Servers

    struct Server {
        let child: Child
        let port: Int
        let url: String
        let token: String
        let startSeconds: Double

        /// A child's standard input with the token: the bench's own modes, `query_all.py` and
        /// `list --access-token-file -` read it there, never from argv or the environment.
        var tokenLine: String { token + "\n" }
    }

    /// Starts `contact-tui mock-org` and waits for its banner.
    func startMockOrg(contacts: Int, _ extra: [String] = []) throws -> Server {
        let started = Date()
        let child = try Child(contactTUI, ["mock-org", "--port", "0", "--contacts", "\(contacts)"] + extra)
        return try server(child, started: started)
    }

    private func server(_ child: Child, started: Date) throws -> Server {
        let url = try child.waitForLine(startingWith: "mock org listening on ", timeout: 300)
        let seconds = Date().timeIntervalSince(started)
        let token = try child.waitForLine(startingWith: "access token: ")
        guard let port = URL(string: url)?.port else { throw BenchFailure("bad url \(url)") }
        return Server(child: child, port: port, url: url, token: token, startSeconds: seconds)
    }

    // MARK: - Rows

    private mutating func listAndThroughput() throws {
        // wrk sends about 100,000 requests a row, past mock-org's default daily limit (15,000, a
        // Developer Edition's): lifted, so that the rows measure throughput and not 403s.
        let mock = try startMockOrg(contacts: 100_000, ["--api-limit", "1000000000"])
        defer { mock.child.stop() }
        log("  100,000 contacts served by contact-tui mock-org, started in \(format(seconds: mock.startSeconds))")

        let idsFile = NSTemporaryDirectory() + "contact-tui-bench-ids-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: idsFile) }
        let program = contactTUI
        let arguments = [
            "list", "--instance-url", mock.url, "--access-token-file", "-", "--query", Self.listQuery,
            "--format", "tsv",
        ]
        let name = "`contact-tui list` 100,000 contacts"
        let (_, warmOutput) = try runToEnd(program, arguments, input: mock.tokenLine)  // warm-up, and the ids for deletes
        let ids = warmOutput.split(separator: "\n").dropFirst().map { $0.prefix { $0 != "\t" } }
        try ids.joined(separator: "\n").write(toFile: idsFile, atomically: true, encoding: .utf8)
        guard ids.count == 100_000 else { throw BenchFailure("list printed \(ids.count) records, not 100000") }

        let python = ["\(scripts)/query_all.py", mock.url, Self.listQuery]
        var peer: [Child.Usage] = []
        var ours: [Child.Usage] = []
        for _ in 0..<3 {
            ours.append(try runToEnd(program, arguments, input: mock.tokenLine).0)
            peer.append(try runToEnd("python3", python, input: mock.tokenLine).0)
        }
        addListRows(
            name: name, ours: ours.min { $0.wallSeconds < $1.wallSeconds }!,
            peer: peer.min { $0.wallSeconds < $1.wallSeconds }!)

        try throughput(mock: mock, idsFile: idsFile)
    }

    private mutating func addListRows(name: String, ours: Child.Usage, peer: Child.Usage) {
        let ratio = peer.wallSeconds / ours.wallSeconds
        rows.append(
            Row(
                what: name + " (wall)", measured: format(seconds: ours.wallSeconds),
                goal: "≥ 3x faster than simple-salesforce `query_all`",
                peer: format(seconds: peer.wallSeconds), ratio: String(format: "%.1fx faster", ratio),
                verdict: ratio >= 3 ? "met" : "missed"))
        rows.append(
            Row(
                what: name + " (peak RSS)", measured: format(bytes: ours.peakRSS), goal: "flat in pages",
                peer: format(bytes: peer.peakRSS),
                ratio: String(format: "%.2fx of peer", Double(ours.peakRSS) / Double(peer.peakRSS)),
                verdict: "reported"))
    }

    private mutating func throughput(mock: Server, idsFile: String) throws {
        let auth = ["Authorization": "Bearer \(mock.token)"]
        // A query evaluated on every request, and a page of an open cursor (`nextRecordsUrl`).
        let queryPath = "/services/data/v66.0/query?q=" + encode("SELECT Id, Name, Email FROM Contact LIMIT 200")
        let cursor = try HTTPProbe.send(
            "GET", port: mock.port,
            path: "/services/data/v66.0/query?q=" + encode("SELECT Id, Name, Email FROM Contact ORDER BY Name"),
            headers: auth.merging(["Sforce-Query-Options": "batchSize=200"]) { $1 })
        guard cursor.status == 200,
            case let text = String(decoding: cursor.body, as: UTF8.self),
            let start = text.range(of: "\"nextRecordsUrl\":\""),
            let end = text[start.upperBound...].firstIndex(of: "\"")
        else { throw BenchFailure("no nextRecordsUrl in the first page") }
        let nextPath = String(text[start.upperBound..<end])

        // The batch size goes with every request, as RestCore sends it on next pages too.
        let batch = ["Sforce-Query-Options": "batchSize=200"]
        for (label, path, extra) in [
            ("MockOrg query `LIMIT 200`, evaluated per request", queryPath, [:]),
            ("MockOrg next page of 200 records (`nextRecordsUrl`)", nextPath, batch),
        ] {
            let sample = try HTTPProbe.send(
                "GET", port: mock.port, path: path, headers: auth.merging(extra) { $1 })
            guard sample.status == 200 else { throw BenchFailure("\(path) answered \(sample.status)") }
            let bodyFile = NSTemporaryDirectory() + "contact-tui-bench-body-\(getpid()).json"
            try Data(sample.body).write(to: URL(fileURLWithPath: bodyFile))
            defer { try? FileManager.default.removeItem(atPath: bodyFile) }
            let bare = try server(try Child(selfPath, ["bare", bodyFile]), started: Date())
            defer { bare.child.stop() }
            let ours = try wrk(port: mock.port, path: path, token: mock.token, script: nil, headers: extra)
            let peer = try wrk(port: bare.port, path: path, token: mock.token, script: nil, headers: extra)
            addThroughputRow("\(label), \(sample.body.count / 1024) KiB, 32 connections", ours, peer)
        }

        let bareBody = NSTemporaryDirectory() + "contact-tui-bench-empty-\(getpid()).json"
        try Data().write(to: URL(fileURLWithPath: bareBody))
        defer { try? FileManager.default.removeItem(atPath: bareBody) }
        let bare = try server(try Child(selfPath, ["bare", bareBody]), started: Date())
        defer { bare.child.stop() }
        let lua = "\(scripts)/delete.lua"
        let mockDelete = try wrk(port: mock.port, path: "/", token: mock.token, script: lua, ids: idsFile)
        let bareDelete = try wrk(port: bare.port, path: "/", token: mock.token, script: lua, ids: idsFile)
        addThroughputRow("MockOrg DELETE Contact, a new id per request, 32 connections", mockDelete, bareDelete)
    }

    private mutating func addThroughputRow(_ name: String, _ ours: WrkResult, _ bare: WrkResult) {
        let ratio = ours.requestsPerSecond / bare.requestsPerSecond
        var measured = String(format: "%.0f req/s", ours.requestsPerSecond)
        if ours.non2xx > 0 { measured += " (\(ours.non2xx) non-2xx: Salesforce errors such as DELETE_FAILED)" }
        if ours.socketErrors > 0 { measured += " (\(ours.socketErrors) socket errors)" }
        rows.append(
            Row(
                what: name, measured: measured, goal: "≥ 0.5x a bare Hummingbird route",
                peer: String(format: "%.0f req/s", bare.requestsPerSecond), ratio: String(format: "%.2fx", ratio),
                verdict: ratio >= 0.5 ? "met" : "missed"))
    }

    struct WrkResult {
        var requestsPerSecond: Double
        var non2xx: Int
        var socketErrors: Int
    }

    private func wrk(
        port: Int, path: String, token: String, script: String?, ids: String? = nil, headers: [String: String] = [:]
    ) throws -> WrkResult {
        // The script sets the Authorization header from the token's file: in wrk's command line
        // (`-H`) the process list would show it.
        var arguments = ["-t2", "-c32", "-d5s", "-s", script ?? "\(scripts)/authorization.lua"]
        for (name, value) in headers { arguments += ["-H", "\(name): \(value)"] }
        arguments.append("http://127.0.0.1:\(port)\(path)")
        defer { TokenFile.remove(holding: token) }
        let (_, output) = try runToEnd(
            "wrk", arguments, environment: ["IDS_FILE": ids ?? "", "TOKEN_FILE": TokenFile.path(holding: token)])
        func number(after label: String) -> Double? {
            for line in output.split(separator: "\n") where line.contains(label) {
                let tail = line[line.range(of: label)!.upperBound...]
                return Double(tail.trimmingCharacters(in: .whitespaces).split(separator: " ").first ?? "")
            }
            return nil
        }
        guard let rate = number(after: "Requests/sec:") else { throw BenchFailure("wrk printed: \(output)") }
        var socketErrors = 0
        for line in output.split(separator: "\n") where line.contains("Socket errors:") {
            socketErrors = line.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }.reduce(0, +)
        }
        return WrkResult(
            requestsPerSecond: rate, non2xx: Int(number(after: "Non-2xx or 3xx responses:") ?? 0),
            socketErrors: socketErrors)
    }

    private mutating func millionContacts() throws {
        let mock = try startMockOrg(contacts: 1_000_000)
        defer { mock.child.stop() }
        let rss = mock.child.currentRSS
        rows.append(
            Row(
                what: "MockOrg start-up, 1,000,000 contacts", measured: format(seconds: mock.startSeconds),
                goal: "< 5 s", verdict: mock.startSeconds < 5 ? "met" : "missed"))
        rows.append(
            Row(
                what: "MockOrg resident memory after start, 1,000,000 contacts", measured: format(bytes: rss),
                goal: "< 1 GB", verdict: rss < 1_000_000_000 ? "met" : "missed"))
        let auth = ["Authorization": "Bearer \(mock.token)"]
        func timed(_ soql: String) throws -> Double {
            let path = "/services/data/v66.0/query?q=" + encode(soql)
            var samples: [Double] = []
            for _ in 0..<6 {
                let reply = try HTTPProbe.send("GET", port: mock.port, path: path, headers: auth)
                guard reply.status == 200 else {
                    throw BenchFailure(
                        "\(soql) answered \(reply.status): \(String(decoding: reply.body, as: UTF8.self))")
                }
                samples.append(reply.seconds)
            }
            // The first is the "first query"; the goal is for the ones after it.
            let later = samples.dropFirst().sorted()
            return later[later.count / 2]
        }
        let page = try timed("SELECT Id, Name, Email FROM Contact ORDER BY Name")
        rows.append(
            Row(
                what: "First 2,000-row page, `ORDER BY Name` over 1,000,000 (median, after a first query)",
                measured: format(seconds: page), goal: "< 50 ms", verdict: page < 0.05 ? "met" : "missed"))
        let like = try timed("SELECT Id, Name, Email FROM Contact WHERE Name LIKE '%son%'")
        rows.append(
            Row(
                what: "`LIKE '%son%'` filter over 1,000,000 (median)", measured: format(seconds: like),
                goal: "< 200 ms", verdict: like < 0.2 ? "met" : "missed"))
        let after = mock.child.currentRSS
        rows.append(
            Row(
                what: "MockOrg resident memory after 12 queries, 1,000,000 contacts", measured: format(bytes: after),
                goal: "< 1 GB", verdict: after < 1_000_000_000 ? "met" : "missed"))
    }

    private mutating func contactList() throws {
        /// Runs `mode count` in a child and reads the figures it prints as `name: seconds` lines.
        func figures(_ mode: String, rows count: Int, _ names: String...) throws -> [Double] {
            let (_, output) = try runToEnd(selfPath, [mode, "\(count)"])
            let printed = Self.figures(output)
            return try names.map { name in
                guard let value = printed[name].flatMap(Double.init) else {
                    throw BenchFailure("\(mode) printed: \(output)")
                }
                return value
            }
        }
        func cpuPerKey(rows count: Int) throws -> Double { try figures("keys", rows: count, "cpu-per-key")[0] }
        let small = try cpuPerKey(rows: 1000)
        let large = try cpuPerKey(rows: 1_000_000)
        let ratio = large / small
        rows.append(
            Row(
                what: "Keypress to frame CPU (handle(key:) + ListView.render, 100x30), 1,000,000 rows",
                measured: format(seconds: large), goal: "< 1 ms, within 20% of 1,000 rows",
                peer: format(seconds: small) + " at 1,000 rows", ratio: String(format: "%.2fx", ratio),
                verdict: large < 0.001 && ratio <= 1.2 ? "met" : "missed"))
        func filterCPU(rows count: Int) throws -> (char: Double, backspace: Double) {
            let values = try figures("filter", rows: count, "cpu-per-char", "cpu-per-backspace")
            return (values[0], values[1])
        }
        let filterSmall = try filterCPU(rows: 1000)
        let filterLarge = try filterCPU(rows: 100_000)
        for (name, large, small) in [
            ("a typed character", filterLarge.char, filterSmall.char),
            ("a Backspace", filterLarge.backspace, filterSmall.backspace),
        ] {
            rows.append(
                Row(
                    what: "Filter: \(name) to a finished frame (CPU, 100x30, slowest key of `number 12`), 100,000 rows",
                    measured: format(seconds: large), goal: "< 16 ms", peer: format(seconds: small) + " at 1,000 rows",
                    verdict: large < 0.016 ? "met" : "missed"))
        }
        func editCPU(rows count: Int) throws -> Double { try figures("edit", rows: count, "cpu-per-edit")[0] }
        let editSmall = try editCPU(rows: 1000)
        let editLarge = try editCPU(rows: 100_000)
        rows.append(
            Row(
                what: "Edit: Enter on the editor to the frame showing the new value (CPU, 100x30), 100,000 rows",
                measured: format(seconds: editLarge), goal: "< 16 ms",
                peer: format(seconds: editSmall) + " at 1,000 rows",
                verdict: editLarge < 0.016 ? "met" : "missed"))
        let (usage, output) = try runToEnd(selfPath, ["model-rss", "100000"])
        let rss =
            output.split(separator: "\n").first { $0.hasPrefix("rss: ") }.flatMap { Int($0.dropFirst(5)) } ?? 0
        rows.append(
            Row(
                what: "ContactList model with 100,000 rows loaded: resident memory",
                measured: format(bytes: rss) + " (peak \(format(bytes: usage.peakRSS)))", goal: "< 100 MB",
                verdict: rss < 100_000_000 ? "met" : "missed"))
    }

    private mutating func jsonParsing() throws {
        let mock = try startMockOrg(contacts: 2000)
        defer { mock.child.stop() }
        let page = try HTTPProbe.send(
            "GET", port: mock.port, path: "/services/data/v66.0/query?q=" + encode(Self.listQuery),
            headers: ["Authorization": "Bearer \(mock.token)"])
        guard page.status == 200 else { throw BenchFailure("the query answered \(page.status)") }
        let bodyFile = NSTemporaryDirectory() + "contact-tui-bench-page-\(getpid()).json"
        try Data(page.body).write(to: URL(fileURLWithPath: bodyFile))
        defer { try? FileManager.default.removeItem(atPath: bodyFile) }
        let (_, output) = try runToEnd(selfPath, ["json-parse", bodyFile])
        var seconds: [String: Double] = [:]
        for line in output.split(separator: "\n") {
            let parts = line.split(separator: ":", maxSplits: 1)
            if parts.count == 2, let value = Double(parts[1].trimmingCharacters(in: .whitespaces)) {
                seconds[String(parts[0])] = value
            }
        }
        guard output.contains("check: ok"), seconds["records"] == 2000,
            let tree = seconds["tree-restcore"], let serialization = seconds["tree-jsonserialization"],
            let decoder = seconds["tree-jsondecoder"], let any = seconds["any-jsonserialization"],
            let typed = seconds["typed-jsondecoder"],
            let tsv = seconds["tsv-restcore"], let tsvFoundation = seconds["tsv-jsonserialization"]
        else { throw BenchFailure("json-parse printed: \(output)") }
        let size = "\(page.body.count / 1024) KiB"
        let goal = "≥ 2x faster than Foundation, or use Foundation"
        let treePeer = min(serialization, decoder)
        rows.append(
            Row(
                what: "JSON: 2,000-record query page (\(size)) to `JSONValue` records (RestCore's JSONParser)",
                measured: format(seconds: tree), goal: goal,
                peer: "JSONSerialization → JSONValue \(format(seconds: serialization)) (to `Any` only "
                    + "\(format(seconds: any))); JSONDecoder \(format(seconds: decoder)) (into a fixed "
                    + "record struct, which the app's query-dependent columns rule out: \(format(seconds: typed)))",
                ratio: String(format: "%.1fx faster", treePeer / tree), verdict: treePeer / tree >= 2 ? "met" : "missed"
            ))
        rows.append(
            Row(
                what: "JSON: the same page to `list`'s TSV (QueryPageBytes scan + RecordWriter)",
                measured: format(seconds: tsv), goal: goal,
                peer: "JSONSerialization → JSONValue → RecordWriter \(format(seconds: tsvFoundation))",
                ratio: String(format: "%.1fx faster", tsvFoundation / tsv),
                verdict: tsvFoundation / tsv >= 2 ? "met" : "missed"))
    }

    private mutating func idle() throws {
        let socket = "contact-tui-bench-\(getpid())"
        let command = "exec env LANG=C.UTF-8 TERM=tmux-256color '\(contactTUI)' --demo"
        _ = try runToEnd(
            "tmux", ["-L", socket, "-f", "/dev/null", "new-session", "-d", "-x", "100", "-y", "30", command])
        defer { _ = try? runToEnd("tmux", ["-L", socket, "kill-server"]) }
        let deadline = Date().addingTimeInterval(60)
        var screen = ""
        while Date() < deadline {
            screen = try runToEnd("tmux", ["-L", socket, "capture-pane", "-p", "-t", "0"]).1
            if screen.contains("200 of 200") { break }
            usleep(50_000)
        }
        guard screen.contains("200 of 200") else { throw BenchFailure("the demo did not load: \(screen)") }
        let pidText = try runToEnd("tmux", ["-L", socket, "list-panes", "-F", "#{pane_pid}"]).1
        guard let pid = pid_t(pidText.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw BenchFailure("no pane pid")
        }
        usleep(500_000)  // let the first frame's work settle before the idle window opens
        guard let before = Proc.cpuTicks(of: pid) else { throw BenchFailure("cannot read /proc/\(pid)/stat") }
        usleep(5_000_000)
        guard let after = Proc.cpuTicks(of: pid) else { throw BenchFailure("the app ended while idle") }
        rows.append(
            Row(
                what: "`contact-tui --demo` idle 5 s in tmux (CPU ticks, /proc/PID/stat)",
                measured: "\(after - before) ticks (1 tick = 10 ms)", goal: "0 ticks beyond start-up",
                verdict: after == before ? "met" : "missed"))
    }

    /// `list` of 100,000 contacts from an org that compresses (as Salesforce does for a client
    /// that asks) and from one started with `--no-compression`; bytes on the wire are what the
    /// org's process wrote during a run (`wchar` of `/proc/PID/io`: on loopback, the HTTP answers,
    /// headers included). The wall ratio is the median of each round's own ratio, the two runs
    /// of a round being back to back, so load from elsewhere falls on both; the CPU row says
    /// where the time goes (on loopback the client and the org share the machine's cores).
    private mutating func compression() throws {
        let gzip = try startMockOrg(contacts: 100_000)
        defer { gzip.child.stop() }
        let plain = try startMockOrg(contacts: 100_000, ["--no-compression"])
        defer { plain.child.stop() }
        func list(_ mock: Server) throws -> CompressionRun {
            let arguments = [
                "list", "--instance-url", mock.url, "--access-token-file", "-", "--query", Self.listQuery,
                "--format", "tsv",
            ]
            let before = Proc.bytesWritten(by: mock.child.pid)
            let orgTicks = Proc.cpuTicks(of: mock.child.pid) ?? 0
            let usage = try runToEnd(contactTUI, arguments, input: mock.tokenLine).0
            return CompressionRun(
                seconds: usage.wallSeconds, bytes: Proc.bytesWritten(by: mock.child.pid) - before,
                clientCPU: usage.cpuSeconds,
                orgCPU: Double((Proc.cpuTicks(of: mock.child.pid) ?? 0) - orgTicks)
                    / Double(sysconf(Int32(_SC_CLK_TCK))))
        }
        _ = try (list(gzip), list(plain))  // warm-up
        var compressed: [CompressionRun] = []
        var uncompressed: [CompressionRun] = []
        // Interleaved, each round in the other order, so that load from elsewhere falls on both.
        for round in 0..<Self.compressionRounds {
            if round.isMultiple(of: 2) {
                compressed.append(try list(gzip))
                uncompressed.append(try list(plain))
            } else {
                uncompressed.append(try list(plain))
                compressed.append(try list(gzip))
            }
        }
        let name = "`contact-tui list` 100,000 contacts, gzip"
        let bytes = median(compressed.map { Double($0.bytes) })
        let bytesPlain = median(uncompressed.map { Double($0.bytes) })
        let fewer = bytesPlain / bytes
        rows.append(
            Row(
                what: name + " (bytes on the wire)", measured: format(bytes: Int(bytes)),
                goal: "≥ 5x fewer than uncompressed", peer: format(bytes: Int(bytesPlain)) + " uncompressed",
                ratio: String(format: "%.1fx fewer", fewer), verdict: fewer >= 5 ? "met" : "missed"))
        let ratios = zip(compressed, uncompressed).map { $0.seconds / $1.seconds }
        log(
            "  gzip / uncompressed wall, round by round: "
                + ratios.map { String(format: "%.2f", $0) }.joined(separator: " "))
        let slower = median(ratios)
        rows.append(
            Row(
                what: name + " (wall, loopback, median of \(Self.compressionRounds))",
                measured: format(seconds: median(compressed.map(\.seconds))),
                goal: "within 1.2x of uncompressed",
                peer: format(seconds: median(uncompressed.map(\.seconds))) + " uncompressed",
                ratio: String(format: "%.2fx (median of the rounds' ratios)", slower),
                verdict: slower <= 1.2 ? "met" : "missed"))
        func cpu(_ runs: [CompressionRun]) -> String {
            String(
                format: "client %.2f s + org %.2f s", median(runs.map(\.clientCPU)), median(runs.map(\.orgCPU)))
        }
        let cpuRatio =
            median(compressed.map { $0.clientCPU + $0.orgCPU }) / median(uncompressed.map { $0.clientCPU + $0.orgCPU })
        rows.append(
            Row(
                what: name + " (CPU, median of \(Self.compressionRounds))", measured: cpu(compressed),
                goal: "— (where the wall time goes)", peer: cpu(uncompressed) + " uncompressed",
                ratio: String(format: "%.2fx CPU", cpuRatio), verdict: "—"))
    }

    /// One `list` run of the gzip rows.
    private struct CompressionRun {
        var seconds: Double
        var bytes: Int
        /// The client's user + system time (`wait4`).
        var clientCPU: Double
        /// The org's user + system time during the run (`/proc/PID/stat`).
        var orgCPU: Double
    }

    /// Rounds of the gzip rows: the median of this many runs of each.
    private static let compressionRounds = 9

    // MARK: - Formatting

    private func encode(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }

    func format(seconds: Double) -> String {
        seconds < 0.001
            ? String(format: "%.1f µs", seconds * 1e6)
            : seconds < 1 ? String(format: "%.1f ms", seconds * 1e3) : String(format: "%.2f s", seconds)
    }

    func format(bytes: Int) -> String {
        String(format: "%.1f MB", Double(bytes) / 1e6)
    }

    func table() -> String {
        var lines = [
            "| what | measured | goal | peer (same run) | ratio | verdict |", "| --- | --- | --- | --- | --- | --- |",
        ]
        for row in rows {
            lines.append(
                "| \(row.what) | \(row.measured) | \(row.goal) | \(row.peer) | \(row.ratio) | \(row.verdict) |")
        }
        if !notes.isEmpty { lines += [""] + notes.map { "- " + $0 } }
        return lines.joined(separator: "\n")
    }
}
