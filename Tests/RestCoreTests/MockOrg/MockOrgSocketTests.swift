import Foundation
import MockOrg
import Testing

@testable import RestCore

/// RestCore against the mock org over real sockets: every factory, paging, session refresh; the
/// tests that take an `OrgWire` run over https too.
@Suite struct MockOrgSocketTests {
    @Test func versionsResourcesAndDescribes() async throws {
        try await withMockOrg { client, _ in
            let versions = try await client.send(client.requestForVersions()).asJSON()
            #expect((versions as? [Any])?.isEmpty == false)
            let resources = try await client.send(client.request(forResources: nil)).asJSON() as? [String: Any]
            #expect(resources?["query"] != nil)
            let global = try await client.send(client.request(forDescribeGlobal: nil)).asJSON() as? [String: Any]
            let names = (global?["sobjects"] as? [[String: Any]])?.compactMap { $0["name"] as? String } ?? []
            #expect(Set(["Account", "Contact", "Case"]).isSubset(of: Set(names)))
            let describe = try await client.send(client.requestForDescribe(withObjectType: "Contact")).asJSON()
            let fields = ((describe as? [String: Any])?["fields"] as? [[String: Any]])?.compactMap {
                $0["name"] as? String
            }
            #expect(fields?.contains("LastName") == true)
        }
    }

    @Test(arguments: OrgWire.allCases) func createRetrieveUpdateDelete(over wire: OrgWire) async throws {
        try await withMockOrg(wire.org()) { client, _ in
            let created = try await client.send(
                client.requestForCreate(
                    withObjectType: "Contact",
                    fields: ["LastName": .string("Ñandú 山田"), "Email": .string("n@example.com")]))
            #expect(created.status == 201)
            let id = try #require(created.decode(JSONValue.self)["id"]?.stringValue)
            #expect(id.hasPrefix("003") && id.count == 18)

            let updated = try await client.send(
                client.requestForUpdate(withObjectType: "Contact", objectId: id, fields: ["Title": .string("CTO")]))
            #expect(updated.status == 204)

            let record = try await client.send(
                client.requestForRetrieve(withObjectType: "Contact", objectId: id, fieldList: "LastName,Title")
            ).decode(JSONValue.self)
            #expect(record["LastName"]?.stringValue == "Ñandú 山田")
            #expect(record["Title"]?.stringValue == "CTO")

            let deleted = try await client.send(client.requestForDelete(withObjectType: "Contact", objectId: id))
            #expect(deleted.status == 204)

            let error = await #expect(throws: RestClientError.self) {
                try await client.send(
                    client.requestForRetrieve(withObjectType: "Contact", objectId: id, fieldList: nil))
            }
            #expect(error?.httpStatus == 404)
            #expect(error?.salesforceErrors.isEmpty == false)
        }
    }

    @Test func deletingAContactWithCasesFailsWithTheServersErrorArray() async throws {
        try await withMockOrg { client, _ in
            let cases = try await client.send(client.request(forQuery: "SELECT ContactId FROM Case LIMIT 1"))
                .decode(QueryResult.self)
            let contactID = try #require(cases.records.first?["ContactId"]?.stringValue)
            let error = await #expect(throws: RestClientError.self) {
                try await client.send(client.requestForDelete(withObjectType: "Contact", objectId: contactID))
            }
            #expect(error?.httpStatus == 400)
            #expect(error?.salesforceErrors.first?.errorCode == "DELETE_FAILED")
            #expect(error?.description.contains("DELETE_FAILED") == true)
        }
    }

    @Test(arguments: OrgWire.allCases)
    func fiveThousandContactsInPagesOf200ArriveCompleteAndInOrder(over wire: OrgWire) async throws {
        try await withMockOrg(wire.org(contacts: 5000)) { client, endpoint in
            #expect(endpoint.url.scheme == wire.rawValue)
            let soql = "SELECT Id, Name FROM Contact ORDER BY Id"
            var ids: [String] = []
            var pages = 0
            for try await page in client.pages(forQuery: soql, batchSize: 200) {
                pages += 1
                #expect(page.records.count == 200)
                #expect(page.totalSize == 5000)
                ids += page.records.compactMap { $0["Id"]?.stringValue }
            }
            #expect(pages == 25)
            #expect(ids.count == 5000)
            #expect(Set(ids).count == 5000)

            // The same query in pages of 2000 gives the reference order.
            var reference: [String] = []
            for try await record in client.records(forQuery: soql) {
                reference.append(record["Id"]?.stringValue ?? "")
            }
            try #require(reference.count == ids.count)
            #expect(ids.indices.first { ids[$0] != reference[$0] } == nil)
        }
    }

    @Test func queryAllAndTheBatchSizeClamp() async throws {
        try await withMockOrg(MockOrgConfiguration(contacts: 450)) { client, _ in
            let small = try await client.send(client.request(forQuery: "SELECT Id FROM Contact", batchSize: 50))
                .decode(QueryResult.self)
            #expect(small.records.count == 200)
            #expect(small.nextRecordsUrl != nil)
            let all = try await client.send(client.request(forQueryAll: "SELECT Id FROM Contact"))
                .decode(QueryResult.self)
            #expect(all.records.count == 450)
            #expect(all.done)
        }
    }

    @Test(arguments: OrgWire.allCases)
    func twentyConcurrentRequestsOnAStaleTokenShareOneRefresh(over wire: OrgWire) async throws {
        try await withMockOrg(wire.org(), configure: { configuration, _ in configuration.accessToken = "stale-token" })
        {
            client, _ in
            let successes = EventLog<RestRequestID>()
            let completions = EventLog<RestRequestID>()
            let handles = (0..<20).map { _ in
                let request = client.request(forQuery: "SELECT Id FROM Contact LIMIT 5")
                return client.send(request) { result in
                    completions.append(request.id)
                    if case .success = result { successes.append(request.id) }
                }
            }
            for handle in handles { await handle.waitUntilCompleted() }
            #expect(successes.count == 20)
            #expect(completions.count == 20)
            #expect(Set(completions.all).count == 20)
            #expect(client.refreshCount == 1)
            #expect(client.configuration.accessToken != "stale-token")
        }
    }

    @Test(arguments: OrgWire.allCases) func aRefusedRefreshFailsEachRequestOnce(over wire: OrgWire) async throws {
        try await withMockOrg(
            wire.org(),
            configure: { configuration, _ in
                configuration.accessToken = "stale-token"
                configuration.refresh = RefreshSettings(refreshToken: "revoked-refresh-token")
            }
        ) { client, _ in
            let failures = EventLog<String>()
            let handles = (0..<5).map { _ in
                client.send(client.requestForVersions()) { result in
                    if case .failure(.authenticationFailed) = result { failures.append("auth") }
                }
            }
            // The versions resource needs no session in Salesforce, so ask for a protected one too.
            let protected = client.send(client.request(forQuery: "SELECT Id FROM Contact")) { result in
                if case .failure(.authenticationFailed(let detail)) = result {
                    failures.append(detail.contains("revoked-refresh-token") ? "leaked" : "auth")
                }
            }
            for handle in handles + [protected] { await handle.waitUntilCompleted() }
            #expect(failures.all.contains("auth"))
            #expect(!failures.all.contains("leaked"))
            #expect(client.refreshCount == 1)
        }
    }
}
