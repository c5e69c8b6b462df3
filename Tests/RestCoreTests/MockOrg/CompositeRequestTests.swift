import Foundation
import MockOrg
import Testing

@testable import RestCore

/// `compositeRequest(_:refIds:allOrNone:apiVersion:)` and `CompositeResponse`: the wire form
/// Salesforce documents, and against the mock org, several requests answered as one call.
@Suite struct CompositeRequestTests {
    @Test func theBodyListsEachRequestWithItsURLReferenceIdBodyAndHeaders() throws {
        let client = makeClient(InMemoryTransport())
        let update = client.requestForUpdate(
            withObjectType: "Contact", objectId: "003000000000001AAA", fields: ["Title": .string("CTO")],
            ifUnmodifiedSince: Date(timeIntervalSince1970: 1_800_000_000))
        let composite = client.compositeRequest(
            [client.request(forQuery: "SELECT Id FROM Contact"), update], refIds: ["first", "update"],
            allOrNone: true)
        #expect(composite.method == .POST && composite.path == "/services/data/v66.0/composite")
        #expect(composite.invalidReason == nil)
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(composite.body ?? [])) as? [String: Any])
        #expect(json["allOrNone"] as? Bool == true)
        let entries = try #require(json["compositeRequest"] as? [[String: Any]])
        #expect(entries.map { $0["referenceId"] as? String } == ["first", "update"])
        #expect(entries.map { $0["method"] as? String } == ["GET", "PATCH"])
        #expect(entries[0]["url"] as? String == "/services/data/v66.0/query?q=SELECT%20Id%20FROM%20Contact")
        #expect((entries[1]["body"] as? [String: Any])?["Title"] as? String == "CTO")
        #expect((entries[1]["httpHeaders"] as? [String: Any])?["If-Unmodified-Since"] as? String != nil)
        #expect(entries[0]["body"] == nil && entries[0]["httpHeaders"] == nil)
    }

    @Test func tooManyRequestsOrTooFewReferenceIdsAreRefusedBeforeAnythingIsSent() {
        let client = makeClient(InMemoryTransport())
        let describe = client.requestForDescribe(withObjectType: "Contact")
        let many = Array(repeating: describe, count: RestClient.compositeLimit + 1)
        #expect(
            client.compositeRequest(many, refIds: many.indices.map { "r\($0)" }, allOrNone: false).invalidReason != nil)
        #expect(client.compositeRequest([describe, describe], refIds: ["one"], allOrNone: false).invalidReason != nil)
        #expect(client.compositeRequest([], refIds: [], allOrNone: false).invalidReason != nil)
    }

    @Test func twoDescribesComeBackInOneCallEachAsItsOwnAnswer() async throws {
        try await withMockOrg { client, _ in
            let request = client.compositeRequest(
                [
                    client.requestForDescribe(withObjectType: "Contact"),
                    client.requestForDescribe(withObjectType: "Nothing"),
                ],
                refIds: ["contact", "nothing"], allOrNone: false)
            let response = try await client.send(request)
            #expect(client.apiUsage?.used == 1)
            let composite = try #require(CompositeResponse(try response.asJSONValue()))
            #expect(composite.subResponses.map(\.referenceId) == ["contact", "nothing"])
            #expect(composite.subResponses.map(\.httpStatusCode) == [200, 404])
            #expect(composite.subResponses[0].body["name"]?.stringValue == "Contact")
            #expect(composite.subResponses[1].body.arrayValue?.first?["errorCode"]?.stringValue == "NOT_FOUND")
        }
    }
}
