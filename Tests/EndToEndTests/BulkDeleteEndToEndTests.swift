import Foundation
import MockOrg
import RestCore
import TestSupport
import Testing

/// Marks and bulk delete, driven in a real terminal against a mock org the test starts.
@Suite("Bulk delete in a terminal")
struct BulkDeleteEndToEndTests {
    typealias Contact = OrgContact

    /// The first position (from 1, within 20 rows) of five neighbouring contacts whose shown
    /// prefixes are unique and of which exactly one has Cases.
    static func fiveNeighbours(_ contacts: [Contact], withOneOf cases: Set<String>) throws -> Int {
        let prefixes = contacts.map { Screen.shownPrefix($0.name) }
        for start in 1..<min(20, contacts.count - 5) {
            let range = start..<start + 5
            let withCases = contacts[range].filter { cases.contains($0.id) }.count
            let unique = range.allSatisfy { index in prefixes.filter { $0 == prefixes[index] }.count == 1 }
            if withCases == 1 && unique { return start }
        }
        throw TestSupportFailure("no five neighbouring contacts with one that has Cases")
    }

    @Test("Space on five rows, one with Cases, then d and y: four rows gone, one back on top, one alert naming it")
    func fiveMarksOneWithCases() async throws {
        // The org holds the deletes until the test has seen them pending.
        let gate = AnswerGate()
        try await LiveOrg.with(MockOrgConfiguration().holdingAnswers(at: gate)) { org in
            let contacts = try await org.contactNames()
            let cases = try await org.contactIDsWithCases()
            let start = try Self.fiveNeighbours(contacts, withOneOf: cases)
            let five = Array(contacts[start..<start + 5])
            let refused = try #require(five.first { cases.contains($0.id) })
            let deleted = five.filter { $0 != refused }

            let session = try await DeleteEndToEndTests.open(org, contacts)
            try await DeleteEndToEndTests.moveDown(session, start)
            try await session.send("Space", "Space", "Space", "Space", "Space")
            let marked = try await session.waitUntil("five rows are marked") { screen in
                Screen.statusLine(screen).contains("5 marked")
            }
            let markedLines = Screen.listLines(marked).filter { $0.hasPrefix("*") }
            #expect(markedLines.count == 5, "\(marked)")
            for contact in five {
                let prefix = "*" + Screen.shownPrefix(contact.name)
                #expect(markedLines.contains { $0.hasPrefix(prefix) }, "\(marked)")
            }
            try await session.send("d")
            try await session.waitUntil("d asks first") { $0.contains("Delete 5 contacts? y/N") }
            #expect(try await org.exists(refused.id), "nothing is sent before y")
            try await session.send("y")
            try await session.waitUntil("the five rows leave at once") { screen in
                Screen.statusLine(screen).contains("5 deletes pending")
                    && five.allSatisfy { !Screen.listShows(screen, Screen.shownPrefix($0.name)) }
            }
            try await gate.waitUntilHolding()
            #expect(try await org.exists(deleted[0].id), "held, so not applied yet")
            gate.open()
            let alert = try await session.waitUntil("one alert names the refused contact") { screen in
                screen.contains("Cannot delete item") && !Screen.statusLine(screen).contains("pending")
            }
            #expect(alert.contains("1 contact was not deleted"), "\(alert)")
            #expect(alert.contains(Screen.shownPrefix(refused.name)), "\(alert)")
            #expect(alert.contains("associated with"), "\(alert)")
            #expect(!alert.contains("1 of"), "one alert only:\n\(alert)")
            let screen = try await DeleteEndToEndTests.dismissAlert(
                session, with: "Enter", expectingOnTop: refused, in: org)
            for contact in deleted {
                #expect(!Screen.listShows(screen, Screen.shownPrefix(contact.name)), "\(contact.name) is gone")
                #expect(try await org.exists(contact.id) == false)
            }
            #expect(!Screen.statusLine(screen).contains("marked"))
            try await session.quit(afterFailedChanges: true)
        }
    }
}
