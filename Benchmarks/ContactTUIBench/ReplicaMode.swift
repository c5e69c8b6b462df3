import ContactList
import Foundation
import Replica
import RestCore
import TestSupport

/// The replica bench's child: the list's model with and without the local replica, against one
/// `contact-tui mock-org` (directly, or through a `LinkRelay`), sending through RestCore as the
/// app does.
enum ReplicaMode {
    /// The bench's list query with a WHERE that an update can make a row leave.
    static let query =
        "SELECT Id, Name, Title, Email, Phone, Account.Name FROM Contact WHERE Title != 'Gone' ORDER BY Name"

    /// `replica URL` (the token on standard input): times, side by side, (1) the list opened without a replica until `/`
    /// covers every row (`G`, then `y` to load every page) and (2) the list opened again from a
    /// whole replica until `/` covers every row (the replica's file read and every row shown, the
    /// sync's requests sent), then until its sync is done. Then 50 changes by another client (10
    /// created, 20 updated of which 5 no longer match, 20 deleted), a third open from the
    /// replica, and its rows compared with a fresh load. Prints `without: SECONDS`, `with:
    /// SECONDS`, `synced: SECONDS` (from the start), `calls: N`, `rows: N`, `changed calls: N`,
    /// `equal: BOOL`.
    static func run(url: String, token: String) async throws {
        guard let instanceURL = URL(string: url) else { throw BenchFailure("bad url \(url)") }
        let client = RestClient(
            configuration: RestClientConfiguration(instanceURL: instanceURL, accessToken: token, timeout: .seconds(300))
        )
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bench-replica-\(getpid())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("contact-tui/replica.sqlite")

        // Without a replica: the first page, then G and y load every page; / then covers them all.
        let started = ContinuousClock.now
        var bare = ModelRunner(model: model(client), client: client)
        bare.start()
        guard await bare.settle(within: .seconds(600)) else { throw BenchFailure("the first page did not load") }
        bare.press(.character("G"))
        bare.press(.character("y"))
        guard await bare.settle(within: .seconds(600)) else { throw BenchFailure("the pages did not load") }
        let without = (ContinuousClock.now - started).inSeconds
        let total = bare.model.dataRows.count

        // The first open with a replica pages it whole (not timed); the next open is, in a
        // process of its own (`reopen`), as the app's start.
        try await open(client, file: file)
        let output = try runToEnd(CommandLine.arguments[0], ["replica-reopen", url, file.path], input: token + "\n").1
        for line in output.split(separator: "\n") where !line.hasPrefix("rows:") { Modes.say(String(line)) }
        guard output.contains("rows: \(total)\n") else {
            throw BenchFailure("the reopened list does not show \(total) rows: \(output)")
        }
        Modes.say("without: \(without)")
        Modes.say("rows: \(total)")

        try await change(client, rows: bare.model.dataRows)
        let synced = try await open(client, file: file)
        let fresh = try await open(
            client, file: folder.appendingPathComponent("contact-tui/fresh.sqlite"))
        let shown = { (runner: ModelRunner) in runner.model.dataRows.map { [$0.id, $0.displayName] + $0.values } }
        Modes.say("changed calls: \(synced.exchanges.count)")
        Modes.say("changed rows: \(synced.model.dataRows.count) of \(fresh.model.dataRows.count)")
        Modes.say("equal: \(shown(synced) == shown(fresh))")
        await client.shutdown()
    }

    /// `replica-reopen URL FILE` (the token on standard input): the timed re-open, in a process of its own as the app's
    /// start is (a process that freed a list before pays for it in its allocator's next large
    /// request, which a start never does): opens the list from the replica at `FILE` as the app's
    /// start does and prints `with: SECONDS` (until `/` covers every row), `synced: SECONDS`,
    /// `calls: N` and `rows: N`. Run again and again from a shell, it is the loop to profile.
    static func reopen(url: String, token: String, file: String) async throws {
        guard let instanceURL = URL(string: url) else { throw BenchFailure("bad url \(url)") }
        let client = RestClient(
            configuration: RestClientConfiguration(instanceURL: instanceURL, accessToken: token, timeout: .seconds(300))
        )
        let reopened = try await open(client, file: URL(fileURLWithPath: file), reporting: true)
        // The replica's file read alone, after the timed open (its part of "shown"), while the
        // list is still held.
        if let store = ReplicaStore.open(at: URL(fileURLWithPath: file)).store {
            let reading = ContinuousClock.now
            _ = try store.replicatedList(of: query)
            Modes.say("read: \((ContinuousClock.now - reading).inSeconds)")
            try store.close()
        }
        Modes.say("calls: \(reopened.exchanges.count)")
        Modes.say("rows: \(reopened.model.dataRows.count)")
        await client.shutdown()
    }

    private static func model(_ client: RestClient) -> ContactListModel {
        var model = ContactListModel(query: query, origin: "bench", requests: client)
        model.visibleRowCount = 27
        return model
    }

    /// Opens the list with the replica at `file` as the app does at start (its rows shown, then
    /// synced, or paged whole when it holds none) and runs until nothing is in flight.
    @discardableResult
    private static func open(_ client: RestClient, file: URL, reporting: Bool = false) async throws -> ModelRunner {
        guard let store = ReplicaStore.open(at: file).store else { throw BenchFailure("the replica did not open") }
        defer { try? store.close() }
        var runner = ModelRunner(model: model(client), client: client, replica: store)
        let started = ContinuousClock.now
        let (threadCPU, processCPU) = (Proc.threadCPUSeconds(), Self.processCPUSeconds())
        // As the app's start: a screenful, then the rest read on another thread a chunk at a time.
        runner.showCachedRows(screenful: 300)
        runner.start()
        // Every row shown, the sync's requests sent: `/` covers every row the list holds.
        let covered = ContinuousClock.now
        let (threadSpent, processSpent) = (Proc.threadCPUSeconds() - threadCPU, Self.processCPUSeconds() - processCPU)
        guard await runner.settle(within: .seconds(600)) else { throw BenchFailure("the list did not sync") }
        if reporting {
            Modes.say("with: \((covered - started).inSeconds)")
            // CPU spent until then, on this thread and on the others (the replica's reader).
            Modes.say(
                "cpu: \(String(format: "%.1f", threadSpent * 1000)) ms here, \(String(format: "%.1f", (processSpent - threadSpent) * 1000)) ms on other threads"
            )
            Modes.say("synced: \((ContinuousClock.now - started).inSeconds)")
        }
        return runner
    }

    /// CPU time of the whole process, in seconds.
    private static func processCPUSeconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }

    /// 10 contacts created, 20 updated (5 to a Title the list's WHERE leaves out, 15 renamed so
    /// that they move), 20 deleted, by a client other than the list's.
    private static func change(_ client: RestClient, rows: [ContactRecord]) async throws {
        for index in 0..<10 {
            _ = try await client.send(
                client.requestForCreate(
                    withObjectType: "Contact", fields: ["LastName": .string("Bench \(index)")], apiVersion: nil))
        }
        var candidates = rows.filter { $0.isRecord }[...].dropFirst(100)
        for index in 0..<20 {
            guard let record = candidates.popFirst() else { break }
            let fields: [String: JSONValue] =
                index < 5
                ? ["Title": .string("Gone")]
                : ["LastName": .string(index.isMultiple(of: 2) ? "Zz \(index)" : "aa \(index)")]
            _ = try await client.send(
                client.requestForUpdate(withObjectType: "Contact", objectId: record.id, fields: fields, apiVersion: nil)
            )
        }
        var deleted = 0
        while deleted < 20, let record = candidates.popFirst() {
            do {
                _ = try await client.send(
                    client.requestForDelete(withObjectType: "Contact", objectId: record.id, apiVersion: nil))
                deleted += 1
            } catch {
                continue  // a contact with Cases, which the org refuses to delete
            }
        }
    }
}
