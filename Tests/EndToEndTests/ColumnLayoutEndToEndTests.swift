import Foundation
import MockOrg
import TestSupport
import Testing

/// `-` in a real terminal: the hidden column stays hidden in the next session of the same list,
/// kept in an owner-only file beside the query history.
@Suite("The columns' layout, in a terminal")
struct ColumnLayoutEndToEndTests {
    @Test("a column hidden with - is still hidden when the list opens again; the file is 0600")
    func layoutOutlivesTheSession() async throws {
        try await LiveOrg.with(MockOrgConfiguration(contacts: 20)) { org in
            let contacts = try await org.contactNames()
            let state = FileManager.default.temporaryDirectory.appendingPathComponent("cols-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: state) }
            let environment = ["XDG_STATE_HOME": state.path]
            let session = try await TmuxSession(try org.appCommand(), width: 100, height: 20, environment: environment)
            try await session.waitUntil("the contacts are listed") {
                Screen.listShows($0, Screen.shownPrefix(contacts[0].name))
            }
            #expect(try await session.capture().contains("Title"))
            try await session.send("l")
            try await session.send("-")
            try await session.waitUntil("Title is hidden") { $0.contains("Title hidden") }
            try await session.quit()

            let next = try await TmuxSession(try org.appCommand(), width: 100, height: 20, environment: environment)
            let screen = try await next.waitUntil("the contacts are listed again") {
                Screen.listShows($0, Screen.shownPrefix(contacts[0].name))
            }
            #expect(!screen.contains("Title"), "\(screen)")
            #expect(screen.contains("Email"))
            try await next.quit()
            let file = state.appendingPathComponent("contact-tui/columns")
            let mode = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int
            #expect(mode == 0o600)
            #expect(!(try String(contentsOf: file, encoding: .utf8)).contains(org.endpoint.accessToken))
        }
    }
}
