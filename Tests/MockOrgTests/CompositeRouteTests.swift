import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import MockOrg

/// `POST …/composite`: subrequests run in order through the org's routes as one API call, each
/// answered with its `body`, `httpHeaders`, `httpStatusCode` and `referenceId`; references to
/// earlier answers; a failure, with and without `allOrNone`; and the resource's limits.
@Suite struct CompositeRouteTests {
    static let base = "/services/data/v66.0"

    static func subrequest(_ method: String, _ url: String, _ referenceId: String, body: Any? = nil) -> [String: Any] {
        var subrequest: [String: Any] = ["method": method, "url": url, "referenceId": referenceId]
        if let body { subrequest["body"] = body }
        return subrequest
    }

    static func describe(_ object: String, as referenceId: String) -> [String: Any] {
        subrequest("GET", base + "/sobjects/\(object)/describe", referenceId)
    }

    static func query(_ soql: String, as referenceId: String) -> [String: Any] {
        subrequest("GET", base + "/query?q=" + encodedQuery(soql), referenceId)
    }

    static func composite(
        _ client: any TestClientProtocol, _ org: TestOrg, _ subrequests: [[String: Any]], allOrNone: Bool? = nil,
        path: String = base + "/composite"
    ) async throws -> JSONReply {
        var body: [String: Any] = ["compositeRequest": subrequests]
        if let allOrNone { body["allOrNone"] = allOrNone }
        let bytes = try JSONSerialization.data(withJSONObject: body)
        var headers = org.authorization
        headers[.contentType] = "application/json"
        return try await client.execute(
            uri: path, method: .post, headers: headers, body: ByteBuffer(bytes: Array(bytes))
        ) { JSONReply($0) }
    }

    @Test func twoDescribesAreOneAPICallAndEachAnswersAsItsOwnRequestWould() async throws {
        let org = TestOrg(MockOrgConfiguration(contacts: 5))
        try await org.test { client in
            let answer = try await Self.composite(
                client, org,
                [
                    Self.subrequest("GET", Self.base + "/sobjects/Contact/describe/", "contact"),
                    Self.describe("Account", as: "account"),
                ])
            #expect(answer.status == 200)
            #expect(answer.headers[APIUsageTests.limitInfo] == "api-usage=1/15000", "the composite is one call")
            #expect(answer.entries.map { $0["referenceId"] as? String } == ["contact", "account"])
            #expect(answer.status(of: 0) == 200 && answer.status(of: 1) == 200)
            #expect(answer.entries.allSatisfy { $0["httpHeaders"] is [String: Any] })
            let direct = try await client.get(Self.base + "/sobjects/Account/describe", headers: org.authorization)
            let account = try #require(answer.body(of: 1) as? [String: Any])
            #expect(account["name"] as? String == "Account")
            #expect(
                (account["fields"] as? [[String: Any]])?.compactMap { $0["name"] as? String }
                    == (direct.object?["fields"] as? [[String: Any]])?.compactMap { $0["name"] as? String })
            let next = try await APIUsageTests.get(client, Self.base, headers: org.authorization)
            #expect(next.usage == "api-usage=3/15000", "the describe read alone counted one more")
        }
    }

    @Test func aLaterSubrequestReadsAnEarlierAnswerThroughItsReference() async throws {
        let org = TestOrg(MockOrgConfiguration(contacts: 5))
        try await org.test { client in
            let answer = try await Self.composite(
                client, org,
                [
                    Self.query("SELECT Id, Name FROM Contact ORDER BY Name LIMIT 1", as: "first"),
                    Self.subrequest("GET", Self.base + "/sobjects/Contact/@{first.records[0].Id}", "contact"),
                    Self.subrequest(
                        "POST", Self.base + "/sobjects/Account", "account", body: ["Name": "Composite Account"]),
                    Self.subrequest(
                        "PATCH", Self.base + "/sobjects/Contact/@{first.records[0].Id}", "moved",
                        body: ["AccountId": "@{account.id}"]),
                ])
            #expect((0..<4).map { answer.status(of: $0) } == [200, 200, 201, 204])
            let first = try #require(((answer.body(of: 0) as? [String: Any])?["records"] as? [[String: Any]])?.first)
            let id = try #require(first["Id"] as? String)
            #expect((answer.body(of: 1) as? [String: Any])?["Id"] as? String == id)
            let accountID = try #require((answer.body(of: 2) as? [String: Any])?["id"] as? String)
            let contact = try await client.get(Self.base + "/sobjects/Contact/" + id, headers: org.authorization)
            #expect(contact.object?["AccountId"] as? String == accountID)
        }
    }

    @Test func aFailureHaltsOnlyWhatNeedsItsAnswer() async throws {
        let org = TestOrg(MockOrgConfiguration(contacts: 5))
        try await org.test { client in
            let answer = try await Self.composite(
                client, org,
                [
                    Self.describe("Nothing", as: "missing"),
                    Self.subrequest("GET", Self.base + "/sobjects/Contact/@{missing.id}", "dependent"),
                    Self.describe("Account", as: "account"),
                ])
            #expect(answer.status == 200)
            #expect(answer.status(of: 0) == 404 && answer.errorCode(of: 0) == "NOT_FOUND")
            #expect(answer.status(of: 1) == 400 && answer.errorCode(of: 1) == "PROCESSING_HALTED")
            #expect(answer.status(of: 2) == 200)
        }
    }

    @Test func withAllOrNoneTheFirstFailureHaltsEveryOtherSubrequest() async throws {
        let org = TestOrg(MockOrgConfiguration(contacts: 5))
        try await org.test { client in
            let describes = ["Account", "Nothing", "Contact"].map { Self.describe($0, as: $0) }
            let answer = try await Self.composite(client, org, describes, allOrNone: true)
            #expect(answer.status == 200 && answer.entries.count == 3)
            #expect(answer.status(of: 1) == 404 && answer.errorCode(of: 1) == "NOT_FOUND")
            #expect(
                [0, 2].allSatisfy { answer.status(of: $0) == 400 && answer.errorCode(of: $0) == "PROCESSING_HALTED" })
        }
    }

    @Test func allOrNoneWithAWriteIsRefusedWholeAndAppliesNothing() async throws {
        let org = TestOrg(MockOrgConfiguration(contacts: 5))
        try await org.test { client in
            let before = try await client.query("SELECT Id FROM Account", headers: org.authorization).records.count
            let answer = try await Self.composite(
                client, org,
                [Self.subrequest("POST", Self.base + "/sobjects/Account", "account", body: ["Name": "Never"])],
                allOrNone: true)
            #expect(answer.status == 400 && answer.error?.code == "INVALID_INPUT")
            let after = try await client.query("SELECT Id FROM Account", headers: org.authorization).records.count
            #expect(after == before)
        }
    }

    @Test func aSubrequestToAResourceCompositeDoesNotTakeAnswersNotFoundUnrun() async throws {
        let org = TestOrg(MockOrgConfiguration(contacts: 5))
        try await org.test { client in
            let job = ["operation": "query", "query": "SELECT Id FROM Contact"]
            let answer = try await Self.composite(
                client, org,
                [
                    Self.subrequest("POST", Self.base + "/jobs/query", "job", body: job),
                    Self.subrequest("GET", Self.base + "/limits", "limits"),
                    Self.query("SELECT Id FROM Contact", as: "query"),
                    Self.subrequest("GET", "/services/data/v42.0/composite/sobjects/Contact?ids=x&fields=Id", "old"),
                ])
            #expect(answer.status == 200)
            #expect([0, 1, 3].allSatisfy { answer.status(of: $0) == 404 && answer.errorCode(of: $0) == "NOT_FOUND" })
            #expect(answer.status(of: 2) == 200)
            let jobs = try await client.get(Self.base + "/jobs/query", headers: org.authorization)
            #expect((jobs.object?["records"] as? [Any])?.isEmpty == true, "the job was not created")
        }
    }

    @Test func theResourcesLimitsVersionAndMethods() async throws {
        let org = TestOrg(MockOrgConfiguration(contacts: 5))
        try await org.test { client in
            let describe = Self.describe("Contact", as: "d")
            let many = (0..<26).map { Self.subrequest("GET", Self.base + "/limits", "r\($0)") }
            #expect(try await Self.composite(client, org, many).error?.code == "INVALID_INPUT")
            let queries = (0..<6).map { Self.query("SELECT Id FROM Contact", as: "q\($0)") }
            #expect(try await Self.composite(client, org, queries).error?.code == "INVALID_INPUT")
            #expect(try await Self.composite(client, org, [describe, describe]).error?.code == "INVALID_INPUT")
            #expect(try await Self.composite(client, org, []).error?.code == "INVALID_INPUT")
            let badReference = Self.subrequest("GET", Self.base + "/limits", "not-valid")
            #expect(try await Self.composite(client, org, [badReference]).error?.code == "INVALID_INPUT")
            let old = try await Self.composite(client, org, [describe], path: "/services/data/v37.0/composite")
            #expect(old.status == 404 && old.error?.code == "NOT_FOUND")
            let first = try await Self.composite(client, org, [describe], path: "/services/data/v38.0/composite")
            #expect(first.status == 200 && first.status(of: 0) == 200)
            let get = try await client.get(Self.base + "/composite", headers: org.authorization)
            #expect(get.status == 200)
            #expect(get.object?["sobjects"] as? String == Self.base + "/composite/sobjects")
            let put = try await client.execute(uri: Self.base + "/composite", method: .put, headers: org.authorization)
            { JSONReply($0) }
            #expect(put.status == 405 && put.error?.code == "METHOD_NOT_ALLOWED")
            let nested = Self.subrequest("POST", Self.base + "/composite", "nested", body: ["compositeRequest": []])
            let answer = try await Self.composite(client, org, [nested])
            #expect(answer.status(of: 0) == 404, "a composite holds no composite")
        }
    }
}

/// A composite answer's entries, by the place of their subrequest.
extension JSONReply {
    fileprivate var entries: [[String: Any]] { object?["compositeResponse"] as? [[String: Any]] ?? [] }

    fileprivate func status(of index: Int) -> Int? { entries[index]["httpStatusCode"] as? Int }
    fileprivate func body(of index: Int) -> Any? { entries[index]["body"] }
    fileprivate func errorCode(of index: Int) -> String? {
        ((body(of: index) as? [[String: Any]])?.first)?["errorCode"] as? String
    }
}
