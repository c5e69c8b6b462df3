import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import MockOrg

/// The org's middleware, each on its own: authentication, the body limit, the faults, the latency
/// and the answers for paths and methods no route takes.
@Suite struct MiddlewareTests {
    static let base = "/services/data/v66.0"
    static let contact = SalesforceID.make(keyPrefix: "003", serial: 2)

    @Test(arguments: [nil, "Bearer nope", "Basic T", "Bearer "])
    func authenticationRefusesInSalesforcesShape(_ authorization: String?) async throws {
        let org = TestOrg(MockOrgConfiguration(contacts: 3, accessToken: "T"))
        try await org.test { client in
            var headers: HTTPFields = [:]
            if let authorization { headers[.authorization] = authorization }
            for path in ["", "/query?q=SELECT+Id+FROM+Contact", "/sobjects/Nothing", "/no/route/here"] {
                let reply = try await client.get(Self.base + path, headers: headers)
                #expect(reply.status == 401, "\(path)")
                #expect(reply.error?.code == "INVALID_SESSION_ID")
                #expect(reply.error?.message == "Session expired or invalid")
                #expect(reply.contentType == "application/json;charset=UTF-8")
            }
            // The versions and OAuth need no token.
            #expect(try await client.get("/services/data", headers: headers).status == 200)
        }
    }

    @Test func theBodyLimitComesBeforeRoutesAndTokens() async throws {
        var configuration = MockOrgConfiguration(contacts: 3)
        configuration.maxBodySize = 10
        let org = TestOrg(configuration)
        try await org.test { client in
            for path in ["/nowhere", Self.base + "/sobjects/Contact"] {
                let reply = try await client.send(.post, path, headers: [:], body: "12345678901")
                #expect(reply.status == 413)
                #expect(reply.error?.code == "REQUEST_ENTITY_TOO_LARGE")
                #expect(reply.error?.message == "The request body is larger than 10 bytes")
            }
            let fits = try await client.send(
                .post, Self.base + "/sobjects/Contact", headers: org.authorization, body: #"{"a":1}"#)
            #expect(fits.status == 400)
            #expect(fits.error?.code == "INVALID_FIELD")
        }
    }

    @Test func everyWriteTheFailFaultHitsIsRefusedAndChangesNothing() async throws {
        let org = TestOrg(MockOrgConfiguration(contacts: 5, failRate: 1))
        try await org.test { client in
            let writes: [(HTTPRequest.Method, String, String)] = [
                (.post, "/sobjects/Contact", #"{"LastName": "New"}"#),
                (.patch, "/sobjects/Contact/" + Self.contact, #"{"Title": "Changed"}"#),
                (.delete, "/sobjects/Contact/" + Self.contact, ""),
            ]
            for (method, path, body) in writes {
                let reply = try await client.send(method, Self.base + path, headers: org.authorization, body: body)
                #expect(reply.status == 400, "\(method) \(path)")
                #expect(reply.error?.code == "UNABLE_TO_LOCK_ROW")
                #expect(reply.errorFields == [])
            }
            // Reads and refused methods are not writes: the fault leaves them alone.
            let record = try await client.get(
                Self.base + "/sobjects/Contact/" + Self.contact, headers: org.authorization)
            #expect(record.status == 200)
            #expect(record.object?["Title"] as? String != "Changed")
            let put = try await client.send(.put, Self.base + "/sobjects/Contact", headers: org.authorization, body: "")
            #expect(put.status == 405)
            let count = try await client.query("SELECT COUNT() FROM Contact", headers: org.authorization)
            #expect(count.object?["totalSize"] as? Int == 5)
        }
    }

    @Test func writesNeverFailWithoutAFailRate() async throws {
        let org = TestOrg(MockOrgConfiguration(contacts: 5))
        try await org.test { client in
            for _ in 0..<20 {
                let reply = try await client.send(
                    .patch, Self.base + "/sobjects/Contact/" + Self.contact, headers: org.authorization,
                    body: #"{"Title": "Same"}"#)
                #expect(reply.status == 204)
            }
        }
    }

    @Test func theLatencyDelaysEveryRequest() async throws {
        let org = TestOrg(MockOrgConfiguration(contacts: 3, latency: .milliseconds(150)))
        try await org.test { client in
            let start = ContinuousClock.now
            let reply = try await client.get("/nowhere", headers: [:])
            let elapsed = ContinuousClock.now - start
            #expect(reply.status == 404)
            #expect(elapsed >= .milliseconds(150))
        }
    }

    @Test func theDropFaultClosesTheConnectionWithoutAnAnswer() async throws {
        let server = MockOrgServer(configuration: MockOrgConfiguration(contacts: 3, dropRate: 1))
        let endpoint = try await server.start()
        await #expect(throws: (any Error).self) {
            _ = try await LiveHTTP.send(
                "GET", endpoint.url.appendingPathComponent("services/data"), token: endpoint.accessToken)
        }
        await server.stop()
    }

    @Test func anyMethodOnAKnownPathIsRefusedAndAnUnknownOneIsNotFound() async throws {
        let org = TestOrg(MockOrgConfiguration(contacts: 3))
        try await org.test { client in
            let propfind = try await client.send(
                HTTPRequest.Method("PROPFIND")!, Self.base + "/sobjects/Contact/describe", headers: org.authorization,
                body: "")
            #expect(propfind.status == 405)
            #expect(propfind.error?.message == "HTTP Method 'PROPFIND' not allowed. Allowed are GET,HEAD")
            // A method no HTTP/1 parser knows reaches no route: the org's own 404, not the router's.
            let unknown = try await client.send(
                HTTPRequest.Method("BREW")!, Self.base + "/sobjects", headers: org.authorization, body: "")
            #expect(unknown.status == 404)
            #expect(unknown.error?.code == "NOT_FOUND")
            #expect(unknown.contentType == "application/json;charset=UTF-8")
        }
    }
}
