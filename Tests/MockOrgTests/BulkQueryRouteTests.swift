import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import MockOrg

/// Bulk API 2.0 query jobs: each resource, each state, Salesforce's CSV and its refusals.
@Suite struct BulkQueryRouteTests {
    static let jobs = "/services/data/v66.0/jobs/query"

    @Test func aJobRunsToCompleteAndItsCSVHoldsEveryRecordInQueryOrder() async throws {
        let org = TestOrg()
        try await org.test { client in
            let soql = "SELECT Id, Name, Account.Name FROM Contact ORDER BY Name"
            let created = try await client.createJob(soql, org: org)
            #expect(created.status == 200)
            let job = try #require(created.object)
            #expect(job["state"] as? String == "UploadComplete")
            #expect(job["operation"] as? String == "query")
            #expect(job["object"] as? String == "Contact")
            #expect(job["columnDelimiter"] as? String == "COMMA")
            #expect(job["lineEnding"] as? String == "LF")
            #expect(job["contentType"] as? String == "CSV")
            let id = try #require(job["id"] as? String)
            #expect(id.hasPrefix("750") && id.count == 18)

            let done = try await client.waitForJob(id, org: org)
            #expect(done["state"] as? String == "JobComplete")
            #expect(done["numberRecordsProcessed"] as? Int == 200)

            let piece = try await client.results(Self.jobs + "/" + id + "/results", org: org)
            #expect(piece.status == 200)
            #expect(piece.headers[.contentType] == "text/csv")
            #expect(piece.headers[BulkQueryRoutes.locatorHeader] == "null")
            #expect(piece.headers[BulkQueryRoutes.numberOfRecordsHeader] == "200")
            let lines = piece.text.split(separator: "\n", omittingEmptySubsequences: false)
            #expect(lines.first == #""Id","Name","Account.Name""#)
            let rest = try await client.query(soql, headers: org.authorization)
            let ids = rest.records.compactMap { $0["Id"] as? String }
            #expect(ids.count == 200)
            #expect(piece.ids == ids)
        }
    }

    @Test func maxRecordsSplitsTheResultsIntoPiecesChainedByOpaqueLocators() async throws {
        let org = TestOrg()
        try await org.test { client in
            let id = try await client.completedJob("SELECT Id FROM Contact", org: org)
            var ids: [String] = []
            var locator: String?
            var pieces = 0
            repeat {
                let query = "?maxRecords=60" + (locator.map { "&locator=" + $0 } ?? "")
                let piece = try await client.results(Self.jobs + "/" + id + "/results" + query, org: org)
                #expect(piece.status == 200)
                ids += piece.ids
                #expect(piece.headers[BulkQueryRoutes.numberOfRecordsHeader] == String(piece.ids.count))
                let next = try #require(piece.headers[BulkQueryRoutes.locatorHeader])
                locator = next == "null" ? nil : next
                pieces += 1
            } while locator != nil && pieces < 10
            #expect(pieces == 4)
            #expect(ids.count == 200 && Set(ids).count == 200)
            let bad = try await client.results(Self.jobs + "/" + id + "/results?locator=%21%21", org: org)
            #expect(bad.status == 400)
        }
    }

    @Test func resultPagesLinksFivePiecesAtATimeFromAPI58() async throws {
        let org = TestOrg()
        try await org.test { client in
            let id = try await client.completedJob("SELECT Id FROM Contact", org: org)
            let first = try await client.get(
                Self.jobs + "/" + id + "/resultPages?maxRecords=20", headers: org.authorization)
            #expect(first.status == 200)
            let links = (first.object?["resultPages"] as? [[String: Any]])?.compactMap { $0["resultLink"] as? String }
            #expect(links?.count == 5)
            #expect(first.object?["done"] as? Bool == false)
            let next = try #require(first.object?["nextRecordsUrl"] as? String)
            let second = try await client.get(next, headers: org.authorization)
            #expect(second.object?["done"] as? Bool == true)
            #expect(second.object?["nextRecordsUrl"] is NSNull)
            var ids: [String] = []
            for link in (links ?? [])
                + ((second.object?["resultPages"] as? [[String: Any]]) ?? []).compactMap({ $0["resultLink"] as? String }
                )
            {
                ids += try await client.results(link, org: org).ids
            }
            #expect(ids.count == 200 && Set(ids).count == 200)
            let old = try await client.get(
                "/services/data/v57.0/jobs/query/" + id + "/resultPages", headers: org.authorization)
            #expect(old.status == 404)
        }
    }

    @Test func withoutMaxRecordsResultPagesLinksThePiecesTheOrgSizesByBytes() async throws {
        let org = TestOrg()
        try await org.test { client in
            let id = try await client.completedJob("SELECT Id FROM Contact", org: org)
            let pages = try await client.get(Self.jobs + "/" + id + "/resultPages", headers: org.authorization)
            #expect(pages.status == 200)
            let links = (pages.object?["resultPages"] as? [[String: Any]])?.compactMap { $0["resultLink"] as? String }
            // 200 short lines are far below one piece's bytes.
            #expect(links == [Self.jobs + "/" + id + "/results"])
            #expect(pages.object?["done"] as? Bool == true)
            let piece = try await client.results(try #require(links?.first), org: org)
            #expect(piece.ids.count == 200)
            #expect(piece.headers[BulkQueryRoutes.locatorHeader] == "null")
        }
    }

    @Test func resultsAtAnotherAPIVersionThanTheJobsAre409() async throws {
        let org = TestOrg()
        try await org.test { client in
            let id = try await client.completedJob("SELECT Id FROM Contact", org: org)
            let other = try await client.results("/services/data/v60.0/jobs/query/" + id + "/results", org: org)
            #expect(other.status == 409)
        }
    }

    @Test(arguments: [
        "SELECT COUNT() FROM Contact", "SELECT AccountId, COUNT(Id) FROM Contact GROUP BY AccountId",
        "SELECT Id FROM Contact LIMIT 10 OFFSET 5", "SELECT Id, MailingAddress FROM Contact",
    ])
    func soqlBulkCannotRunIsRefusedWithSalesforcesError(_ soql: String) async throws {
        let org = TestOrg()
        try await org.test { client in
            let reply = try await client.createJob(soql, org: org)
            #expect(reply.status == 400)
            #expect(reply.error?.code == "API_ERROR")
            #expect(reply.error?.message.isEmpty == false)
        }
    }

    @Test func aBadRequestIsRefusedBeforeAnyJobExists() async throws {
        let org = TestOrg()
        try await org.test { client in
            let wrongOperation = try await client.send(
                .post, Self.jobs, headers: org.authorization,
                body: #"{"operation":"insert","query":"SELECT Id FROM Contact"}"#)
            #expect(wrongOperation.status == 400)
            let malformed = try await client.createJob("SELECT FROM Contact", org: org)
            #expect(malformed.status == 400)
            #expect(malformed.error?.code == "MALFORMED_QUERY")
            let notJSON = try await client.send(.post, Self.jobs, headers: org.authorization, body: "query")
            #expect(notJSON.error?.code == "JSON_PARSER_ERROR")
            let list = try await client.get(Self.jobs, headers: org.authorization)
            #expect((list.object?["records"] as? [Any])?.isEmpty == true)
        }
    }

    @Test func aSlowJobCanBeAbortedAndThenHasNoResults() async throws {
        var configuration = MockOrgConfiguration(contacts: 200)
        configuration.bulkDelay = .seconds(600)
        let org = TestOrg(configuration)
        try await org.test { client in
            let id = try #require(
                try await client.createJob("SELECT Id FROM Contact", org: org).object?["id"] as? String)
            let running = try await client.get(Self.jobs + "/" + id, headers: org.authorization)
            #expect(["UploadComplete", "InProgress"].contains(running.object?["state"] as? String))
            let aborted = try await client.send(
                .patch, Self.jobs + "/" + id, headers: org.authorization, body: #"{"state":"Aborted"}"#)
            #expect(aborted.status == 200)
            #expect(aborted.object?["state"] as? String == "Aborted")
            let after = try await client.get(Self.jobs + "/" + id, headers: org.authorization)
            #expect(after.object?["state"] as? String == "Aborted")
            let results = try await client.results(Self.jobs + "/" + id + "/results", org: org)
            #expect(results.status == 400)
            let again = try await client.send(
                .patch, Self.jobs + "/" + id, headers: org.authorization, body: #"{"state":"Aborted"}"#)
            #expect(again.status == 400)
            #expect(again.error?.code == "INVALIDJOBSTATE")
        }
    }

    @Test func aConfiguredFailureEndsTheJobFailedWithItsMessage() async throws {
        let message = "QUERY_TIMEOUT: Your query request was running for too long."
        var configuration = MockOrgConfiguration(contacts: 20)
        configuration.bulkFailure = message
        let org = TestOrg(configuration)
        try await org.test { client in
            let id = try #require(
                try await client.createJob("SELECT Id FROM Contact", org: org).object?["id"] as? String)
            let failed = try await client.waitForJob(id, org: org)
            #expect(failed["state"] as? String == "Failed")
            #expect(failed["errorMessage"] as? String == message)
        }
    }

    @Test func jobsAreListedAndADeletedJobIsGone() async throws {
        let org = TestOrg()
        try await org.test { client in
            let id = try await client.completedJob("SELECT Id FROM Contact", org: org)
            let list = try await client.get(Self.jobs, headers: org.authorization)
            #expect(list.object?["done"] as? Bool == true)
            let listed = (list.object?["records"] as? [[String: Any]])?.compactMap { $0["id"] as? String }
            #expect(listed == [id])
            let deleted = try await client.delete(Self.jobs + "/" + id, headers: org.authorization)
            #expect(deleted.status == 204)
            let gone = try await client.get(Self.jobs + "/" + id, headers: org.authorization)
            #expect(gone.status == 404)
            #expect(gone.error?.code == "NOT_FOUND")
        }
    }

    @Test func theCSVQuotesAsSalesforceDoesWithTheDelimiterAndLineEndingAskedFor() async throws {
        let org = TestOrg()
        try await org.test { client in
            let name = "O\"Brien; \u{1F600} Zoë\nsecond line"
            let created = try await client.send(
                .post, "/services/data/v66.0/sobjects/Contact", headers: org.authorization,
                body: #"{"LastName":"O\"Brien; \ud83d\ude00 Zoë\nsecond line"}"#)
            let contactID = try #require(created.object?["id"] as? String)
            let soql = "SELECT Id, LastName, Email, Account.Name FROM Contact WHERE Id = '\(contactID)'"
            let body = try JSONSerialization.data(withJSONObject: [
                "operation": "query", "query": soql, "columnDelimiter": "SEMICOLON", "lineEnding": "CRLF",
            ])
            let job = try await client.send(
                .post, Self.jobs, headers: org.authorization, body: String(decoding: body, as: UTF8.self))
            let id = try #require(job.object?["id"] as? String)
            _ = try await client.waitForJob(id, org: org)
            let piece = try await client.results(Self.jobs + "/" + id + "/results", org: org)
            let quoted = name.replacingOccurrences(of: "\"", with: "\"\"")
            #expect(
                piece.text
                    == "\"Id\";\"LastName\";\"Email\";\"Account.Name\"\r\n\"\(contactID)\";\"\(quoted)\";\"\";\"\"\r\n")
        }
    }
}

/// A CSV answer.
struct CSVReply {
    let status: Int
    let headers: HTTPFields
    let text: String

    /// The first column of every row after the header (ids, in the tests' queries).
    var ids: [String] {
        text.split(separator: "\n").dropFirst().map {
            String($0.split(separator: ",").first ?? "").replacingOccurrences(of: "\"", with: "")
        }
    }
}

extension TestClientProtocol {
    func createJob(_ soql: String, org: TestOrg) async throws -> JSONReply {
        let body = try JSONSerialization.data(withJSONObject: ["operation": "query", "query": soql])
        return try await send(
            .post, BulkQueryRouteTests.jobs, headers: org.authorization, body: String(decoding: body, as: UTF8.self))
    }

    /// Creates a job and waits for its end; its id.
    func completedJob(_ soql: String, org: TestOrg) async throws -> String {
        let id = try #require(try await createJob(soql, org: org).object?["id"] as? String)
        _ = try await waitForJob(id, org: org)
        return id
    }

    /// Polls the job until it is no longer running (at most a few thousand polls).
    func waitForJob(_ id: String, org: TestOrg) async throws -> [String: Any] {
        for _ in 0..<6000 {
            let reply = try await get(BulkQueryRouteTests.jobs + "/" + id, headers: org.authorization)
            let state = reply.object?["state"] as? String
            if let object = reply.object, state != "UploadComplete", state != "InProgress" { return object }
            try await Task.sleep(for: .milliseconds(10))
        }
        Issue.record("the job \(id) did not finish")
        return [:]
    }

    func results(_ uri: String, org: TestOrg) async throws -> CSVReply {
        try await execute(uri: uri, method: .get, headers: org.authorization) { response in
            CSVReply(
                status: Int(response.status.code), headers: response.headers,
                text: String(decoding: Data(buffer: response.body), as: UTF8.self))
        }
    }
}
