import Foundation
import MockOrg
import RestCore
import TestSupport
import Testing

/// `U` in a real terminal against a mock org: the SOAP undelete takes records back out of the
/// org's Recycle Bin, checked through the org's own REST API.
@Suite("Undo in a terminal")
struct UndoEndToEndTests {
    typealias Contact = OrgContact

    @Test("d then U: the record is back in the org and on screen")
    func single() async throws {
        try await LiveOrg.with { org in
            let (session, target, prefix) = try await DeleteEndToEndTests.openOn(org) { index, contact, cases in
                index > 0 && !cases.contains(contact.id)
            }
            try await session.send("d")
            try await session.waitUntil("the delete is confirmed and U is offered") { screen in
                Screen.statusLine(screen).contains("Deleted \(prefix)")
                    && Screen.statusLine(screen).contains("U undo") && !Screen.listShows(screen, prefix)
            }
            #expect(try await org.exists(target.id) == false)
            try await session.send("U")
            let screen = try await session.waitUntil("the org restores it") { screen in
                Screen.statusLine(screen).contains("Restored \(prefix)")
            }
            #expect(Screen.listLines(screen).filter { $0.contains(prefix) }.count == 1, "\(screen)")
            #expect(try await org.exists(target.id))
            try await session.quit()
        }
    }

    @Test("five marked and deleted, then U: all five are back in the org and on screen")
    func bulk() async throws {
        try await LiveOrg.with { org in
            let contacts = try await org.contactNames()
            let cases = try await org.contactIDsWithCases()
            let prefixes = contacts.map { Screen.shownPrefix($0.name) }
            // Five neighbours without Cases (so all five are deleted) and with unique prefixes.
            let start = try #require(
                (1..<min(20, contacts.count - 5)).first { start in
                    (start..<start + 5).allSatisfy { index in
                        !cases.contains(contacts[index].id) && prefixes.filter { $0 == prefixes[index] }.count == 1
                    }
                }, "no five neighbouring contacts without Cases")
            let five = Array(contacts[start..<start + 5])
            let session = try await DeleteEndToEndTests.open(org, contacts)
            try await DeleteEndToEndTests.moveDown(session, start)
            try await session.send("Space", "Space", "Space", "Space", "Space")
            try await session.waitUntil("five rows are marked") { Screen.statusLine($0).contains("5 marked") }
            try await session.send("d")
            try await session.waitUntil("d asks first") { $0.contains("Delete 5 contacts? y/N") }
            try await session.send("y")
            try await session.waitUntil("the five are deleted and U is offered") { screen in
                Screen.statusLine(screen).contains("Deleted 5 contacts · U undo")
            }
            for contact in five { #expect(try await org.exists(contact.id) == false) }
            try await session.send("U")
            let screen = try await session.waitUntil("the org restores all five") { screen in
                Screen.statusLine(screen).contains("Restored 5 contacts")
            }
            for contact in five {
                #expect(Screen.listShows(screen, Screen.shownPrefix(contact.name)), "\(contact.name)\n\(screen)")
                #expect(try await org.exists(contact.id))
            }
            try await session.quit()
        }
    }

    @Test("--recycle-bin lists a contact deleted elsewhere, with its delete date; U restores it and it leaves the bin")
    func recycleBin() async throws {
        try await LiveOrg.with { org in
            let contacts = try await org.contactNames()
            let cases = try await org.contactIDsWithCases()
            let (_, target) = try DeleteEndToEndTests.pick(contacts) { _, contact in !cases.contains(contact.id) }
            _ = try await org.client.send(
                org.client.requestForDelete(withObjectType: "Contact", objectId: target.id, apiVersion: nil))
            #expect(try await org.exists(target.id) == false)
            let prefix = Screen.shownPrefix(target.name)
            let session = try await TmuxSession(try org.appCommand(["--recycle-bin"]), width: 100, height: 30)
            let bin = try await session.waitUntil("the bin lists the deleted contact") { screen in
                Screen.listShows(screen, prefix)
            }
            #expect(bin.contains("SystemModstamp"), "\(bin)")
            try await session.send("d")
            try await session.waitUntil("d refuses in the bin") { Screen.statusLine($0).contains("Recycle Bin") }
            try await session.send("U")
            let screen = try await session.waitUntil("the org restores it") { screen in
                Screen.statusLine(screen).contains("Restored \(prefix)")
            }
            #expect(!Screen.listShows(screen, prefix), "\(screen)")
            #expect(try await org.exists(target.id))
            try await session.quit()
        }
    }
}
