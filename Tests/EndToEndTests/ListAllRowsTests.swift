import Foundation
import MockOrg
import RestCore
import TestSupport
import Testing

/// `contact-tui list --all-rows` and `--recycle-bin`: queryAll, so deleted records are printed too.
@Suite struct ListAllRowsTests {
    /// `date` as the org writes a datetime (UTC, milliseconds), so that two compare as text.
    static func stamp(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ss.SSS'+0000'"
        return formatter.string(from: date)
    }

    /// Deletes a contact that has no Cases (so the org lets it go) and returns its Id.
    static func deleteOneContact(in endpoint: MockOrgEndpoint) async throws -> String {
        let client = RestClient(
            configuration: RestClientConfiguration(instanceURL: endpoint.url, accessToken: endpoint.accessToken))
        do {
            let id = try await client.send(
                client.request(forQuery: "SELECT Id FROM Contact WHERE Id NOT IN (SELECT ContactId FROM Case) LIMIT 1")
            ).asJSONValue()["records"]?.arrayValue?.first?["Id"]?.stringValue
            let deleted = try #require(id)
            _ = try await client.send(client.requestForDelete(withObjectType: "Contact", objectId: deleted))
            await client.shutdown()
            return deleted
        } catch {
            await client.shutdown()
            throw error
        }
    }

    @Test func allRowsPrintsDeletedRecordsToo() async throws {
        try await ListCommandTests.withOrg(contacts: 30) { endpoint in
            let deleted = try await Self.deleteOneContact(in: endpoint)
            let query = ["--query", "SELECT Id, IsDeleted FROM Contact WHERE Id = '\(deleted)'"]
            let live = try await ListCommandTests.run(["list"] + query + ListCommandTests.orgArguments(endpoint))
                .checked()
            #expect(live.output == "Id\tIsDeleted\n")
            let all = try await ListCommandTests.run(
                ["list", "--all-rows"] + query + ListCommandTests.orgArguments(endpoint)
            ).checked()
            #expect(all.output == "Id\tIsDeleted\n\(deleted)\ttrue\n")
        }
    }

    @Test func recycleBinPrintsOnlyTheDeletedRecordsWithTheirDeleteDate() async throws {
        try await ListCommandTests.withOrg(contacts: 30) { endpoint in
            let beforeDelete = Self.stamp(Date(timeIntervalSinceNow: -1))
            let deleted = try await Self.deleteOneContact(in: endpoint)
            let bin = try await ListCommandTests.run(
                ["list", "--recycle-bin", "--format", "json"] + ListCommandTests.orgArguments(endpoint)
            ).checked()
            let lines = bin.output.split(separator: "\n")
            #expect(lines.count == 1, "\(bin.output)")
            #expect(lines.first?.contains("\"Id\":\"\(deleted)\"") == true, "\(bin.output)")
            // The date shown is the delete's, not the record's last edit.
            let record = try JSONSerialization.jsonObject(with: Data(String(lines.first ?? "").utf8)) as? [String: Any]
            let stamp = try #require(record?["SystemModstamp"] as? String, "\(bin.output)")
            #expect(stamp >= beforeDelete, "\(stamp) is before the delete at \(beforeDelete)")
            // Two ways of saying which rows: one sentence, exit 2.
            let both = try await ListCommandTests.run(
                ["list", "--recycle-bin", "--all-rows"] + ListCommandTests.orgArguments(endpoint))
            #expect(both.status == 2)
            #expect(both.error.contains("--all-rows and --recycle-bin each say which rows to list"), "\(both.error)")
            let withQuery = try await ListCommandTests.run(
                ["list", "--recycle-bin", "--query", "SELECT Id FROM Contact"] + ListCommandTests.orgArguments(endpoint)
            )
            #expect(withQuery.status == 2)
        }
    }
}
