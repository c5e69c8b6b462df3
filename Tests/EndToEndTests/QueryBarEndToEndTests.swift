import Foundation
import MockOrg
import RestCore
import TestSupport
import Testing

/// `:` in a real terminal: a typo shows the org's reason and a caret while the rows stay, the
/// fixed query loads, a bare object name opens its records, and the history outlives the session.
@Suite("The query bar, in a terminal")
struct QueryBarEndToEndTests {
    /// The column of the caret on the line under the query's line that holds `word`, when the
    /// caret is right under `word`; nil otherwise.
    static func caretColumn(in screen: String, under word: String) -> Int? {
        let lines = screen.components(separatedBy: "\n").map { Array($0) }
        let target = Array(word)
        for (number, line) in lines.enumerated().dropLast() where line.contains("│") {
            guard
                let start = (0...max(0, line.count - target.count)).first(where: {
                    Array(line[$0..<min($0 + target.count, line.count)]) == target
                })
            else { continue }
            if lines[number + 1].firstIndex(of: "^") == start { return start }
        }
        return nil
    }

    @Test("a typo keeps the rows and points at the error; the fix loads; :Account opens accounts; ↑ remembers")
    func typoFixAndHistory() async throws {
        try await LiveOrg.with(MockOrgConfiguration(contacts: 300)) { org in
            let contacts = try await org.contactNames()
            let state = FileManager.default.temporaryDirectory.appendingPathComponent("qb-\(UUID().uuidString)")

            defer { try? FileManager.default.removeItem(at: state) }
            let environment = ["XDG_STATE_HOME": state.path]
            let session = try await TmuxSession(
                try org.appCommand(), width: 100, height: 30, environment: environment)
            try await session.waitUntil("the contacts are listed") {
                Screen.listShows($0, Screen.shownPrefix(contacts[0].name))
            }
            #expect(try await session.capture().hasPrefix(" Contact · query · "))
            try await session.send(":")
            try await session.send("C-u")
            try await session.type("SELECT Id, Name, Title FORM Contact ORDER BY Name")
            try await session.send("Enter")
            let refused = try await session.waitUntil("the org's reason shows") { $0.contains("unexpected token") }
            #expect(
                Self.caretColumn(in: refused, under: "Contact") != nil,
                "the caret is under the token the org names: \(refused)")
            #expect(Screen.listShows(refused, Screen.shownPrefix(contacts[0].name)), "the rows stay")
            // Fix the typo: FORM → FROM, with the bar's own keys.
            try await session.send("C-u")
            try await session.type("SELECT Id, Name, Title FROM Contact ORDER BY Name DESC")
            try await session.send("Enter")
            try await session.waitUntil("the new query's rows show, with its Title column") { screen in
                !screen.contains("unexpected token") && screen.contains("Title") && screen.contains("Name ▼")
            }
            try await session.send(":")
            try await session.send("C-u")
            try await session.type("Account")
            try await session.send("Enter")
            try await session.waitUntil("the accounts show, in their first list view") {
                $0.hasPrefix(" Account · All Accounts · ")
            }
            try await session.quit()

            // The next session's ↑ finds the queries, newest first.
            let next = try await TmuxSession(try org.appCommand(), width: 100, height: 30, environment: environment)
            try await next.waitUntil("the contacts are listed") {
                Screen.listShows($0, Screen.shownPrefix(contacts[0].name))
            }
            try await next.send(":")
            try await next.send("Up")
            try await next.waitUntil("↑ shows the last query") { $0.contains(":Account") }
            try await next.send("Up")
            try await next.waitUntil("↑ again shows the one before") {
                $0.contains(":SELECT Id, Name, Title FROM Contact ORDER BY Name DESC")
            }
            try await next.send("Escape")
            try await next.quit()
            let file = state.appendingPathComponent("contact-tui/history")
            let mode = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int
            #expect(mode == 0o600)
            let text = try String(contentsOf: file, encoding: .utf8)
            #expect(!text.contains(org.endpoint.accessToken))
        }
    }

    @Test("the history keeps 200 queries per org, newest first, each once, a refused one too, and other orgs' alone")
    func historyLimits() async throws {
        try await LiveOrg.with(MockOrgConfiguration(contacts: 30)) { org in
            let state = FileManager.default.temporaryDirectory.appendingPathComponent("qh-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: state) }
            let file = state.appendingPathComponent("contact-tui/history")
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            let here = "\(org.endpoint.url.host ?? ""):\(org.endpoint.url.port ?? 0)"
            func line(_ org: String, _ query: String) throws -> String {
                String(
                    decoding: try JSONSerialization.data(withJSONObject: ["org": org, "query": query]), as: UTF8.self)
            }
            // 205 of this org's queries, oldest first, the newest a repeat of the first; three of another org.
            var lines = try (0..<204).map { try line(here, "SELECT Id FROM Contact LIMIT \($0 + 1)") }
            lines.append(try line(here, "SELECT Id FROM Contact LIMIT 1"))
            lines += try (0..<3).map { try line("other.example:443", "SELECT Id FROM Account LIMIT \($0 + 1)") }
            try (lines.joined(separator: "\n") + "\n").write(to: file, atomically: true, encoding: .utf8)

            let session = try await TmuxSession(
                try org.appCommand(), width: 100, height: 30, environment: ["XDG_STATE_HOME": state.path])
            try await session.waitUntil("the contacts are listed") { $0.contains("30 of 30") }
            try await session.send(":")
            try await session.send("C-u")
            try await session.type("SELECT Id, Nme FROM Contact")
            try await session.send("Enter")
            try await session.waitUntil("the org refuses it") { $0.contains("INVALID_FIELD") }
            try await session.send("Escape")
            try await session.quit()

            let kept = try String(contentsOf: file, encoding: .utf8).split(separator: "\n").compactMap {
                try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: String]
            }
            let mine = kept.filter { $0["org"] == here }.compactMap { $0["query"] }
            #expect(mine.count == 200)
            #expect(Set(mine).count == mine.count, "each query once")
            #expect(mine.last == "SELECT Id, Nme FROM Contact", "the refused query is kept, as the newest")
            #expect(mine.dropLast().last == "SELECT Id FROM Contact LIMIT 1", "a repeat moves to the newest end")
            #expect(!mine.contains("SELECT Id FROM Contact LIMIT 2"), "the oldest went")
            #expect(kept.filter { $0["org"] == "other.example:443" }.count == 3)
        }
    }
}
