import Foundation
import MockOrg
import RestCore
import TestSupport
import Testing

/// Hostile requests to the mock org: each is answered with a Salesforce error (or the
/// connection is closed), and the org keeps serving afterwards.
@Suite("Security: the mock org under hostile requests")
struct SecurityMockOrgTests {
    /// Starts an org and a client, runs `body`, and always stops both.
    static func withOrg(
        contacts: Int = 50, _ body: (RestClient, MockOrgEndpoint) async throws -> Void
    ) async throws {
        // No refresh token: a refused session must stay refused here.
        try await LiveOrg.with(
            MockOrgConfiguration(contacts: contacts), configure: { client, _ in client.refresh = nil }
        ) { org in try await body(org.client, org.endpoint) }
    }

    /// The Salesforce errors of a request that must fail with an API error.
    static func apiErrors(
        _ client: RestClient, _ request: RestRequest
    ) async throws -> (status: Int, errors: [SalesforceError]) {
        do {
            let response = try await client.send(request)
            throw TestSupportFailure("\(request.summary) succeeded with \(response.status)")
        } catch let error as RestClientError {
            guard case .apiInvocationFailed(let status, _, let errors, _) = error else {
                throw TestSupportFailure("\(request.summary) failed with \(error), not an API error")
            }
            return (status, errors)
        }
    }

    /// Proves the org still answers a normal query with every contact.
    static func expectStillServing(_ client: RestClient, contacts: Int) async throws {
        let page = try await client.send(client.request(forQuery: "SELECT COUNT() FROM Contact"))
            .decode(QueryResult.self)
        #expect(page.totalSize == contacts)
    }

    @Test(
        "malformed SOQL gets Salesforce's error codes",
        arguments: [
            ("SELEC Id FROM Contact", "MALFORMED_QUERY"),
            ("SELECT Id FROM Contact WHERE", "MALFORMED_QUERY"),
            ("SELECT Id FROM Contact WHERE Name = 'unterminated", "MALFORMED_QUERY"),
            ("SELECT Id FROM Contact LIMIT", "MALFORMED_QUERY"),
            ("SELECT Id, FROM Contact", "MALFORMED_QUERY"),
            ("SELECT Id FROM Contact WHERE Name LIKE", "MALFORMED_QUERY"),
            ("SELECT Id FROM Contact ORDER BY", "MALFORMED_QUERY"),
            ("SELECT Id FROM Contact WHERE ((Name = 'a')", "MALFORMED_QUERY"),
            ("SELECT \u{0}\u{1B}[31m FROM Contact", "MALFORMED_QUERY"),
            ("SELECT Foo__c FROM Contact", "INVALID_FIELD"),
            ("SELECT Id FROM NoSuchObject", "INVALID_TYPE"),
            ("SELECT Id FROM Contact WHERE Name = 'a' AND", "MALFORMED_QUERY"),
        ])
    func malformedSOQL(statement: String, expectedCode: String) async throws {
        try await Self.withOrg { client, _ in
            let (status, errors) = try await Self.apiErrors(client, client.request(forQuery: statement))
            #expect(status == 400)
            #expect(errors.first?.errorCode == expectedCode, "\(statement) → \(errors)")
            #expect(!(errors.first?.message.isEmpty ?? true))
            try await Self.expectStillServing(client, contacts: 50)
        }
    }

    @Test(
        "malformed JSON bodies get JSON_PARSER_ERROR",
        arguments: [
            "{", "not json", "{\"LastName\": }", "\"just a string\"",
            "{\"LastName\": \"\\ud800\"", "{{{{{{{{{{{{{{{{{{{{",
        ])
    func malformedJSON(body: String) async throws {
        try await Self.withOrg { client, _ in
            var request = client.requestForCreate(withObjectType: "Contact", fields: ["LastName": .string("x")])
            request.body = Array(body.utf8)
            let (status, errors) = try await Self.apiErrors(client, request)
            #expect(status == 400)
            #expect(errors.first?.errorCode == "JSON_PARSER_ERROR", "\(body) → \(errors)")
            try await Self.expectStillServing(client, contacts: 50)
        }
    }

    @Test("a trailing comma in a JSON body gets JSON_PARSER_ERROR, as Salesforce's strict parser gives")
    func trailingComma() async throws {
        try await malformedJSON(body: "{\"LastName\": \"a\",}")
    }

    @Test("invalid UTF-8 and deeply nested JSON bodies are refused without harm")
    func hostileBodies() async throws {
        try await Self.withOrg { client, _ in
            for body in [[0xFF, 0xFE, 0x7B, 0x7D], Array(repeating: UInt8(ascii: "["), count: 100_000)] {
                var request = client.requestForCreate(withObjectType: "Contact", fields: ["LastName": .string("x")])
                request.body = body
                let (status, errors) = try await Self.apiErrors(client, request)
                #expect(status == 400 || status == 413)
                #expect(!errors.isEmpty)
            }
            try await Self.expectStillServing(client, contacts: 50)
        }
    }

    @Test("an oversized body gets 413 and the org keeps serving")
    func oversizedBody() async throws {
        try await Self.withOrg { client, _ in
            var request = client.requestForCreate(withObjectType: "Contact", fields: ["LastName": .string("x")])
            request.body =
                Array("{\"LastName\": \"".utf8) + Array(repeating: UInt8(ascii: "a"), count: 3 << 20)
                + Array("\"}".utf8)
            let (status, _) = try await Self.apiErrors(client, request)
            #expect(status == 413)
            try await Self.expectStillServing(client, contacts: 50)
        }
    }

    @Test("garbage bytes, a huge header and a bare newline flood do not stop the org")
    func garbageOnTheWire() async throws {
        try await Self.withOrg { client, endpoint in
            let port = try #require(endpoint.url.port)
            let garbage: [[UInt8]] = [
                Array("\u{0}\u{1}\u{2} NOT HTTP AT ALL\r\n\r\n".utf8),
                [0xFF, 0xFE, 0xFD, 0x0D, 0x0A, 0x0D, 0x0A],
                Array(
                    ("GET /services/data/ HTTP/1.1\r\nHost: x\r\nX-Big: " + String(repeating: "a", count: 200_000)
                        + "\r\n\r\n").utf8),
                Array(String(repeating: "\r\n", count: 10_000).utf8),
                Array(
                    "GET /services/data/v66.0/query?q=SELECT%20Id%20FROM%20Contact HTTP/1.1\r\nHost: x\r\nContent-Length: -5\r\n\r\n"
                        .utf8),
            ]
            await withTaskGroup(of: Void.self) { group in
                for bytes in garbage {
                    group.addTask { _ = try? await RawSocket.exchange(port: port, bytes: bytes) }
                }
            }
            try await Self.expectStillServing(client, contacts: 50)
        }
    }

    @Test("a 401 never echoes the token that was sent")
    func tokenNotEchoed() async throws {
        try await Self.withOrg { _, endpoint in
            let port = try #require(endpoint.url.port)
            let wrongToken = "wrong-\(endpoint.accessToken)"
            let replyText = try await RawSocket.exchange(
                port: port,
                text: "GET /services/data/v66.0/sobjects/Contact HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                    + "Authorization: Bearer \(wrongToken)\r\nConnection: close\r\n\r\n")
            #expect(replyText.contains("INVALID_SESSION_ID"))
            #expect(!replyText.contains(endpoint.accessToken))
        }
    }
}
