import Foundation
import HTTPTypes
import Testing

@testable import RestCore

/// The core send path over an in-memory transport: what goes out and how answers are read.
@Suite struct InMemorySendTests {
    @Test func sendsBearerTokenAcceptAndDefaultHeaders() async throws {
        let transport = InMemoryTransport(status: 200, body: #"{"totalSize":0,"done":true,"records":[]}"#)
        let client = makeClient(transport) {
            $0.defaultHeaders = [HTTPField.Name("X-Trace")!: "abc"]
        }
        let response = try await client.send(client.request(forQuery: "SELECT Id FROM Contact", batchSize: 300))
        #expect(try response.decode(QueryResult.self).done)
        let sent = try #require(transport.requests.first)
        #expect(sent.headers[.authorization] == "Bearer token-1")
        #expect(sent.headers[.accept] == "application/json")
        #expect(sent.headers[HTTPField.Name("X-Trace")!] == "abc")
        #expect(sent.headers[.sforceQueryOptions] == "batchSize=300")
        #expect(sent.host == "example.my.salesforce.com")
        #expect(sent.timeout == .seconds(60))
    }

    @Test func errorArrayIsParsed() async {
        let body = #"[{"message":"entity is deleted","errorCode":"ENTITY_IS_DELETED","fields":[]}]"#
        let client = makeClient(InMemoryTransport(status: 404, body: body))
        let error = await #expect(throws: RestClientError.self) {
            try await client.send(client.requestForDelete(withObjectType: "Contact", objectId: "003x"))
        }
        #expect(error?.httpStatus == 404)
        #expect(
            error?.salesforceErrors == [
                SalesforceError(message: "entity is deleted", errorCode: "ENTITY_IS_DELETED", fields: [])
            ])
    }

    @Test func emptyQueryIsInvalidAndNothingIsSent() async {
        let transport = InMemoryTransport()
        let client = makeClient(transport)
        await #expect(throws: RestClientError.self) {
            try await client.send(client.request(forQuery: "   "))
        }
        #expect(transport.requests.isEmpty)
    }

    @Test func sessionRefreshReplaysOnceWithTheNewToken() async throws {
        let transport = InMemoryTransport.expiredSession { request in
            let form = String(decoding: request.body ?? [], as: UTF8.self)
            #expect(form == "grant_type=refresh_token&refresh_token=r%2B1&client_id=cid")
        }
        let client = makeClient(transport) {
            $0.refresh = RefreshSettings(refreshToken: "r+1", clientID: "cid")
        }
        let response = try await client.send(client.requestForVersions())
        #expect(response.status == 200)
        #expect(client.configuration.accessToken == "token-2")
        #expect(client.refreshCount == 1)
        #expect(transport.requests.count == 3)
    }
}
