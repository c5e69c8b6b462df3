import Foundation
import RestCore
import TestSupport

/// Runs `body` with a RestClient over real HTTP to a scripted server, and stops both at the end.
/// This is the one place that knows which server the socket tests talk to (so MockOrg can
/// replace the scripted server where a test needs a whole org).
func withScriptedOrg<T: Sendable>(
    timeout: Duration = .seconds(60),
    configure: (inout RestClientConfiguration) -> Void = { _ in },
    _ script: @escaping ScriptedServer.Script,
    _ body: (RestClient, ScriptedServer) async throws -> T
) async throws -> T {
    try await ScriptedServer.with(script) { server in
        var configuration = RestClientConfiguration(
            instanceURL: server.url, accessToken: "token-1", timeout: timeout)
        configure(&configuration)
        return try await withRestClient(configuration) { client in try await body(client, server) }
    }
}
