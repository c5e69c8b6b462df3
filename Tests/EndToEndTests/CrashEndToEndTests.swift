import Foundation
import Replica
import RestCore
import TestSupport
import Testing

/// `kill -9` of the app with 100 deletes in flight, then a new start against the same org: the
/// durable outbox holds what was in flight, and the new start reconciles each by reading the
/// record back, never by sending it again.
@Suite("kill -9 with deletes in flight")
struct CrashEndToEndTests {
    /// A list whose every row shows a value of its own (the seeded e-mail addresses are unique and
    /// ASCII), so that the screen tells each record apart.
    static let query = "SELECT Id, Email FROM Contact WHERE Email != null ORDER BY Email"
    static let deletes = 100

    /// The e-mail addresses the list shows, top to bottom.
    static func shownEmails(_ screen: String) -> [String] {
        Screen.filledListLines(screen).compactMap { line in
            line.split(separator: " ").first { $0.contains("@") }.map(String.init)
        }
    }

    /// The record ids of the DELETEs a `--log-file` says were sent, in order.
    static func deletesSent(_ log: String) -> [String] {
        let delete = try! NSRegularExpression(
            pattern: "DELETE /services/data/v[0-9.]+/sobjects/Contact/([0-9A-Za-z]{18})")
        return delete.matches(in: log, range: NSRange(log.startIndex..., in: log)).compactMap { match in
            Range(match.range(at: 1), in: log).map { String(log[$0]) }
        }
    }

    /// The number before `words` in an alert's text ("97 deleted"); 0 when it does not say it.
    static func count(_ words: String, in text: String) -> Int {
        let pattern = try! NSRegularExpression(pattern: "(\\d+) \(words)")
        let match = pattern.firstMatch(in: text, range: NSRange(text.startIndex..., in: text))
        return match.flatMap { Range($0.range(at: 1), in: text) }.flatMap { Int(text[$0]) } ?? 0
    }

    @Test(
        "kill -9 with 100 deletes in flight at --latency 2000: a new start reconciles each; 0 lost, 0 ghosts, 0 duplicated, the outbox empty"
    )
    func killedWithDeletesInFlight() async throws {
        let org = try await MockOrgSession(["--contacts", "130", "--latency", "2000"])
        let before = try await org.records(Self.query)
        let idsByEmail = Dictionary(
            uniqueKeysWithValues: before.map { ($0["Email"]?.stringValue ?? "", $0["Id"]?.stringValue ?? "") })
        try #require(idsByEmail.count == before.count && before.count > Self.deletes + 10)

        let folder = try TemporaryFolder()
        let environment = [
            "XDG_CACHE_HOME": folder.url.appendingPathComponent("cache").path,
            "XDG_STATE_HOME": folder.url.appendingPathComponent("state").path,
        ]
        let stateFolder = try #require(ReplicaLocation(environment: environment)).stateDirectory
        // Every row on one screen: the list, two lines above it and three below.
        let height = before.count + 8
        let command = try org.appCommand(["--query", Self.query, "--log-file"])

        // The first process: the whole list, 100 `d` in one burst, each its own DELETE, then kill -9
        // while the org holds them in its 2 s of latency.
        let firstLog = TemporaryFile("log")
        let first = try await TmuxSession(
            command + [firstLog.path], width: 100, height: height, environment: environment)
        try await first.waitUntil(timeout: .seconds(120), "the whole list shows") { screen in
            Self.shownEmails(screen).count == before.count
        }
        let app = try await SignalTests.appPID(first)
        try await TmuxSession.tmux(
            ["-L", first.socket, "send-keys", "-t", "main"] + Array(repeating: "d", count: Self.deletes))
        let sent = await waitUntil(within: .seconds(120)) { Self.deletesSent(firstLog.text).count >= Self.deletes }
        #expect(kill(app, SIGKILL) == 0)
        try #require(sent, "the DELETEs were not all sent:\n\(firstLog.text)")
        #expect(try await first.waitForExit() == 128 + SIGKILL, "the pane's shell goes on after the kill")
        let deleted = Self.deletesSent(firstLog.text)
        #expect(deleted.count == Self.deletes && Set(deleted).count == Self.deletes, "each row its own DELETE")
        #expect(Set(deleted).isSubset(of: Set(idsByEmail.values)))

        // The org's and user's outbox, the one database of the state folder.
        let databases = try FileManager.default.contentsOfDirectory(at: stateFolder, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "sqlite" }
        try #require(databases.count == 1, "\(databases)")
        let outboxFile = databases[0]
        // What the outbox holds: the deletes not answered before the kill (with 2 s of latency, all
        // of them unless the machine is very slow).
        let store = try #require(OutboxStore.open(at: outboxFile).store)
        let left = try store.entries()
        try store.close()
        // Without one, no alert would come: stop here rather than wait for it.
        try #require(!left.isEmpty, "the kill came after every answer")
        #expect(left.allSatisfy { $0.kind == .delete && Set(deleted).contains($0.recordID ?? "") })
        #expect(Set(left.compactMap(\.recordID)).count == left.count)

        // The second process, against the same org: one alert tells what became of them.
        let secondLog = TemporaryFile("log")
        let second = try await TmuxSession(
            command + [secondLog.path], width: 100, height: height, environment: environment)
        let alert = try await second.waitUntil(timeout: .seconds(240), "the reconciliation alert") { screen in
            screen.contains("From the last session")
                && ["deleted", "not deleted", "unknown"].contains { Self.count($0, in: screen) > 0 }
        }
        let (gone, putBack, unknown) = (
            Self.count("deleted", in: alert), Self.count("not deleted", in: alert), Self.count("unknown", in: alert)
        )
        #expect(gone + putBack + unknown == left.count, "every left delete is told once:\n\(alert)")
        #expect(unknown == 0, "every record could be read back:\n\(alert)")
        try await second.send("Enter")

        // The org's records now, and the list once every read and the first page are in.
        let after = try await org.records(Self.query)
        let orgEmails = Set(after.compactMap { $0["Email"]?.stringValue })
        var screen = ""
        do {
            screen = try await second.waitUntil(timeout: .seconds(120), "the list shows the org's records") { screen in
                Set(Self.shownEmails(screen)) == orgEmails && !Screen.statusLine(screen).contains("pending")
            }
        } catch {
            // The checks below say what differs.
            screen = try await second.capture()
        }
        let shown = Self.shownEmails(screen)
        let lost = orgEmails.subtracting(shown)
        let ghosts = Set(shown).subtracting(orgEmails)
        let duplicated = Dictionary(grouping: shown) { $0 }.filter { $0.value.count > 1 }.keys
        #expect(lost.isEmpty, "lost: \(lost.sorted())\n\(screen)")
        #expect(ghosts.isEmpty, "ghosts: \(ghosts.sorted())\n\(screen)")
        #expect(duplicated.isEmpty, "duplicated: \(duplicated.sorted())\n\(screen)")
        // Each of the 100: gone from the org and not shown, or in the org and shown once.
        let orgIDs = Set(after.compactMap { $0["Id"]?.stringValue })
        let shownIDs = shown.compactMap { idsByEmail[$0] }
        for id in deleted {
            #expect(shownIDs.filter { $0 == id }.count == (orgIDs.contains(id) ? 1 : 0), "\(id)")
        }
        #expect(deleted.filter { !orgIDs.contains($0) }.count >= gone, "the alert's deletes are gone from the org")
        #expect(Self.deletesSent(secondLog.text).isEmpty, "a left delete was sent again:\n\(secondLog.text)")

        // The new start's own entries settled with the reads: once it quits (read while it runs,
        // the file could be busy), the outbox is empty.
        try await second.send("q")
        _ = try await second.waitForExit()
        let afterwards = try #require(OutboxStore.open(at: outboxFile).store)
        #expect(try afterwards.entries() == [])
        try afterwards.close()
    }
}
