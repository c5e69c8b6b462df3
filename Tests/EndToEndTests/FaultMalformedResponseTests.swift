import Foundation
import RestCore
import TestSupport
import Testing

/// Broken answers from a raw server: RestCore gives one clear error (or a correct value) for
/// each, completes exactly once, and never crashes or hangs.
@Suite("Faults: malformed responses against RestCore and list")
struct FaultMalformedResponseTests {
    static let json = "Content-Type: application/json;charset=UTF-8"

    /// The cases of the issue, each a raw reply.
    enum Case: String, CaseIterable, Sendable {
        case html, truncatedJSON, contentLengthTooLong, contentLengthTooShort, emptyBody200, hugeBody
        case deepNesting, errorObjectNotArray, errorArrayOfWrongShape, htmlError500

        var reply: [UInt8] {
            switch self {
            case .html:
                let body = Array("<html><body><h1>Service Unavailable</h1></body></html>".utf8)
                return RawResponseServer.reply(
                    headers: ["Content-Type: text/html", "Content-Length: \(body.count)"], body: body)
            case .truncatedJSON:
                let body = Array("{\"totalSize\":3,\"done\":true,\"records\":[{\"attributes\":{\"type\":\"Con".utf8)
                return RawResponseServer.reply(headers: [json, "Content-Length: \(body.count)"], body: body)
            case .contentLengthTooLong:
                let body = Array("{\"totalSize\":0,\"done\":true,\"records\":[]}".utf8)
                return RawResponseServer.reply(headers: [json, "Content-Length: \(body.count + 500)"], body: body)
            case .contentLengthTooShort:
                let body = Array("{\"totalSize\":0,\"done\":true,\"records\":[]}".utf8)
                return RawResponseServer.reply(headers: [json, "Content-Length: 10"], body: body)
            case .emptyBody200:
                return RawResponseServer.reply(headers: [json, "Content-Length: 0"], body: [])
            case .hugeBody:
                // 24 MB: a page whose single record has an enormous name.
                let body =
                    Array("{\"totalSize\":1,\"done\":true,\"records\":[{\"Id\":\"003\",\"Name\":\"".utf8)
                    + Array(repeating: UInt8(ascii: "x"), count: 24 << 20) + Array("\"}]}".utf8)
                return RawResponseServer.reply(headers: [json, "Content-Length: \(body.count)"], body: body)
            case .deepNesting:
                let body = Array(repeating: UInt8(ascii: "["), count: 200_000)
                return RawResponseServer.reply(headers: [json, "Content-Length: \(body.count)"], body: body)
            case .errorObjectNotArray:
                let body = Array("{\"message\":\"Session expired\",\"errorCode\":\"INVALID_SESSION_ID\"}".utf8)
                return RawResponseServer.reply(
                    status: "400 Bad Request", headers: [json, "Content-Length: \(body.count)"], body: body)
            case .errorArrayOfWrongShape:
                let body = Array("[{\"msg\":17,\"code\":[\"x\"]},42,null]".utf8)
                return RawResponseServer.reply(
                    status: "400 Bad Request", headers: [json, "Content-Length: \(body.count)"], body: body)
            case .htmlError500:
                let body = Array("<html>Internal Server Error</html>".utf8)
                return RawResponseServer.reply(
                    status: "500 Internal Server Error",
                    headers: ["Content-Type: text/html", "Content-Length: \(body.count)"],
                    body: body)
            }
        }

        /// Whether the outcome is the one a person should see for this case.
        func accepts(_ outcome: Result<QueryResult, RestClientError>) -> Bool {
            switch (self, outcome) {
            case (.html, .failure(.jsonSerialization)), (.truncatedJSON, .failure(.jsonSerialization)),
                (.deepNesting, .failure(.jsonSerialization)), (.emptyBody200, .failure(.apiResponseIsEmpty)):
                return true
            case (.contentLengthTooLong, .failure(.transportFailed)), (.contentLengthTooLong, .failure(.timedOut)):
                return true
            case (.contentLengthTooShort, .failure(.jsonSerialization)):
                return true
            case (.hugeBody, .success(let page)):
                return page.records.count == 1
            case (.hugeBody, .failure(let error)):
                // A client may refuse a body this large, as long as it says so.
                return !error.description.isEmpty
            case (.errorObjectNotArray, .failure(.apiInvocationFailed(400, _, let errors, let raw))),
                (.errorArrayOfWrongShape, .failure(.apiInvocationFailed(400, _, let errors, let raw))):
                return errors.isEmpty && raw != nil
            case (.htmlError500, .failure(.apiInvocationFailed(500, _, _, let raw))):
                return raw?.contains("Internal Server Error") ?? false
            default:
                return false
            }
        }
    }

    @Test("RestCore gives the right error for each broken answer", arguments: Case.allCases)
    func restCore(_ brokenCase: Case) async throws {
        let server = try RawResponseServer(reply: brokenCase.reply)
        defer { server.stop() }
        let client = RestClient(
            configuration: RestClientConfiguration(
                instanceURL: server.url, accessToken: "raw-server-token", timeout: .seconds(30)))
        let outcome: Result<QueryResult, RestClientError>
        do {
            let response = try await client.send(client.request(forQuery: "SELECT Id, Name FROM Contact"))
            outcome = .success(try response.decode(QueryResult.self))
        } catch {
            outcome = .failure(error)
        }
        await client.shutdown()
        #expect(brokenCase.accepts(outcome), "\(brokenCase): \(outcome)")
        if case .failure(let error) = outcome {
            #expect(!error.description.contains("\n"), "one line: \(error.description)")
            #expect(error.description.count < 400)
            #expect(!error.description.contains("raw-server-token"))
        }
    }

    @Test(
        "contact-tui list exits 1 with one sentence for each broken answer",
        arguments: Case.allCases.filter { $0 != .hugeBody })
    func list(_ brokenCase: Case) async throws {
        let server = try RawResponseServer(reply: brokenCase.reply)
        defer { server.stop() }
        let outcome = try await ProcessRunner.run(
            try Binary.path,
            [
                "list", "--instance-url", server.url.absoluteString, "--access-token-file",
                TokenFile.path(holding: "raw-server-token"), "--timeout", "30",
            ])
        #expect(outcome.status == 1)
        let lines = outcome.error.split(separator: "\n")
        #expect(lines.count == 1, "\(outcome.error)")
        #expect(!outcome.error.contains("raw-server-token"))
        #expect(!outcome.error.contains("Fatal error"))
    }
}
