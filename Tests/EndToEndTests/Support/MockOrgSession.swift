import Foundation
import RestCore
import TestSupport
import Testing

/// `contact-tui mock-org` in a tmux session of its own: an org in a process apart from the test and
/// the app, which outlives an app killed outright, or is itself killed outright (SIGKILL, no
/// graceful shutdown). The session's server stops it when the test lets go of it.
final class MockOrgSession {
    let session: TmuxSession
    /// The org's base URL, as its banner prints it.
    let url: String
    /// The access token the org was started with.
    let token: String

    /// Starts the org on a free port with `arguments` (and a token of its own) and waits for its
    /// banner.
    init(_ arguments: [String]) async throws {
        token = "e2e-token-\(UUID().uuidString)"
        session = try await TmuxSession(
            [try Binary.path, "mock-org", "--port", "0", "--access-token-file", TokenFile.path(holding: token)]
                + arguments, width: 200, height: 10)
        let banner = try await session.waitUntil(timeout: .seconds(120), "the org listens") {
            $0.contains("mock org listening on http://")
        }
        url = try #require(
            banner.components(separatedBy: "\n").first { $0.hasPrefix("mock org listening on ") }?
                .replacingOccurrences(of: "mock org listening on ", with: "")
                .trimmingCharacters(in: .whitespaces))
    }

    deinit { TokenFile.remove(holding: token) }

    /// `contact-tui` opened on this org.
    func appCommand(_ extra: [String] = []) throws -> [String] {
        [try Binary.path, "--instance-url", url, "--access-token-file", TokenFile.path(holding: token)] + extra
    }

    /// The org's process.
    func processID() async throws -> pid_t {
        try await SignalTests.appPID(session)
    }

    /// The records of `soql`'s first page (up to 2,000), read over REST.
    func records(_ soql: String) async throws -> [JSONValue] {
        let configuration = RestClientConfiguration(
            instanceURL: try #require(URL(string: url)), accessToken: token, timeout: .seconds(120))
        return try await withRestClient(configuration) { client in
            try await client.send(client.request(forQuery: soql)).decode(QueryResult.self).records
        }
    }
}
