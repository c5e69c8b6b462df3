import Foundation
import MockOrg
import RestCore
import TestSupport
import Testing

/// Deleting a parent in a real terminal: the question names the children that go with it, and
/// the org holds neither afterwards.
@Suite("A delete that takes children with it, in a terminal")
struct CascadeDeleteEndToEndTests {
    @Test("d on an Account with Contacts asks, naming them; y deletes the Account and its Contacts; U restores all")
    func deletingAnAccountNamesItsContacts() async throws {
        try await LiveOrg.with(MockOrgConfiguration(contacts: 300)) { org in
            // An account with contacts, none of which (nor the account) a Case refers to, so the
            // org lets it go.
            let cases = try await org.records("SELECT AccountId, ContactId FROM Case")
            let blocked = Set(
                cases.flatMap { [$0["AccountId"]?.stringValue, $0["ContactId"]?.stringValue] }.compactMap { $0 })
            let accounts = try await org.records("SELECT Id, Name, (SELECT Id FROM Contacts) FROM Account")
            var chosen: (id: String, name: String, contacts: [String])?
            for account in accounts {
                guard let id = account["Id"]?.stringValue, let name = account["Name"]?.stringValue,
                    !blocked.contains(id)
                else { continue }
                let contacts = (account["Contacts"]?["records"]?.arrayValue ?? []).compactMap { $0["Id"]?.stringValue }
                if contacts.count >= 2, !contacts.contains(where: blocked.contains) {
                    chosen = (id, name, contacts)
                    break
                }
            }
            let target = try #require(chosen)
            let session = try await TmuxSession(
                try org.appCommand(["--query", "SELECT Id, Name, Industry FROM Account WHERE Id = '\(target.id)'"]),
                width: 100, height: 30)
            try await session.waitUntil("the account is listed") {
                Screen.listShows($0, Screen.shownPrefix(target.name))
            }
            try await session.send("d")
            let question = "Delete \(target.name) and its \(target.contacts.count) Contacts? y/N"
            try await session.waitUntil("the question names the contacts") { $0.contains(question) }
            #expect(try await org.exists(target.contacts[0]), "nothing is deleted before y")
            try await session.send("y")
            let deleted = "Deleted \(target.name) and its \(target.contacts.count) Contacts"
            try await session.waitUntil("the delete is confirmed") { Screen.statusLine($0).contains(deleted) }
            for contact in target.contacts { #expect(try await !org.exists(contact)) }
            #expect(try await org.records("SELECT Id FROM Account WHERE Id = '\(target.id)'").isEmpty)
            // U takes the Account out of the Recycle Bin, and the org brings its Contacts with it.
            try await session.send("U")
            try await session.waitUntil("the undo is confirmed") {
                Screen.statusLine($0).contains("Restored \(target.name)")
            }
            #expect(Screen.listShows(try await session.capture(), Screen.shownPrefix(target.name)))
            for contact in target.contacts { #expect(try await org.exists(contact)) }
            try await session.quit()
        }
    }
}
