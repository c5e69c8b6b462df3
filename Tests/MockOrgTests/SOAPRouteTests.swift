import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

@testable import MockOrg

/// The partner SOAP API's `undelete` at `/services/Soap/u/NN.N`, and the faults of everything else there.
@Suite struct SOAPRouteTests {
    static let path = "/services/Soap/u/66.0"

    static func envelope(session: String, ids: [String], operation: String = "undelete") -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/" xmlns:urn="urn:partner.soap.sforce.com">
        <soapenv:Header><urn:SessionHeader><urn:sessionId>\(session)</urn:sessionId></urn:SessionHeader></soapenv:Header>
        <soapenv:Body><urn:\(operation)>\(ids.map { "<urn:ids>\($0)</urn:ids>" }.joined())</urn:\(operation)></soapenv:Body>
        </soapenv:Envelope>
        """
    }

    struct Reply {
        let status: Int
        let contentType: String?
        let text: String
    }

    static func post(
        _ client: some TestClientProtocol, _ body: String, path: String = path, method: HTTPRequest.Method = .post
    ) async throws -> Reply {
        try await client.execute(
            uri: path, method: method,
            headers: [.contentType: "text/xml; charset=UTF-8", HTTPField.Name("SOAPAction")!: "\"\""],
            body: ByteBuffer(string: body)
        ) { response in
            Reply(
                status: Int(response.status.code), contentType: response.headers[.contentType],
                text: String(buffer: response.body))
        }
    }

    @Test func undeleteAnswersPerID() async throws {
        let org = TestOrg(MockOrgConfiguration(contacts: 30))
        try org.instance.store.withTables { tables in
            for row in tables.cases.indices { tables.cases[row].isDeleted = true }
        }
        let deleted = SalesforceID.make(keyPrefix: "003", serial: 2)
        let live = SalesforceID.make(keyPrefix: "003", serial: 3)
        try org.instance.store.delete(.contact, id: deleted)
        try await org.test { client in
            let reply = try await Self.post(
                client, Self.envelope(session: org.instance.accessToken, ids: [deleted, live, "nonsense"]))
            #expect(reply.status == 200)
            #expect(reply.contentType?.hasPrefix("text/xml") == true)
            #expect(reply.text.contains("<result><id>\(deleted)</id><success>true</success></result>"))
            #expect(reply.text.contains("<statusCode>UNDELETE_FAILED</statusCode>"))
            #expect(reply.text.contains("<statusCode>MALFORMED_ID</statusCode>"))
            #expect(reply.text.components(separatedBy: "<result>").count == 4)
            let back = try await client.get(
                "/services/data/v66.0/sobjects/Contact/" + deleted, headers: org.authorization)
            #expect(back.status == 200)
        }
    }

    @Test func anInvalidSessionIsAFaultWithStatus500() async throws {
        let org = TestOrg(MockOrgConfiguration(contacts: 5))
        try await org.test { client in
            for session in ["wrong", ""] {
                let reply = try await Self.post(client, Self.envelope(session: session, ids: []))
                #expect(reply.status == 500)
                #expect(reply.text.contains("<faultcode>sf:INVALID_SESSION_ID</faultcode>"))
                #expect(reply.text.contains("<sf:exceptionCode>INVALID_SESSION_ID</sf:exceptionCode>"))
            }
        }
    }

    @Test func everythingElseOnThePathIsAFault() async throws {
        var configuration = MockOrgConfiguration(contacts: 5)
        configuration.maxBodySize = 64 * 1024
        let org = TestOrg(configuration)
        let token = org.instance.accessToken
        let tooMany = (1...201).map { SalesforceID.make(keyPrefix: "003", serial: $0) }
        let cases: [(body: String, path: String, method: HTTPRequest.Method, fault: String)] = [
            ("not xml at all", Self.path, .post, "soapenv:Client"),
            ("", Self.path, .post, "soapenv:Client"),
            ("<a><b></a>", Self.path, .post, "soapenv:Client"),
            ("<Envelope/>", Self.path, .post, "soapenv:Client"),
            (Self.envelope(session: token, ids: [], operation: "delete"), Self.path, .post, "soapenv:Client"),
            (Self.envelope(session: token, ids: tooMany), Self.path, .post, "sf:EXCEEDED_ID_LIMIT"),
            (Self.envelope(session: token, ids: []), "/services/Soap/u/99.0", .post, "sf:UNSUPPORTED_API_VERSION"),
            ("", Self.path, .get, "soapenv:Client"),
            (
                #"<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaa">]><x>&a;</x>"#, Self.path, .post,
                "soapenv:Client"
            ),
            (String(repeating: "<x>", count: 40_000), Self.path, .post, "soapenv:Client"),
        ]
        try await org.test { client in
            for item in cases {
                let reply = try await Self.post(client, item.body, path: item.path, method: item.method)
                #expect(reply.status == 500, "\(item.body.prefix(40))")
                #expect(reply.text.contains("<faultcode>" + item.fault + "</faultcode>"), "\(reply.text.prefix(300))")
            }
            // The org keeps serving.
            let ok = try await Self.post(client, Self.envelope(session: token, ids: []))
            #expect(ok.status == 200)
            #expect(ok.text.contains("<undeleteResponse></undeleteResponse>"))
        }
    }
}
