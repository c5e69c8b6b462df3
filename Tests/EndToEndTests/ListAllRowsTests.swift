import Foundation
import MockOrg
import RestCore
import TestSupport
import Testing

/// `contact-tui list --all-rows` and `--recycle-bin`: queryAll, so deleted records are printed too.
@Suite struct ListAllRowsTests {
    @Test func allRowsPrintsDeletedRecordsToo() async throws {
        try await ListCommandTests.withOrg(contacts: 30) { endpoint in
            let client = RestClient(
                configuration: RestClientConfiguration(instanceURL: endpoint.url, accessToken: endpoint.accessToken))
            let id = try await client.send(
                client.request(forQuery: "SELECT Id FROM Contact WHERE Id NOT IN (SELECT ContactId FROM Case) LIMIT 1")
            ).asJSONValue()["records"]?.arrayValue?.first?["Id"]?.stringValue
            let deleted = try #require(id)
            _ = try await client.send(client.requestForDelete(withObjectType: "Contact", objectId: deleted))
            await client.shutdown()
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
            let client = RestClient(
                configuration: RestClientConfiguration(instanceURL: endpoint.url, accessToken: endpoint.accessToken))
            let id = try await client.send(
                client.request(forQuery: "SELECT Id FROM Contact WHERE Id NOT IN (SELECT ContactId FROM Case) LIMIT 1")
            ).asJSONValue()["records"]?.arrayValue?.first?["Id"]?.stringValue
            let deleted = try #require(id)
            _ = try await client.send(client.requestForDelete(withObjectType: "Contact", objectId: deleted))
            await client.shutdown()
            let bin = try await ListCommandTests.run(
                ["list", "--recycle-bin", "--format", "json"] + ListCommandTests.orgArguments(endpoint)
            ).checked()
            let lines = bin.output.split(separator: "\n")
            #expect(lines.count == 1, "\(bin.output)")
            #expect(lines.first?.contains("\"Id\":\"\(deleted)\"") == true, "\(bin.output)")
            #expect(lines.first?.contains("\"LastModifiedDate\":\"20") == true, "\(bin.output)")
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
