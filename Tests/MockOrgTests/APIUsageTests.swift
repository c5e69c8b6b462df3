import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import MockOrg

/// `Sforce-Limit-Info` on every data API answer, the `--api-limit` refusal and the `limits` resource.
@Suite struct APIUsageTests {
    static let base = "/services/data/v66.0"
    static let limitInfo = HTTPField.Name("Sforce-Limit-Info")!

    /// Status, `Sforce-Limit-Info` and body of a GET.
    static func get(
        _ client: any TestClientProtocol, _ path: String, headers: HTTPFields
    ) async throws -> (status: Int, usage: String?, body: String) {
        try await client.execute(uri: path, method: .get, headers: headers) { response in
            (Int(response.status.code), response.headers[limitInfo], String(buffer: response.body))
        }
    }

    @Test func everyAPIAnswerCountsOneAndSaysSoErrorsIncluded() async throws {
        let org = TestOrg(MockOrgConfiguration(contacts: 5, accessToken: "T"))
        try await org.test { client in
            let paths = [
                Self.base, Self.base + "/query?q=SELECT+Id+FROM+Contact", Self.base + "/sobjects/Contact/003nope",
                Self.base + "/query?q=SELECT+Nope+FROM+Contact", Self.base + "/nothing-here",
            ]
            for (index, path) in paths.enumerated() {
                let reply = try await Self.get(client, path, headers: org.authorization)
                #expect(reply.usage == "api-usage=" + String(index + 1) + "/15000", "\(path): \(reply.status)")
            }
            // OAuth, the version list and a refused token are not API requests: no header, no count.
            let versions = try await Self.get(client, "/services/data", headers: [:])
            #expect(versions.status == 200 && versions.usage == nil)
            let unauthenticated = try await Self.get(client, Self.base, headers: [:])
            #expect(unauthenticated.status == 401 && unauthenticated.usage == nil)
            let token = try await client.execute(
                uri: "/services/oauth2/token?grant_type=password&username=demo%40example.com&password=demo"
                    + "&client_id=" + encodedQuery(org.instance.clientID) + "&client_secret="
                    + encodedQuery(org.instance.clientSecret),
                method: .post
            ) { $0.headers[Self.limitInfo] }
            #expect(token == nil)
            #expect(try await Self.get(client, Self.base, headers: org.authorization).usage == "api-usage=6/15000")
        }
    }

    @Test func requestsPastTheLimitAreRefusedAndApplyNothing() async throws {
        let configuration = MockOrgConfiguration(contacts: 5, accessToken: "T", apiLimit: 3)
        let org = TestOrg(configuration)
        let contact = SalesforceID.make(keyPrefix: "003", serial: 2)
        try await org.test { client in
            for _ in 0..<3 {
                #expect(try await Self.get(client, Self.base, headers: org.authorization).status == 200)
            }
            let refused = try await client.execute(
                uri: Self.base + "/sobjects/Contact/" + contact, method: .delete, headers: org.authorization
            ) { response in
                (Int(response.status.code), response.headers[Self.limitInfo], String(buffer: response.body))
            }
            #expect(refused.0 == 403)
            #expect(refused.1 == "api-usage=3/3")
            #expect(refused.2 == #"[{"message":"TotalRequests Limit exceeded.","errorCode":"REQUEST_LIMIT_EXCEEDED"}]"#)
        }
        // The refused delete was not applied.
        _ = try org.instance.store.retrieve(.contact, id: contact, fields: ["Id"], apiVersion: "v66.0")
    }

    @Test func theLimitsResourceReportsDailyAPIRequests() async throws {
        let configuration = MockOrgConfiguration(contacts: 5, accessToken: "T", apiLimit: 100)
        let org = TestOrg(configuration)
        try await org.test { client in
            _ = try await Self.get(client, Self.base, headers: org.authorization)
            let reply = try await client.get(Self.base + "/limits", headers: org.authorization)
            #expect(reply.status == 200)
            let daily = reply.object?["DailyApiRequests"] as? [String: Int]
            #expect(daily == ["Max": 100, "Remaining": 98])
            #expect(reply.object?["DataStorageMB"] != nil)
            let resources = try await client.get(Self.base, headers: org.authorization)
            #expect(resources.object?["limits"] as? String == Self.base + "/limits")
        }
    }
}
