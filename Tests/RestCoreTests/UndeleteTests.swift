import Foundation
import MockOrg
import RestCore
import Testing

/// The SOAP `undelete` call, its faults and the session renewal it shares with REST.
@Suite struct UndeleteTests {
    static let fault = """
        <?xml version="1.0" encoding="UTF-8"?><soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/" \
        xmlns:sf="urn:fault.partner.soap.sforce.com"><soapenv:Body><soapenv:Fault><faultcode>sf:INVALID_SESSION_ID</faultcode>\
        <faultstring>INVALID_SESSION_ID: Invalid Session ID found in SessionHeader: Illegal Session</faultstring>\
        </soapenv:Fault></soapenv:Body></soapenv:Envelope>
        """
    static let success = """
        <?xml version="1.0" encoding="UTF-8"?><soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/" \
        xmlns="urn:partner.soap.sforce.com"><soapenv:Body><undeleteResponse><result><id>003A</id><success>true</success>\
        </result></undeleteResponse></soapenv:Body></soapenv:Envelope>
        """

    @Test func anInvalidSessionFaultRenewsOnceAndReplaysWithTheNewToken() async throws {
        let transport = InMemoryTransport { request throws(RestClientError) in
            if request.url.hasSuffix("/services/oauth2/token") {
                return RestResponse(status: 200, headers: [:], body: Array(#"{"access_token":"token-2"}"#.utf8))
            }
            let body = String(decoding: request.body ?? [], as: UTF8.self)
            if body.contains("<urn:sessionId>token-2</urn:sessionId>") {
                return RestResponse(status: 200, headers: [.contentType: "text/xml"], body: Array(Self.success.utf8))
            }
            return RestResponse(status: 500, headers: [.contentType: "text/xml"], body: Array(Self.fault.utf8))
        }
        let client = makeClient(transport) { $0.refresh = RefreshSettings(refreshToken: "refresh-1") }
        let results = try await client.undelete(ids: ["003A"])
        #expect(results == [UndeleteResult(id: "003A", success: true, errors: [])])
        #expect(client.refreshCount == 1)
        let soap = transport.requests.filter { $0.url.contains("/services/Soap/u/") }
        #expect(soap.count == 2)
        #expect(soap.first.map { String(decoding: $0.body ?? [], as: UTF8.self).contains("token-1") } == true)
    }

    @Test func aFaultWithoutRenewalIsAnError() async throws {
        let transport = InMemoryTransport { _ throws(RestClientError) in
            RestResponse(status: 500, headers: [.contentType: "text/xml"], body: Array(Self.fault.utf8))
        }
        let client = makeClient(transport)
        do throws(RestClientError) {
            _ = try await client.undelete(ids: ["003A"])
            Issue.record("no error")
        } catch {
            #expect(error.description.contains("INVALID_SESSION_ID") || error.description.contains("Authentication"))
        }
        let tooMany = client.requestForUndelete(ids: Array(repeating: "003A", count: 201))
        do throws(RestClientError) {
            _ = try await client.send(tooMany)
            Issue.record("201 ids were sent")
        } catch {
            guard case .invalidRequest = error else { throw error }
        }
    }

    @Test func undeleteAgainstTheMockOrg() async throws {
        try await withMockOrg(MockOrgConfiguration(contacts: 50)) { client, _ in
            let ids =
                try await client.send(
                    client.request(
                        forQuery: "SELECT Id FROM Contact WHERE Id NOT IN (SELECT ContactId FROM Case) LIMIT 2")
                ).asJSONValue()["records"]?.arrayValue?.compactMap { $0["Id"]?.stringValue } ?? []
            try #require(ids.count == 2)
            _ = try await client.send(client.requestForDelete(withObjectType: "Contact", objectId: ids[0]))
            let results = try await client.undelete(ids: ids + ["003nope"])
            #expect(results.map(\.success) == [true, false, false])
            #expect(results[1].errors.first?.errorCode == "UNDELETE_FAILED")
            #expect(results[2].errors.first?.errorCode == "MALFORMED_ID")
            let back = try await client.send(
                client.requestForRetrieve(withObjectType: "Contact", objectId: ids[0], fieldList: "Id"))
            #expect(back.status == 200)
        }
    }
}
