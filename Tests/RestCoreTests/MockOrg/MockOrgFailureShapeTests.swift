import Foundation
import HTTPTypes
import MockOrg
import Testing

@testable import RestCore

/// What RestCore receives from the mock org when it fails as Salesforce does: the usage header,
/// `fields` on DML errors, the request limit, 503 with `Retry-After`, and semi-joins.
@Suite struct MockOrgFailureShapeTests {
    @Test func usageHeaderAndDMLErrorFields() async throws {
        try await withMockOrg(MockOrgConfiguration(contacts: 50)) { client, _ in
            let page = try await client.send(
                client.request(
                    forQuery: "SELECT Id FROM Contact WHERE Id NOT IN (SELECT ContactId FROM Case) LIMIT 1"))
            #expect(page.headers[.sforceLimitInfo] == "api-usage=1/15000")
            let id = try #require(page.decode(QueryResult.self).records.first?["Id"]?.stringValue)
            _ = try await client.send(client.requestForDelete(withObjectType: "Contact", objectId: id))
            let error = await #expect(throws: RestClientError.self) {
                try await client.send(client.requestForDelete(withObjectType: "Contact", objectId: id))
            }
            #expect(error?.httpStatus == 404)
            #expect(
                error?.salesforceErrors
                    == [SalesforceError(message: "entity is deleted", errorCode: "ENTITY_IS_DELETED", fields: [])])
        }
    }

    @Test func theRequestLimitAndUnavailability() async throws {
        try await withMockOrg(MockOrgConfiguration(contacts: 5, apiLimit: 1)) { client, _ in
            _ = try await client.send(client.request(forResources: nil))
            let error = await #expect(throws: RestClientError.self) {
                try await client.send(client.request(forResources: nil))
            }
            #expect(error?.httpStatus == 403)
            #expect(error?.salesforceErrors.first?.errorCode == "REQUEST_LIMIT_EXCEEDED")
        }
        // Retries off: the answer's own shape is what is checked here (RetryTests cover retrying).
        let unavailable = MockOrgConfiguration(contacts: 5, unavailableRate: 1)
        try await withMockOrg(unavailable, configure: { client, _ in client.retryPolicy = .never }) { client, _ in
            let error = await #expect(throws: RestClientError.self) {
                try await client.send(client.request(forResources: nil))
            }
            #expect(error?.httpStatus == 503)
            #expect(error?.salesforceErrors.first?.errorCode == "SERVER_UNAVAILABLE")
        }
    }
}
