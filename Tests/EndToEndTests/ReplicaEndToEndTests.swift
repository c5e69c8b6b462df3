import Foundation
import MockOrg
import TestSupport
import Testing

/// The local replica through the real binary: open, quit, reopen, and the rows show before the
/// org answers the query.
@Suite("The local replica, end to end")
struct ReplicaEndToEndTests {
    @Test("open, quit, reopen: the kept rows show under 'cached … · syncing…' while the query is held, then 'synced'")
    func reopenShowsKeptRows() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("replica-e2e-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let environment = [
            "XDG_CACHE_HOME": folder.appendingPathComponent("cache").path,
            "XDG_STATE_HOME": folder.appendingPathComponent("state").path,
        ]
        let first = try await LiveOrg.with { org in try await Self.openAndQuit(org, environment: environment) }

        // Another org of the same seed (the mock org's org and user ids never change), whose
        // answers to the data API's reads are held: only the replica can show rows.
        let gate = AnswerGate(holding: ["GET"])
        try await LiveOrg.with(MockOrgConfiguration().holdingAnswers(at: gate)) { org in
            try await Self.expectKeptRowsWhileHeld(org, gate: gate, first: first, environment: environment)
        }
    }

    @Test(
        "a start with a token seen before shows the kept rows before the org says who the user is; a new token waits for it"
    )
    func knownTokenStartsAtOnce() async throws {
        let (folder, environment, token, first) = try await Self.firstOpenWithToken()
        defer { try? FileManager.default.removeItem(at: folder) }
        let knownOwners = folder.appendingPathComponent("cache/contact-tui/known-owners")
        let remembered = try String(contentsOf: knownOwners, encoding: .utf8)
        #expect(!remembered.contains(token) && !remembered.contains("instant-start-token"))

        // The same token, against an org (of the same seed) slow to answer anything, `userinfo`
        // included: the first frame already holds the kept rows, the sync still running.
        let gate = AnswerGate(holding: ["GET"], holdsUserInfo: true)
        try await LiveOrg.with(
            MockOrgConfiguration(accessToken: token, latency: .milliseconds(300)).holdingAnswers(at: gate)
        ) { org in
            try await Self.expectKeptRowsWhileHeld(org, gate: gate, first: first, environment: environment)
        }

        // Another token: nothing is shown until the org says who the user is.
        let otherGate = AnswerGate(holding: ["GET"], holdsUserInfo: true)
        try await LiveOrg.with(MockOrgConfiguration(accessToken: token + "-renewed").holdingAnswers(at: otherGate)) {
            org in
            let session = try await TmuxSession(try org.appCommand(), width: 100, height: 30, environment: environment)
            try await otherGate.waitUntilHolding(1)
            #expect(!Screen.listShows(try await session.capture(), Screen.shownPrefix(first)))
            #expect(otherGate.arrivals == 1)
            otherGate.open()
            try await session.waitUntil("the list opens once the org answered") { screen in
                Screen.listShows(screen, Screen.shownPrefix(first)) && screen.contains(" · synced")
            }
            try await session.quit()
        }
        // Both tokens are remembered now, by digest only.
        let both = try String(contentsOf: knownOwners, encoding: .utf8)
        #expect(both.split(separator: "\n").count == 2)
        #expect(!both.contains("instant-start-token"))
    }

    @Test(
        "a token remembered for another user than the org names: the stores and kept rows are dropped with one sentence"
    )
    func ownerTheOrgDeniesIsDropped() async throws {
        let (folder, environment, token, first) = try await Self.firstOpenWithToken()
        defer { try? FileManager.default.removeItem(at: folder) }
        // The token's digest is made to name another user of the org, and that user is given the
        // kept rows: a start opens them at once, and the org's userinfo then denies them.
        let cache = folder.appendingPathComponent("cache/contact-tui")
        let knownOwners = cache.appendingPathComponent("known-owners")
        let line = try String(contentsOf: knownOwners, encoding: .utf8)
        let parts = line.split(separator: " ").map { String($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        try #require(parts.count == 3)
        let otherUser = String(parts[2].prefix(3)) + String(repeating: "9", count: parts[2].count - 3)
        try "\(parts[0]) \(parts[1]) \(otherUser)\n".write(to: knownOwners, atomically: true, encoding: .utf8)
        for suffix in ["", "-wal", "-shm"] {
            let kept = cache.appendingPathComponent("\(parts[1])-\(parts[2]).sqlite\(suffix)")
            if FileManager.default.fileExists(atPath: kept.path) {
                try FileManager.default.moveItem(
                    at: kept, to: cache.appendingPathComponent("\(parts[1])-\(otherUser).sqlite\(suffix)"))
            }
        }

        let gate = AnswerGate(holding: ["GET"])
        try await LiveOrg.with(MockOrgConfiguration(accessToken: token).holdingAnswers(at: gate)) { org in
            let session = try await TmuxSession(try org.appCommand(), width: 140, height: 30, environment: environment)
            try await session.waitUntil("the kept rows are dropped with one sentence while the query is held") {
                screen in
                screen.contains("belongs to another user: the local rows and outbox are not used")
                    && !Screen.listShows(screen, Screen.shownPrefix(first)) && !screen.contains("cached")
            }
            #expect(!gate.isOpen)
            gate.open()
            try await session.waitUntil("the org's rows show") { screen in
                Screen.listShows(screen, Screen.shownPrefix(first))
            }
            try await session.quit()
        }
        // The org's answer is what the token's digest names now.
        #expect(try String(contentsOf: knownOwners, encoding: .utf8) == line)
    }

    /// A first open, with a token of its own, keeping its files in a new folder (the caller removes
    /// it): the folder, the environment that names it, the token, and the first contact's name.
    private static func firstOpenWithToken() async throws -> (URL, [String: String], String, String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("replica-e2e-\(UUID().uuidString)")
        let environment = [
            "XDG_CACHE_HOME": folder.appendingPathComponent("cache").path,
            "XDG_STATE_HOME": folder.appendingPathComponent("state").path,
        ]
        let token = "00D000000000001!instant-start-token-\(UUID().uuidString)"
        let first = try await LiveOrg.with(MockOrgConfiguration(accessToken: token)) { org in
            try await openAndQuit(org, environment: environment)
        }
        return (folder, environment, token, first)
    }

    /// Opens the list against `org` with no replica yet, waits for its first contact, quits;
    /// that contact's name.
    private static func openAndQuit(_ org: LiveOrg, environment: [String: String]) async throws -> String {
        let names = try await org.contactNames()
        let session = try await TmuxSession(try org.appCommand(), width: 100, height: 30, environment: environment)
        try await session.waitUntil("the first contacts are listed") { screen in
            Screen.listShows(screen, Screen.shownPrefix(names[0].name))
        }
        #expect(!(try await session.capture()).contains("cached"))
        try await session.quit()
        return names[0].name
    }

    /// Opens the list against `org`, whose reads `gate` holds: the kept rows (`first` among them)
    /// show under "cached just now · syncing…" while nothing is answered; once the gate opens, the
    /// org's rows replace them and the header says "synced".
    private static func expectKeptRowsWhileHeld(
        _ org: LiveOrg, gate: AnswerGate, first: String, environment: [String: String]
    ) async throws {
        let session = try await TmuxSession(try org.appCommand(), width: 100, height: 30, environment: environment)
        try await session.waitUntil("the kept rows show while the org's answers are held") { screen in
            Screen.listShows(screen, Screen.shownPrefix(first)) && screen.contains("cached just now · syncing…")
        }
        #expect(!gate.isOpen)
        gate.open()
        try await session.waitUntil("the org's rows replace them") { screen in
            Screen.listShows(screen, Screen.shownPrefix(first)) && screen.contains(" · synced")
        }
        try await session.quit()
    }
}
