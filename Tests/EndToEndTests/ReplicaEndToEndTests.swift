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
        let first = try await LiveOrg.with { org in
            let names = try await org.contactNames()
            let session = try await TmuxSession(try org.appCommand(), width: 100, height: 30, environment: environment)
            try await session.waitUntil("the first contacts are listed") { screen in
                Screen.listShows(screen, Screen.shownPrefix(names[0].name))
            }
            #expect(!(try await session.capture()).contains("cached"))
            try await session.quit()
            return names[0].name
        }

        // Another org of the same seed (the mock org's org and user ids never change), whose
        // answers to the data API's reads are held: only the replica can show rows.
        let gate = AnswerGate(holding: ["GET"])
        try await LiveOrg.with(MockOrgConfiguration().holdingAnswers(at: gate)) { org in
            let session = try await TmuxSession(try org.appCommand(), width: 100, height: 30, environment: environment)
            try await session.waitUntil("the kept rows show while the query is held") { screen in
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
}
