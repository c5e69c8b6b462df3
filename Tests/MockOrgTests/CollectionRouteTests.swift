import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import MockOrg

/// `composite/sobjects`: the per-record result array of DELETE, POST and PATCH, both `allOrNone`
/// values, mixed outcomes and the 200-record limit.
@Suite struct CollectionRouteTests {
    static let collection = "/services/data/v66.0/composite/sobjects"
    static let contact = "/services/data/v66.0/sobjects/Contact/"
    static let generator = SeedGenerator(seed: 1, contactCount: 200)

    /// The ids of the first `count` seeded contacts with (or without) Cases.
    static func contactIds(withCases: Bool, count: Int) -> [String] {
        (0..<200).filter { (generator.caseCount(forContact: $0) > 0) == withCases }.prefix(count).map {
            SalesforceID.make(keyPrefix: "003", serial: $0 + 1)
        }
    }

    /// Each result as (id, success, first error's statusCode), checking every result's wire shape.
    static func outcomes(_ reply: JSONReply) throws -> [(id: String?, success: Bool, code: String?)] {
        let results = try #require(reply.json as? [[String: Any]])
        return try results.map { result in
            let errors = try #require(result["errors"] as? [[String: Any]])
            for error in errors {
                #expect(Set(error.keys) == ["statusCode", "message", "fields"])
                #expect(error["fields"] is [String])
            }
            #expect(Set(result.keys).isSubset(of: ["id", "success", "errors"]))
            return (
                result["id"] as? String, try #require(result["success"] as? Bool),
                errors.first?["statusCode"] as? String
            )
        }
    }

    @Test func deleteAppliesEachRecordOnItsOwn() async throws {
        let org = TestOrg()
        let free = Self.contactIds(withCases: false, count: 2)
        let busy = Self.contactIds(withCases: true, count: 1)[0]
        try await org.test { client in
            let ids = [free[0], busy, free[0], "nonsense", free[1]]
            let reply = try await client.delete(
                Self.collection + "?ids=" + ids.joined(separator: ",") + "&allOrNone=false", headers: org.authorization)
            #expect(reply.status == 200)
            #expect(reply.contentType?.hasPrefix("application/json") == true)
            let outcomes = try Self.outcomes(reply)
            #expect(outcomes.map(\.id) == ids)
            #expect(outcomes.map(\.success) == [true, false, false, false, true])
            #expect(outcomes.map(\.code) == [nil, "DELETE_FAILED", "ENTITY_IS_DELETED", "MALFORMED_ID", nil])
            #expect(try await client.get(Self.contact + free[0], headers: org.authorization).status == 404)
            #expect(try await client.get(Self.contact + free[1], headers: org.authorization).status == 404)
            #expect(try await client.get(Self.contact + busy, headers: org.authorization).status == 200)
        }
    }

    @Test func deleteAllOrNoneRollsBackEveryRecordWhenOneFails() async throws {
        let org = TestOrg()
        let free = Self.contactIds(withCases: false, count: 2)
        let busy = Self.contactIds(withCases: true, count: 1)[0]
        try await org.test { client in
            let refused = try await client.delete(
                Self.collection + "?ids=" + [free[0], busy].joined(separator: ",") + "&allOrNone=true",
                headers: org.authorization)
            #expect(refused.status == 200)
            let outcomes = try Self.outcomes(refused)
            #expect(outcomes.map(\.success) == [false, false])
            #expect(outcomes.map(\.code) == ["ALL_OR_NONE_OPERATION_ROLLED_BACK", "DELETE_FAILED"])
            #expect(try await client.get(Self.contact + free[0], headers: org.authorization).status == 200)

            let applied = try await client.delete(
                Self.collection + "?ids=" + free.joined(separator: ",") + "&allOrNone=true", headers: org.authorization)
            #expect(try Self.outcomes(applied).map(\.success) == [true, true])
            #expect(try await client.get(Self.contact + free[1], headers: org.authorization).status == 404)
        }
    }

    @Test func moreThan200RecordsAreRefusedWhole() async throws {
        let org = TestOrg()
        let ids = (1...201).map { SalesforceID.make(keyPrefix: "003", serial: $0) }
        try await org.test { client in
            let reply = try await client.delete(
                Self.collection + "?ids=" + ids.joined(separator: ","), headers: org.authorization)
            #expect(reply.status == 400)
            #expect(reply.error?.code == "EXCEEDED_ID_LIMIT")
            #expect(try await client.get(Self.contact + ids[0], headers: org.authorization).status == 200)

            let records = Array(repeating: #"{"attributes":{"type":"Contact"},"LastName":"X"}"#, count: 201)
            let body = #"{"allOrNone":false,"records":["# + records.joined(separator: ",") + "]}"
            for method in [HTTPRequest.Method.post, .patch] {
                let refused = try await client.send(method, Self.collection, headers: org.authorization, body: body)
                #expect(refused.status == 400)
                #expect(refused.error?.code == "EXCEEDED_ID_LIMIT")
            }

            let exactly200 = try await client.delete(
                Self.collection + "?ids=" + ids.prefix(200).joined(separator: ","), headers: org.authorization)
            #expect(exactly200.status == 200)
            #expect(try Self.outcomes(exactly200).count == 200)

            let get = try await client.get(Self.collection, headers: org.authorization)
            #expect(get.status == 405)
            #expect(get.error?.code == "METHOD_NOT_ALLOWED")
        }
    }

    @Test func createReportsEachRecordAndAllOrNoneCreatesNone() async throws {
        let org = TestOrg(MockOrgConfiguration(contacts: 5))
        let good = #"{"attributes":{"type":"Contact"},"LastName":"Collected","Email":"c@example.com"}"#
        let bad = #"{"attributes":{"type":"Contact"},"LastName":"Wrong","Email":"not an address"}"#
        let untyped = #"{"LastName":"Nobody"}"#
        try await org.test { client in
            let reply = try await client.send(
                .post, Self.collection, headers: org.authorization,
                body: #"{"allOrNone":false,"records":["# + [good, bad, untyped].joined(separator: ",") + "]}")
            #expect(reply.status == 200)
            let outcomes = try Self.outcomes(reply)
            #expect(outcomes.map(\.success) == [true, false, false])
            #expect(outcomes.map(\.code) == [nil, "INVALID_EMAIL_ADDRESS", "INVALID_TYPE"])
            #expect(outcomes[1].id == nil && outcomes[2].id == nil)
            let id = try #require(outcomes[0].id)
            let created = try await client.get(Self.contact + id, headers: org.authorization)
            #expect(created.object?["LastName"] as? String == "Collected")

            let none = try await client.send(
                .post, Self.collection, headers: org.authorization,
                // Another email: the same one again would be a duplicate of the contact created above.
                body: #"{"allOrNone":true,"records":["#
                    + [good.replacingOccurrences(of: "c@", with: "d@"), bad]
                    .joined(separator: ",") + "]}")
            let rolledBack = try Self.outcomes(none)
            #expect(rolledBack.map(\.code) == ["ALL_OR_NONE_OPERATION_ROLLED_BACK", "INVALID_EMAIL_ADDRESS"])
            #expect(rolledBack.allSatisfy { $0.id == nil })
            let count = try await client.query(
                "SELECT COUNT() FROM Contact WHERE LastName = 'Collected'", headers: org.authorization)
            #expect(count.object?["totalSize"] as? Int == 1)
        }
    }

    @Test func updateReportsEachRecordAndAllOrNoneWritesNone() async throws {
        let org = TestOrg(MockOrgConfiguration(contacts: 5))
        let ids = (1...3).map { SalesforceID.make(keyPrefix: "003", serial: $0) }
        @Sendable func record(_ id: String, _ fields: String) -> String {
            #"{"attributes":{"type":"Contact"},"id":""# + id + #"","# + fields + "}"
        }
        try await org.test { client in
            #expect(try await client.delete(Self.contact + ids[2], headers: org.authorization).status == 204)
            let reply = try await client.send(
                .patch, Self.collection, headers: org.authorization,
                body: #"{"allOrNone":false,"records":["#
                    + [record(ids[0], #""Title":"CTO""#), record(ids[2], #""Title":"Gone""#)].joined(separator: ",")
                    + "]}")
            #expect(reply.status == 200)
            let outcomes = try Self.outcomes(reply)
            #expect(outcomes.map(\.id) == [ids[0], ids[2]])
            #expect(outcomes.map(\.code) == [nil, "ENTITY_IS_DELETED"])
            let updated = try await client.get(Self.contact + ids[0], headers: org.authorization)
            #expect(updated.object?["Title"] as? String == "CTO")

            let none = try await client.send(
                .patch, Self.collection, headers: org.authorization,
                body: #"{"allOrNone":true,"records":["#
                    + [record(ids[0], #""Title":"VP""#), record(ids[1], #""LastName":"""#)].joined(separator: ",")
                    + "]}")
            #expect(
                try Self.outcomes(none).map(\.code) == ["ALL_OR_NONE_OPERATION_ROLLED_BACK", "REQUIRED_FIELD_MISSING"])
            let kept = try await client.get(Self.contact + ids[0], headers: org.authorization)
            #expect(kept.object?["Title"] as? String == "CTO")
        }
    }
}
