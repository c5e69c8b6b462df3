import Foundation
import MockOrg
import RestCore
import TestSupport
import Testing

/// The org's failure faults as the user meets them in the real binary: deletes whose answer is
/// lost, the header's API usage near the limit, and `list` while the org answers 503.
@Suite("Fault outcomes end to end")
struct FaultOutcomeEndToEndTests {
    @Test("--lose-reply-rate 1: a delete the org applied settles as deleted; one it refused comes back with the alert")
    func lostReplies() async throws {
        let configuration = MockOrgConfiguration(loseReplyRate: 1)
        try await LiveOrg.with(configuration) { org in
            let deleted = try await DeleteEndToEndTests.openOn(org) { _, contact, cases in !cases.contains(contact.id) }
            try await deleted.session.send("d")
            var screen = try await deleted.session.waitUntil("the read-back settles the delete") { screen in
                Screen.statusLine(screen).contains("Deleted \(deleted.prefix)")
            }
            #expect(!screen.contains("Cannot delete item"), "\(screen)")
            #expect(!Screen.listShows(screen, deleted.prefix), "\(screen)")
            #expect(try await !org.exists(deleted.target.id))
            try await deleted.session.quit()

            let refused = try await DeleteEndToEndTests.openOn(org) { _, contact, cases in cases.contains(contact.id) }
            try await refused.session.send("d")
            screen = try await refused.session.waitUntil("the alert names the contact") { screen in
                screen.contains("Cannot delete item")
            }
            #expect(screen.contains("The server did not answer;"), "\(screen)")
            #expect(screen.contains("was not deleted."), "\(screen)")
            try await DeleteEndToEndTests.dismissAlert(
                refused.session, with: "\r", expectingOnTop: refused.target, in: org)
            try await refused.session.quit(afterFailedChanges: true)
        }
    }

    /// The SGR parameters in force where `marker` starts on `line` (a capture with attributes).
    static func attributes(before marker: String, in line: String) -> Set<String> {
        guard let end = line.range(of: marker)?.lowerBound else { return [] }
        var active: Set<String> = []
        for sequence in line[..<end].components(separatedBy: "\u{1B}[").dropFirst() {
            guard let close = sequence.firstIndex(of: "m") else { continue }
            let parameters = sequence[..<close].split(separator: ";").map(String.init)
            if parameters.isEmpty || parameters.contains("0") { active = [] }
            active.formUnion(parameters.filter { $0 != "0" })
        }
        return active
    }

    /// The API usage the header shows, as (used, whether it is drawn in the warning colour).
    static func usage(in screen: String) -> (used: Int, warning: Bool)? {
        let header = screen.components(separatedBy: "\n")[0]
        guard let match = header.firstMatch(of: /API ([0-9]+)\/10\b/), let used = Int(match.1) else { return nil }
        let yellow = "33"
        return (used, attributes(before: String(match.0), in: header).contains(yellow))
    }

    @Test("the header's API usage turns to the warning colour from 90% of the org's limit")
    func usageWarning() async throws {
        let configuration = MockOrgConfiguration(contacts: 20, apiLimit: 10)
        try await LiveOrg.with(configuration) { org in
            // Requests spent elsewhere first, so that a few refreshes cross 90%.
            for _ in 0..<6 { _ = try await org.client.send(org.client.request(forResources: nil)) }
            // Colours on, whatever NO_COLOR the tests run under.
            let session = try await TmuxSession(
                try org.appCommand(), width: 100, height: 30, environment: ["NO_COLOR": ""])
            var screen = try await session.waitUntil(attributes: true, "the header shows the usage") {
                Self.usage(in: $0) != nil
            }
            var seen: [Int: Bool] = [:]
            while let (used, warning) = Self.usage(in: screen) {
                seen[used] = warning
                if used >= 9 { break }
                try await session.send("r")
                screen = try await session.waitUntil(attributes: true, "the usage grows past \(used)") {
                    (Self.usage(in: $0)?.used ?? 0) > used
                }
            }
            #expect(seen.keys.contains { $0 < 9 } && seen.keys.contains { $0 >= 9 }, "\(seen)")
            for (used, warning) in seen {
                #expect(warning == (used >= 9), "API \(used)/10 drawn \(warning ? "in" : "without") the warning colour")
            }
            try await session.quit()
        }
    }

    @Test("list under --unavailable-rate 0.2 prints the same bytes as from a clean org")
    func listWhileUnavailable() async throws {
        let arguments = ["list", "--batch-size", "500", "--query", "SELECT Id, Name, Email FROM Contact ORDER BY Name"]
        let clean = try await LiveOrg.with(MockOrgConfiguration(contacts: 1000)) { org in
            let outcome = try await ListCommandTests.run(arguments + ListCommandTests.orgArguments(org.endpoint))
            return (outcome.status, outcome.output)
        }
        let configuration = MockOrgConfiguration(contacts: 1000, unavailableRate: 0.2)
        let faulty = try await LiveOrg.with(configuration) { org in
            let outcome = try await ListCommandTests.run(arguments + ListCommandTests.orgArguments(org.endpoint))
            return (outcome.status, outcome.output, outcome.error)
        }
        #expect(clean.0 == 0)
        #expect(clean.1.split(separator: "\n").count == 1001)
        #expect(faulty.0 == 0, "\(faulty.2)")
        #expect(faulty.1 == clean.1)
    }
}
