import Foundation

/// The fault suite: what a user meets when the org fails, counted against the org's own state
/// read back afterwards. Every org is a `contact-tui mock-org` with one failure fault.
extension Driver {
    /// The `name: value` lines a fault child printed.
    static func figures(_ output: String) -> [String: String] {
        var figures: [String: String] = [:]
        for line in output.split(separator: "\n") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            figures[String(line[..<colon])] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return figures
    }

    /// 100 deletes in one burst while the org loses half the replies (the write applied, the
    /// connection closed): each lost reply is read back, and nothing is reinstated, shown or lost
    /// wrongly. Contacts with Cases are refused by the org itself and rightly come back.
    mutating func faultDeletes() throws {
        let mock = try startMockOrg(contacts: 1000, ["--lose-reply-rate", "0.5"])
        defer { mock.child.stop() }
        let figures = Self.figures(try runToEnd(selfPath, ["fault-deletes", mock.url, "100"], input: mock.tokenLine).1)
        func figure(_ name: String) -> String { figures[name] ?? "?" }
        let zero = ["wrongly reinstated", "ghosts", "lost", "duplicates", "pending"].allSatisfy { figures[$0] == "0" }
        let oneAlertEach = figures["alerts"] != nil && figures["alerts"] == figures["kept by the org"]
        rows.append(
            Row(
                what: "\(figure("deletes")) deletes under `mock-org --lose-reply-rate 0.5` (the list's model through "
                    + "RestCore; \(figure("replies lost")) replies lost, \(figure("read back")) records read back; "
                    + "\(figure("kept by the org")) refused by the org, \(figure("alerts")) alerts)",
                measured: "wrongly reinstated \(figure("wrongly reinstated")), ghosts \(figure("ghosts")), "
                    + "lost \(figure("lost")), duplicated \(figure("duplicates")), pending \(figure("pending"))",
                goal: "all 0; one alert per record the org kept",
                verdict: zero && oneAlertEach ? "met" : "missed"))
    }

    /// `contact-tui list` of 10,000 contacts from an org that answers 30 % of requests with 503
    /// SERVER_UNAVAILABLE (`Retry-After: 1`), next to the same list from a clean org in the same run.
    mutating func listWhileUnavailable() throws {
        let clean = try startMockOrg(contacts: 10_000)
        defer { clean.child.stop() }
        let faulty = try startMockOrg(contacts: 10_000, ["--unavailable-rate", "0.3"])
        defer { faulty.child.stop() }
        func list(_ mock: Server) throws -> (Child.Usage, String) {
            try runToEnd(
                contactTUI,
                [
                    "list", "--instance-url", mock.url, "--access-token-file", "-", "--query", Self.listQuery,
                    "--format", "tsv",
                ], input: mock.tokenLine)
        }
        _ = try list(clean)  // warm-up
        let (cleanUsage, cleanOutput) = try list(clean)
        let (faultyUsage, faultyOutput) = try list(faulty)
        let records = faultyOutput.split(separator: "\n").count - 1
        let complete = faultyOutput == cleanOutput && records == 10_000
        rows.append(
            Row(
                what: "`contact-tui list` 10,000 contacts under `mock-org --unavailable-rate 0.3` (wall)",
                measured: format(seconds: faultyUsage.wallSeconds)
                    + (complete
                        ? ", \(records) records, byte for byte the clean run's" : ", \(records) records, differs"),
                goal: "complete: the same bytes as a clean run",
                peer: format(seconds: cleanUsage.wallSeconds) + " clean",
                ratio: String(format: "%.1fx the clean run's time", faultyUsage.wallSeconds / cleanUsage.wallSeconds),
                verdict: complete ? "met" : "missed"))
    }

    /// The list view's cursor expires between two pages (`--cursor-ttl 2`, the next page asked
    /// for after 3 s): the query restarts once and the rows end up complete, none twice.
    mutating func expiredCursor() throws {
        let mock = try startMockOrg(contacts: 2000, ["--cursor-ttl", "2"])
        defer { mock.child.stop() }
        let figures = Self.figures(try runToEnd(selfPath, ["cursor-expiry", mock.url, "3"], input: mock.tokenLine).1)
        func figure(_ name: String) -> String { figures[name] ?? "?" }
        let rowsMatch = figure("rows") == "2000 of 2000"
        let zero = ["ghosts", "lost", "duplicates"].allSatisfy { figures[$0] == "0" }
        let expired = Int(figure("cursors expired")) ?? 0
        rows.append(
            Row(
                what: "2,000 contacts in the list view in pages of 200, the cursor expired after the first "
                    + "(`mock-org --cursor-ttl 2`; \(figure("cursors expired")) INVALID_QUERY_LOCATOR)",
                measured: "rows \(figure("rows")), lost \(figure("lost")), duplicated \(figure("duplicates")), "
                    + "ghosts \(figure("ghosts"))",
                goal: "recovered: every row once",
                verdict: expired >= 1 && rowsMatch && zero ? "met" : "missed"))
    }
}
