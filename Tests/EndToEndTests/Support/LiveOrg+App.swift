import Foundation
import RestCore
import TestSupport
import Testing

/// What the end-to-end tests ask of a live org: the app's arguments to open it, and what the
/// server holds, to check the app's screen against.
extension LiveOrg {
    static let query = "SELECT Id, Name, Title, Email, Phone, Account.Name FROM Contact ORDER BY Name"

    /// `contact-tui` opened on this org.
    func appCommand(_ extra: [String] = []) throws -> [String] {
        [
            try Binary.path, "--instance-url", endpoint.url.absoluteString, "--access-token-file",
            TokenFile.path(holding: endpoint.accessToken),
        ] + extra
    }

    /// The records of a query, first page only.
    func records(_ soql: String = LiveOrg.query) async throws -> [JSONValue] {
        try await client.send(client.request(forQuery: soql)).decode(QueryResult.self).records
    }

    /// Contact names in the list's order.
    func contactNames() async throws -> [OrgContact] {
        try await records().map { OrgContact(id: $0["Id"]?.stringValue ?? "", name: $0["Name"]?.stringValue ?? "") }
    }

    /// Ids of contacts that Cases refer to (their delete fails with DELETE_FAILED).
    func contactIDsWithCases() async throws -> Set<String> {
        Set(try await records("SELECT ContactId FROM Case").compactMap { $0["ContactId"]?.stringValue })
    }

    /// Whether the server still has the record.
    func exists(_ id: String) async throws -> Bool {
        try await !records("SELECT Id FROM Contact WHERE Id = '\(id)'").isEmpty
    }

    /// Creates a contact through the REST API and returns its id.
    func createContact(lastName: String) async throws -> String {
        let response = try await client.send(
            client.requestForCreate(withObjectType: "Contact", fields: ["LastName": .string(lastName)]))
        return try #require(try response.decode(JSONValue.self)["id"]?.stringValue)
    }
}

/// A contact of the org as the list shows it.
struct OrgContact: Sendable, Hashable {
    var id: String
    var name: String
}
