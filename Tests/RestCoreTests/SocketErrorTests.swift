import Foundation
import TestSupport
import Testing

@testable import RestCore

/// Every error case from a real response over a real socket.
@Suite struct SocketErrorTests {
    @Test func htmlErrorPageBecomesApiInvocationFailedWithRawBody() async throws {
        try await withScriptedOrg({ _ in
            .text("<html><body><h1>Service Unavailable</h1></body></html>", status: 503, contentType: "text/html")
        }) { client, _ in
            let error = await #expect(throws: RestClientError.self) {
                try await client.send(client.requestForVersions())
            }
            guard case .apiInvocationFailed(let status, _, let errors, let rawBody) = error else {
                Issue.record("unexpected \(String(describing: error))")
                return
            }
            #expect(status == 503)
            #expect(errors.isEmpty)
            #expect(rawBody?.contains("Service Unavailable") == true)
        }
    }

    @Test func htmlWithSuccessStatusFailsToParseAsJSON() async throws {
        try await withScriptedOrg({ _ in .text("<html>maintenance</html>", status: 200, contentType: "text/html") }) {
            client, _ in
            let response = try await client.send(client.requestForVersions())
            #expect(throws: RestClientError.self) { try response.asJSON() }
            let error = #expect(throws: RestClientError.self) { try response.decode(QueryResult.self) }
            guard case .jsonSerialization = error else {
                Issue.record("expected jsonSerialization, got \(String(describing: error))")
                return
            }
        }
    }

    @Test func truncatedJSONIsASerializationError() async throws {
        let error = try await queryDecodingError(.json(#"{"totalSize":3,"done":true,"records":[{"Id":"003"#))
        guard case .jsonSerialization = error else {
            Issue.record("expected jsonSerialization, got \(String(describing: error))")
            return
        }
    }

    @Test func wrongShapeIsADecodingError() async throws {
        let error = try await queryDecodingError(.json(#"{"totalSize":"many","done":true,"records":[]}"#))
        guard case .decodingFailed(let detail) = error else {
            Issue.record("expected decodingFailed, got \(String(describing: error))")
            return
        }
        #expect(detail.contains("totalSize"))
    }

    @Test func emptySuccessBodyIsApiResponseIsEmpty() async throws {
        let error = try await queryDecodingError(.respond(status: 200, body: []))
        guard case .apiResponseIsEmpty = error else {
            Issue.record("expected apiResponseIsEmpty, got \(String(describing: error))")
            return
        }
    }

    /// What decoding a query's result throws when the org answers it with `reply`
    /// (nil, after recording an issue, when decoding throws nothing).
    private func queryDecodingError(_ reply: ScriptedReply) async throws -> RestClientError? {
        try await withScriptedOrg({ _ in reply }) { client, _ in
            let response = try await client.send(client.request(forQuery: "SELECT Id FROM Contact"))
            return #expect(throws: RestClientError.self) { try response.decode(QueryResult.self) }
        }
    }

    @Test func hangingServerTimesOut() async throws {
        try await withScriptedOrg(timeout: .seconds(300), { _ in .hang }) { client, _ in
            let started = ContinuousClock.now
            let request = RestRequest(method: .GET, path: "/services/data/", timeout: .milliseconds(300))
            let error = await #expect(throws: RestClientError.self) {
                try await client.send(request)
            }
            guard case .timedOut = error else {
                Issue.record("expected timedOut, got \(String(describing: error))")
                return
            }
            #expect(ContinuousClock.now - started < .seconds(120))
        }
    }

    @Test func aRefusedConnectionToAHostThatNeverAnsweredIsReportedAtOnceNamingThePort() async throws {
        let reserved = try ReservedPort()
        defer { withExtendedLifetime(reserved) {} }
        let client = RestClient(
            configuration: RestClientConfiguration(
                instanceURL: reserved.url, accessToken: "token-1", timeout: .seconds(900)),
            transport: AsyncHTTPClientTransport(connectTimeout: .seconds(900)))
        let started = ContinuousClock.now
        let error = await #expect(throws: RestClientError.self) {
            try await client.send(client.requestForVersions())
        }
        let took = ContinuousClock.now - started
        await client.shutdown()
        // Not tried again until the connect timeout (900 s): only a host that answered before may
        // be restarting. The request itself is not retried either (the host never answered). The
        // bound tells the two apart, however loaded the machine (a suite beside another one's
        // took 81 s here); the speed is not what is tested.
        #expect(took < .seconds(450), "took \(took)")
        guard case .transportFailed(_, let reason) = error else {
            Issue.record("expected transportFailed, got \(String(describing: error))")
            return
        }
        #expect(reason.contains("refused on port \(reserved.url.port ?? 0)"), "\(reason)")
    }

    @Test func stoppedServerIsATransportErrorNamingTheHost() async throws {
        // A reserved port rather than a stopped server's: parallel tests may be given that port
        // again, and a retried connect may even connect to itself on it.
        let reserved = try ReservedPort()
        defer { withExtendedLifetime(reserved) {} }
        let url = reserved.url
        // async-http-client retries a refused connection until its connect timeout; keep that short
        // and the request's timeout long, so the outcome is the transport error, not a timeout.
        let client = RestClient(
            configuration: RestClientConfiguration(instanceURL: url, accessToken: "token-1", timeout: .seconds(60)),
            transport: AsyncHTTPClientTransport(connectTimeout: .milliseconds(500)))
        let error = await #expect(throws: RestClientError.self) {
            try await client.send(client.requestForVersions())
        }
        await client.shutdown()
        guard case .transportFailed(let host, _) = error else {
            Issue.record("expected transportFailed, got \(String(describing: error))")
            return
        }
        #expect(host == "127.0.0.1")
        #expect(error?.description.contains("127.0.0.1") == true)
    }
}
