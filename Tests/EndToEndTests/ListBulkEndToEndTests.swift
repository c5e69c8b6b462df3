import Foundation
import MockOrg
import RestCore
import Subprocess
import Synchronization
import SystemPackage
import TestSupport
import Testing

/// `contact-tui list` through Bulk API 2.0 query jobs, run as a process against a MockOrg: the
/// same bytes as REST paging, the automatic switch, refusals, a failed job and Ctrl-C.
@Suite("contact-tui list --bulk")
struct ListBulkEndToEndTests {
    /// Every field type the mock's Contact has, a parent's fields and an address's parts.
    static let everyField = """
        SELECT Id, FirstName, LastName, Name, Title, Email, Phone, MobilePhone, Birthdate, MailingStreet, \
        MailingCity, MailingState, MailingPostalCode, MailingCountry, AccountId, Account.Name, Account.Industry, \
        Account.NumberOfEmployees, Account.AnnualRevenue, Account.BillingCity FROM Contact ORDER BY Name
        """

    /// A compound address, which a job selects as its parts: alone, and beside one of its parts.
    static let address = "SELECT Id, mailingaddress, Name, MailingCity FROM Contact ORDER BY Name"

    static func list(_ arguments: [String], _ endpoint: MockOrgEndpoint) async throws -> ProcessRunner.Outcome {
        try await ListCommandTests.run(["list"] + arguments + ListCommandTests.orgArguments(endpoint))
    }

    @Test("--bulk prints the same bytes as --no-bulk, TSV and JSON lines", .timeLimit(.minutes(5)))
    func sameBytesEitherWay() async throws {
        try await ListCommandTests.withOrg(MockOrgConfiguration(contacts: 10_000)) { endpoint in
            // A contact whose text needs every escape: line breaks, quotes, commas, a tab, non-ASCII.
            let client = RestClient(
                configuration: RestClientConfiguration(instanceURL: endpoint.url, accessToken: endpoint.accessToken))
            try await withCleanup {
                let fields: [String: JSONValue] = [
                    "LastName": .string("Ødegaard \"Ingrid\", Jr."), "Title": .string("a\tb\\c"),
                    "MailingStreet": .string("1 Main St\r\nSuite \"5\", rear, 東京"), "MailingCity": .string("שלום 😀"),
                ]
                _ = try await client.send(client.requestForCreate(withObjectType: "Contact", fields: fields))
            } cleanup: {
                await client.shutdown()
            }
            for (format, query) in [
                ("tsv", Self.everyField), ("json", Self.everyField), ("tsv", Self.address), ("json", Self.address),
            ] {
                let rest = try await Self.list(["--no-bulk", "--format", format, "--query", query], endpoint)
                    .checked()
                let bulk = try await Self.list(["--bulk", "--format", format, "--query", query], endpoint)
                    .checked()
                #expect(rest.output.split(separator: "\n").count == (format == "tsv" ? 10_002 : 10_001))
                #expect(bulk.output == rest.output, "\(format) differs")
                #expect(bulk.error.isEmpty)
                #expect(rest.output.contains(#"1 Main St\r\nSuite "#), "the street with a line break was not listed")
                #expect(!bulk.output.contains("MailingStreet") || query == Self.everyField, "a hidden part was printed")
            }
        }
    }

    @Test("above 50,000 records list switches to a job by itself, saying so once", .timeLimit(.minutes(5)))
    func automaticSwitch() async throws {
        try await ListCommandTests.withOrg(MockOrgConfiguration(contacts: 50_500)) { endpoint in
            let query = ["--query", "SELECT Id, Name, Account.Name FROM Contact"]
            let automatic = try await Self.list(query, endpoint).checked()
            let rest = try await Self.list(["--no-bulk"] + query, endpoint).checked()
            #expect(automatic.output == rest.output)
            #expect(rest.error.isEmpty)
            // The sentence, exactly once, and nothing else.
            #expect(
                automatic.error
                    == "contact-tui: the query matches 50500 records, more than 50000: "
                    + "reading them through a Bulk API 2.0 query job.\n")
            // Every record once: a header, then 50,500 lines of distinct ids.
            let rows = automatic.output.split(separator: "\n").dropFirst()
            #expect(rows.count == 50_500)
            #expect(Set(rows.map { $0.prefix(18) }).count == 50_500, "a record was printed twice")

            // A query the job cannot run goes back to REST paging, silently.
            let offset = ["--query", "SELECT Id, Name FROM Contact ORDER BY Name OFFSET 10"]
            let fallback = try await Self.list(offset, endpoint).checked()
            let restOffset = try await Self.list(["--no-bulk"] + offset, endpoint).checked()
            #expect(fallback.output == restOffset.output)
            #expect(fallback.output.split(separator: "\n").count == 50_491)
            #expect(fallback.error.isEmpty)
        }
    }

    /// `list --bulk` of the first `limit` contacts in a tmux pane `width` columns wide, standard
    /// output to `output` and standard error to the terminal (the progress is shown), followed
    /// by `ended STATUS` and a shell that stays, since tmux 3.3 loses a dead pane's first row.
    static func bulkListOnATerminal(
        _ endpoint: MockOrgEndpoint, limit: Int, output: TemporaryFile, width: Int
    ) async throws -> TmuxSession {
        let command =
            (try [Binary.path, "list", "--bulk", "--query", "SELECT Id, Name FROM Contact LIMIT \(limit)"]
            + ListCommandTests.orgArguments(endpoint)).map(TmuxSession.shellQuote).joined(separator: " ")
            + " > " + TmuxSession.shellQuote(output.path) + "; echo ended $?; sleep 60"
        return try await TmuxSession(["sh", "-c", command], width: width, height: 20)
    }

    @Test("on a terminal, while the job runs, its state is one line of standard error, cut to the width")
    func progressWhileTheJobRuns() async throws {
        var configuration = MockOrgConfiguration(contacts: 300)
        // The job runs for as long as the test looks: no window to miss on a loaded machine.
        configuration.bulkDelay = .seconds(600)
        try await ListCommandTests.withOrg(configuration) { endpoint in
            // Narrower than the progress line, which must be cut rather than wrap onto a second row.
            let session = try await Self.bulkListOnATerminal(
                endpoint, limit: 300, output: TemporaryFile("tsv"), width: 60)
            let running = try await session.waitUntil(timeout: .seconds(60), "the job's state while it runs") {
                $0.contains(": InProgress, ") || $0.contains(": UploadComplete, ")
            }
            // One row, cut to the width: nothing wrapped onto a second.
            #expect(Self.rows(running).count == 1, "\(running)")
            #expect(Self.rows(running).allSatisfy { $0.count < 60 && $0.hasPrefix("contact-tui: bulk query: ") })
        }
    }

    @Test("on a terminal, the progress line is drawn over in place and its last word stays: the records written")
    func progressEndsWithTheRecordsWritten() async throws {
        try await ListCommandTests.withOrg(MockOrgConfiguration(contacts: 3_000)) { endpoint in
            let output = TemporaryFile("tsv")
            let session = try await Self.bulkListOnATerminal(endpoint, limit: 3_000, output: output, width: 60)
            let screen = try await session.waitUntil(timeout: .seconds(60), "list ended") { $0.contains("ended ") }
            // The job's states and the count were drawn over it; what follows starts below it.
            #expect(Self.rows(screen) == ["contact-tui: bulk query: 3000 records written.", "ended 0"], "\(screen)")
            #expect(output.text.split(separator: "\n").count == 3_001)
        }
    }

    @Test("with the records on the terminal too, the progress line ends before them and is not drawn again")
    func progressBesideRecordsOnATerminal() async throws {
        var configuration = MockOrgConfiguration(contacts: 300)
        configuration.bulkDelay = .milliseconds(1_000)
        try await ListCommandTests.withOrg(configuration) { endpoint in
            let command =
                (try [Binary.path, "list", "--bulk", "--query", "SELECT Id, Name FROM Contact LIMIT 5"]
                + ListCommandTests.orgArguments(endpoint)).map(TmuxSession.shellQuote).joined(separator: " ")
                + "; echo ended $?; sleep 60"
            let session = try await TmuxSession(["sh", "-c", command], width: 80, height: 20)
            let screen = try await session.waitUntil(timeout: .seconds(60), "list ended") { $0.contains("ended ") }
            let rows = Self.rows(screen)
            // The job's last word, then the header row and the five records, each a row of its own.
            #expect(rows.count == 8, "\(screen)")
            #expect(rows.first?.hasPrefix("contact-tui: bulk query: JobComplete, 5 records processed") == true)
            #expect(rows.dropFirst().first?.hasPrefix("Id") == true, "\(screen)")
            #expect(rows.dropFirst().filter { $0.contains("contact-tui") }.isEmpty, "\(screen)")
            #expect(rows.last == "ended 0")
        }
    }

    /// The screen's rows that hold text, trailing blanks taken off.
    static func rows(_ screen: String) -> [String] {
        screen.split(separator: "\n").map { String($0).trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    @Test("--bulk with a query the job cannot run: exit 2 and the org's reason")
    func unsupportedQuery() async throws {
        try await ListCommandTests.withOrg(MockOrgConfiguration(contacts: 20)) { endpoint in
            let outcome = try await Self.list(
                ["--bulk", "--query", "SELECT Id FROM Contact OFFSET 10"], endpoint)
            #expect(outcome.status == 2)
            #expect(outcome.output.isEmpty)
            #expect(outcome.error.split(separator: "\n").count == 1)
            #expect(outcome.error.contains("Bulk API 2.0 cannot run this query"))
            #expect(outcome.error.contains("OFFSET"))
        }
    }

    @Test("a failed job: exit 1 with its errorMessage")
    func failedJob() async throws {
        var configuration = MockOrgConfiguration(contacts: 20)
        configuration.bulkFailure = "InternalServerError: the query could not be completed."
        try await ListCommandTests.withOrg(configuration) { endpoint in
            let outcome = try await Self.list(["--bulk"], endpoint)
            #expect(outcome.status == 1)
            #expect(outcome.output.isEmpty)
            #expect(outcome.error.split(separator: "\n").count == 1)
            #expect(outcome.error.contains("failed: InternalServerError: the query could not be completed."))
        }
    }

    @Test("describes that fail after the job was created: exit 1 with their sentence, the job aborted")
    func failedDescribeAbortsTheJob() async throws {
        var configuration = MockOrgConfiguration(contacts: 20)
        configuration.bulkDelay = .seconds(600)
        configuration.requestFaults = [
            MockOrgRequestFault(method: "POST", pathPart: "/composite"),
            MockOrgRequestFault(method: "GET", pathPart: "/describe"),
        ]
        try await ListCommandTests.withOrg(configuration) { endpoint in
            let outcome = try await Self.list(["--bulk"], endpoint)
            #expect(outcome.status == 1)
            #expect(outcome.output.isEmpty)
            #expect(outcome.error.split(separator: "\n").count == 1)
            #expect(outcome.error.contains("UNKNOWN_EXCEPTION"), "\(outcome.error)")
            let client = RestClient(
                configuration: RestClientConfiguration(instanceURL: endpoint.url, accessToken: endpoint.accessToken))
            try await withCleanup {
                let list = try await client.send(RestRequest(method: .GET, path: "/services/data/v66.0/jobs/query"))
                    .asJSONValue()
                let states = (list["records"]?.arrayValue ?? []).map { $0["state"]?.stringValue }
                #expect(states == ["Aborted"])
            } cleanup: {
                await client.shutdown()
            }
        }
    }

    /// The environment a `list` run as a child of the test gets (`ListCommandTests.environment()`).
    static var childEnvironment: Environment {
        .custom(
            Dictionary(
                uniqueKeysWithValues: ListCommandTests.environment().compactMap { name, value in
                    Environment.Key(rawValue: name).map { ($0, value) }
                }))
    }

    @Test("Ctrl-C aborts the job, says so in one sentence and exits 130", .timeLimit(.minutes(2)))
    func interruptAbortsTheJob() async throws {
        var configuration = MockOrgConfiguration(contacts: 20)
        configuration.bulkDelay = .seconds(600)
        try await ListCommandTests.withOrg(configuration) { endpoint in
            let client = RestClient(
                configuration: RestClientConfiguration(instanceURL: endpoint.url, accessToken: endpoint.accessToken))
            try await withCleanup {
                let result = try await Subprocess.run(
                    .path(FilePath(try Binary.path)),
                    arguments: Arguments(["list", "--bulk"] + ListCommandTests.orgArguments(endpoint)),
                    environment: Self.childEnvironment,
                    input: .none, output: .discarded, error: .string(limit: 1 << 16)
                ) { execution -> String? in
                    // Once the job exists, the process waits for it: that is when Ctrl-C comes.
                    for _ in 0..<6000 {
                        let list = try await client.send(
                            RestRequest(method: .GET, path: "/services/data/v66.0/jobs/query")
                        )
                        .asJSONValue()
                        if let id = list["records"]?.arrayValue?.first?["id"]?.stringValue {
                            try execution.send(signal: .interrupt)
                            return id
                        }
                        try await Task.sleep(for: .milliseconds(10))
                    }
                    return nil
                }
                let id = try #require(result.closureResult, "no job was created")
                #expect(result.terminationStatus == .exited(130))
                let error = result.standardError
                #expect(error == "contact-tui: Interrupted: the Bulk API 2.0 query job \(id) was aborted.\n")
                let job = try await BulkQuery(client: client).job(id)
                #expect(job.state == .aborted)
            } cleanup: {
                await client.shutdown()
            }
        }
    }

    /// A relay to the org that passes everything until the answer with a job's results starts,
    /// then nothing more in either direction: a link that stalls in the middle of the results.
    /// `stalled` is set once it stalls; the sockets close once `released` is set. The Host header
    /// names the org's own port, which it checks.
    static func stallingRelay(to port: Int, stalled: Flag, released: Flag) throws -> LoopbackRelay {
        let relayPort = Mutex(0)
        let relay = try LoopbackRelay(forwardingTo: port) { client, server in
            // The Host line's port, whatever its name's case.
            let (asked, served) = relayPort.withLock { ("127.0.0.1:\($0)\r\n", "127.0.0.1:\(port)\r\n") }
            Thread {
                var buffer = [UInt8](repeating: 0, count: 65_536)
                while !stalled.isSet {
                    let count = read(client, &buffer, buffer.count)
                    guard count > 0 else { break }
                    let text = String(decoding: buffer[..<count], as: UTF8.self)
                    let bytes =
                        text.contains(asked)
                        ? Array(text.replacingOccurrences(of: asked, with: served).utf8)
                        : Array(buffer[..<count])
                    RawSocket.sendAll(bytes, to: server)
                }
            }.start()
            Thread {
                var buffer = [UInt8](repeating: 0, count: 65_536)
                while true {
                    let count = read(server, &buffer, buffer.count)
                    guard count > 0 else { break }
                    RawSocket.sendAll(Array(buffer[..<count]), to: client)
                    if String(decoding: buffer[..<count], as: UTF8.self).lowercased().contains("sforce-numberofrecords")
                    {
                        stalled.set()
                        // Both sockets open and quiet until the test is done with them.
                        while !released.isSet { Thread.sleep(forTimeInterval: 0.05) }
                        break
                    }
                }
                close(client)
                close(server)
            }.start()
        }
        relayPort.withLock { $0 = relay.port }
        return relay
    }

    @Test(
        "Ctrl-C while the results stream in: exit 130 at once, saying how much was printed",
        .timeLimit(.minutes(2)))
    func interruptWhileTheResultsStream() async throws {
        try await ListCommandTests.withOrg(MockOrgConfiguration(contacts: 20_000)) { endpoint in
            let (stalled, released) = (Flag(), Flag())
            let relay = try Self.stallingRelay(to: endpoint.url.port ?? 0, stalled: stalled, released: released)
            defer {
                // Before the org stops, which waits for the answers it is still sending.
                released.set()
                relay.stop()
            }
            let arguments = [
                "list", "--bulk", "--instance-url", "http://127.0.0.1:\(relay.port)", "--access-token-file",
                TokenFile.path(holding: endpoint.accessToken),
            ]
            let started = ContinuousClock.now
            let result = try await Subprocess.run(
                .path(FilePath(try Binary.path)), arguments: Arguments(arguments),
                environment: Self.childEnvironment,
                input: .none, output: .discarded, error: .string(limit: 1 << 16)
            ) { execution -> Duration? in
                guard await waitUntil(within: .seconds(60), { stalled.isSet }) else { return nil }
                try await Task.sleep(for: .milliseconds(300))
                try execution.send(signal: .interrupt)
                return ContinuousClock.now - started
            }
            let signalled = try #require(result.closureResult, "the results never started")
            #expect(result.terminationStatus == .exited(130))
            #expect(ContinuousClock.now - started < signalled + .seconds(10), "the stalled read did not end")
            let error = result.standardError ?? ""
            #expect(
                error.hasPrefix(
                    "contact-tui: Interrupted while the job's results were printed; the output is incomplete: "))
            #expect(error.hasSuffix(" printed.\n") && error.split(separator: "\n").count == 1)
        }
    }
}
