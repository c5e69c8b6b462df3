import Foundation
import MockOrg
import TestSupport
import Testing

/// The filter's org search in a real terminal, against a mock org with more contacts than a page.
@Suite("Org search in a terminal")
struct OrgSearchEndToEndTests {
    static let name = "Zyxwvut"
    static let divider = "── in the org"

    /// Whether the list shows the divider with the contact on a line below it.
    static func foundBelowDivider(_ screen: String) -> Bool {
        let lines = Screen.listLines(screen)
        guard let divider = lines.firstIndex(where: { $0.contains(Self.divider) }) else { return false }
        return lines[(divider + 1)...].contains { $0.contains(Self.name) }
    }

    @Test("/ finds a contact no page loaded, below the divider, and Enter opens it")
    func findsUnloadedContact() async throws {
        try await LiveOrg.with(MockOrgConfiguration(contacts: 1000)) { org in
            // Sorted by Name, it comes after every seeded contact: the first page of 200 lacks it.
            let id = try await org.createContact(lastName: Self.name)
            let contacts = try await org.contactNames()
            // Without a replica the list pages only as the selection nears its end: the org search
            // is for a list not held whole.
            let session = try await DeleteEndToEndTests.open(
                org, contacts, extra: ["--batch-size", "200", "--no-cache"])
            try await session.waitUntil("the first page is loaded") { Screen.statusLine($0).contains("200 of 1001") }
            try await session.send("/")
            try await session.type("zyxw")
            let screen = try await session.waitUntil("the org search's row shows under the divider") {
                Self.foundBelowDivider($0)
            }
            let status = Screen.statusLine(screen)
            #expect(status.contains("200 of 1001 loaded · /zyxw: 0 matches · 1 more in the org"), "\(status)")
            // Enter leaves the text field; Enter again opens the selected row, the one found.
            try await session.send("Enter")
            try await session.send("Enter")
            let detail = try await session.waitUntil("the detail view shows the contact's fields") {
                $0.contains("Contact · \(Self.name)") && $0.contains("LastName")
            }
            #expect(detail.contains(id))
            try await session.send("Escape")
            try await session.waitUntil("back on the list, the row still there") { Self.foundBelowDivider($0) }
            // Esc leaves the filter; the found contact was selected, so it stays, on top, still selected.
            try await session.send("Escape")
            try await session.waitUntil("Esc leaves the filter and keeps the selected row") {
                !$0.contains(Self.divider) && Screen.listLines($0).first?.hasPrefix(" \(Self.name)") == true
            }
            try await session.quit()
        }
    }
}
