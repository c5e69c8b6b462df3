import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import TestSupport
import Testing

@testable import MockOrg

/// The faults that make an org fail as a real one does: 503 `SERVER_UNAVAILABLE`, a write applied
/// whose answer is lost, query cursors that expire, and a test's fault aimed at one resource.
@Suite struct FailureFaultTests {
    static let base = "/services/data/v66.0"
    static let contact = SalesforceID.make(keyPrefix: "003", serial: 2)

    @Test func unavailableAnswers503WithRetryAfterAndAppliesNothing() async throws {
        let configuration = MockOrgConfiguration(contacts: 5, accessToken: "T", unavailableRate: 1)
        let org = TestOrg(configuration)
        try await org.test { client in
            for (method, path) in [
                (HTTPRequest.Method.get, "/query?q=SELECT+Id+FROM+Contact"),
                (.delete, "/sobjects/Contact/" + Self.contact),
            ] {
                let reply = try await client.execute(uri: Self.base + path, method: method, headers: org.authorization)
                {
                    (Int($0.status.code), $0.headers[.retryAfter], String(buffer: $0.body))
                }
                #expect(reply.0 == 503, "\(method) \(path)")
                #expect(reply.1 == "1")
                #expect(
                    reply.2
                        == #"[{"message":"Server temporarily unavailable. Please try again later.","errorCode":"SERVER_UNAVAILABLE"}]"#
                )
            }
            // OAuth and the version list stay up.
            #expect(try await client.get("/services/data", headers: [:]).status == 200)
        }
        _ = try org.instance.store.retrieve(.contact, id: Self.contact, fields: ["Id"], apiVersion: "v66.0")
    }

    @Test func anAimedFaultFailsOnlyItsMethodAndPathWith500AndAppliesNothing() async throws {
        var configuration = MockOrgConfiguration(contacts: 5, accessToken: "T")
        configuration.requestFaults = [MockOrgRequestFault(method: "DELETE", pathPart: "/sobjects/Contact/")]
        let org = TestOrg(configuration)
        try await org.test { client in
            let path = Self.base + "/sobjects/Contact/" + Self.contact
            let reply = try await client.execute(uri: path, method: .delete, headers: org.authorization) {
                (Int($0.status.code), String(buffer: $0.body))
            }
            #expect(reply.0 == 500)
            #expect(reply.1.contains(#""errorCode":"UNKNOWN_EXCEPTION""#), "\(reply.1)")
            // Another method on the same path, and the same method elsewhere, pass.
            #expect(try await client.get(path, headers: org.authorization).status == 200)
            let account = try await client.execute(
                uri: Self.base + "/sobjects/Account/" + SalesforceID.make(keyPrefix: "001", serial: 999_999),
                method: .delete, headers: org.authorization
            ) { Int($0.status.code) }
            #expect(account == 404)
        }
        _ = try org.instance.store.retrieve(.contact, id: Self.contact, fields: ["Id"], apiVersion: "v66.0")
    }

    @Test func anUnavailableRateHitsAboutThatShareOfRequests() async throws {
        let configuration = MockOrgConfiguration(contacts: 5, accessToken: "T", unavailableRate: 0.3)
        let org = TestOrg(configuration)
        let statuses = try await org.test { client in
            var statuses: [Int] = []
            for _ in 0..<400 { statuses.append(try await client.get(Self.base, headers: org.authorization).status) }
            return statuses
        }
        let unavailable = statuses.filter { $0 == 503 }.count
        #expect(Set(statuses) == [200, 503])
        #expect((80...160).contains(unavailable), "\(unavailable) of 400")
    }

    @Test func aLostReplyStillAppliesTheWrite() async throws {
        let configuration = MockOrgConfiguration(contacts: 10, accessToken: "T", loseReplyRate: 1)
        try await LiveOrg.with(configuration) { org in
            let url = { (path: String) in URL(string: org.endpoint.url.absoluteString + Self.base + path)! }
            await #expect(throws: (any Error).self) {
                _ = try await LiveHTTP.send("DELETE", url("/sobjects/Contact/" + Self.contact), token: "T")
            }
            await #expect(throws: (any Error).self) {
                _ = try await LiveHTTP.send("POST", url("/sobjects/Contact"), token: "T", body: #"{"LastName":"Lost"}"#)
            }
            // Reads are answered; they show both writes applied.
            let gone = try await LiveHTTP.send("GET", url("/sobjects/Contact/" + Self.contact), token: "T")
            #expect(gone.status == 404)
            let created = try await LiveHTTP.send(
                "GET", url("/query?q=SELECT+Id+FROM+Contact+WHERE+LastName+%3D+'Lost'"), token: "T")
            #expect((created.json as? [String: Any])?["totalSize"] as? Int == 1)
        }
    }
}
