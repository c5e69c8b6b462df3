import Foundation
import MockOrg
import RestCore
import TestSupport
import Testing

/// A conflict the user has not decided when the app quits stays in the outbox: the quit says so,
/// and the next start asks again with both values, sending nothing meanwhile.
@Suite("A conflict survives a restart, end to end")
struct ConflictRestartEndToEndTests {
    @Test("an edit's 412 left undecided at a quit: the quit says so, and the next start asks again with both values")
    func editConflictAcrossQuit() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("conflict-e2e-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let environment = [
            "XDG_CACHE_HOME": folder.appendingPathComponent("cache").path,
            "XDG_STATE_HOME": folder.appendingPathComponent("state").path,
        ]
        try await LiveOrg.with(MockOrgConfiguration(contacts: 40)) { org in
            let target = try #require(try await org.contactNames().first)
            let stderr = TemporaryFile()
            let session = try await TmuxSession(
                QuitEndToEndTests.capturingStandardError(try org.appCommand(), in: stderr), width: 120, height: 32,
                environment: environment)
            try await session.waitUntil("the list opens") { Screen.listShows($0, Screen.shownPrefix(target.name)) }
            // Someone else edits the first contact's Email after the list read it.
            _ = try await org.client.send(
                org.client.requestForUpdate(
                    withObjectType: "Contact", objectId: target.id, fields: ["Email": .string("theirs@example.com")]))
            try await session.send("l", "l", "e")
            try await session.waitUntil("the editor is open") { $0.contains("Enter save") }
            try await session.send("C-u")
            try await session.type("mine@example.com")
            try await session.send("Enter")
            let bothValues: @Sendable (String) -> Bool = { screen in
                screen.contains("Changed meanwhile") && screen.contains("theirs@example.com")
                    && screen.contains("mine@example.com")
            }
            try await session.waitUntil("the 412 is an alert showing both values", bothValues)
            // Quit with the alert up: nothing decided.
            try await session.quit(with: "C-c", afterFailedChanges: true)
            #expect(
                stderr.text.contains(
                    "1 change is in conflict with the org's copy and was not sent: the next start asks again."))
            #expect(!stderr.text.contains("made offline"))

            let again = try await TmuxSession(try org.appCommand(), width: 120, height: 32, environment: environment)
            try await again.waitUntil("the next start asks again, with both values", bothValues)
            try await again.send("Enter")
            try await again.waitUntil("the alert is dismissed") { !$0.contains("Changed meanwhile") }
            // The edit did not go through in this session either: exit status 1.
            try await again.quit(afterFailedChanges: true)
            #expect(try await OfflineEndToEndTests.email(of: target.id, in: org) == "theirs@example.com")
        }
    }
}
