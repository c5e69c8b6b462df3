import Foundation
import MockOrg
import RestCore
import TestSupport
import Testing

/// A token (access or refresh) never appears in an error message, a log file or the screen.
@Suite("Security: tokens never leak")
struct SecurityTokenTests {
    /// An access and a refresh token that no org knows, unique to the test that asks.
    static func unknownTokens() -> (access: String, refresh: String) {
        ("access-\(UUID().uuidString)-secret", "refresh-\(UUID().uuidString)-secret")
    }

    /// The message of the error `request` fails with.
    static func failure(_ client: RestClient, _ request: RestRequest) async -> String {
        do {
            _ = try await client.send(request)
            return ""
        } catch {
            return error.description
        }
    }

    @Test("RestCore's error messages hold neither token: refused session, refused refresh, unreachable host")
    func restCoreErrors() async throws {
        let server = MockOrgServer(configuration: MockOrgConfiguration(contacts: 5))
        let endpoint = try await server.start()
        let (access, refresh) = Self.unknownTokens()
        let client = RestClient(
            configuration: RestClientConfiguration(
                instanceURL: endpoint.url, accessToken: access,
                refresh: RefreshSettings(refreshToken: refresh, clientID: "client")))
        var messages = [await Self.failure(client, client.request(forQuery: "SELECT Id FROM Contact"))]
        messages.append(
            await Self.failure(
                client, client.requestForDelete(withObjectType: "Contact", objectId: "003000000000001AAA")))
        await client.shutdown()
        await server.stop()

        // The same client configuration against the stopped server: a transport error.
        let stopped = RestClient(
            configuration: RestClientConfiguration(
                instanceURL: endpoint.url, accessToken: access, refresh: RefreshSettings(refreshToken: refresh),
                timeout: .seconds(5)))
        messages.append(await Self.failure(stopped, stopped.request(forQuery: "SELECT Id FROM Contact")))
        await stopped.shutdown()

        for message in messages {
            #expect(!message.isEmpty)
            #expect(!message.contains(access) && !message.contains(refresh), "\(message)")
        }
    }

    @Test("a server that echoes the Authorization header in an error body does not put the token in the message")
    func echoedToken() async throws {
        let access = Self.unknownTokens().access
        let body = Array("<html>Bad request: Authorization: Bearer \(access)</html>".utf8)
        let server = try RawResponseServer(
            reply: RawResponseServer.reply(
                status: "400 Bad Request", headers: ["Content-Type: text/html", "Content-Length: \(body.count)"],
                body: body))
        defer { server.stop() }
        let client = RestClient(configuration: RestClientConfiguration(instanceURL: server.url, accessToken: access))
        let message = await Self.failure(client, client.request(forQuery: "SELECT Id FROM Contact"))
        await client.shutdown()
        #expect(!message.isEmpty)
        #expect(!message.contains(access), "\(message)")
    }

    @Test("the app's screen, stderr and log file never show the tokens, working or refused")
    func appScreenAndLog() async throws {
        let server = MockOrgServer(configuration: MockOrgConfiguration(contacts: 30))
        let endpoint = try await server.start()

        // A refused pair of tokens, then the valid ones.
        let (refusedAccess, refusedRefresh) = Self.unknownTokens()
        let runs: [(access: String, refresh: String, expect: String)] = [
            (refusedAccess, refusedRefresh, "Could not load"),
            (endpoint.accessToken, endpoint.refreshToken, "30 of 30"),
        ]
        var written: [(name: String, text: String)] = []
        for (index, run) in runs.enumerated() {
            let log = TemporaryFile("log")
            let stderr = TemporaryFile()
            // The tokens from files, as the README says to pass them: the command line is the process list's.
            defer { [run.access, run.refresh].forEach(TokenFile.remove(holding:)) }
            let command = QuitEndToEndTests.capturingStandardError(
                [
                    try Binary.path, "--instance-url", endpoint.url.absoluteString, "--access-token-file",
                    TokenFile.path(holding: run.access), "--refresh-token-file", TokenFile.path(holding: run.refresh),
                    "--log-file", log.path,
                ], in: stderr)
            let session = try await TmuxSession(command, width: 120, height: 20)
            let screen = try await session.waitUntil("the list or its error") { $0.contains(run.expect) }
            #expect(!screen.contains(run.access) && !screen.contains(run.refresh))
            try await session.quit()
            #expect(!log.text.isEmpty, "run \(index) wrote its log")
            written += [("run \(index)'s log", log.text), ("run \(index)'s standard error", stderr.text)]
        }
        await server.stop()

        for (name, text) in written {
            for token in [refusedAccess, refusedRefresh, endpoint.accessToken, endpoint.refreshToken] {
                #expect(!text.contains(token), "\(name) holds a token")
            }
        }
    }
}
