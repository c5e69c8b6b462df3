import AsyncHTTPClient
import TestSupport
import Testing

@testable import RestCore

/// The transport's connection pool: sized for many requests in flight, and a wait for a free
/// connection that runs out is reported as such, never as an unreachable host.
@Suite("Connection pool")
struct ConnectionPoolTests {
    @Test("Running out of time waiting for a pooled connection is its own error, and nothing was sent")
    func poolWaitTimeoutIsNotAnUnreachableHost() {
        let error = AsyncHTTPClientTransport.classify(HTTPClientError.getConnectionFromPoolTimeout, host: "example.com")
        guard case .connectionPoolBusy(let host) = error else {
            Issue.record("expected connectionPoolBusy, got \(error)")
            return
        }
        #expect(host == "example.com")
        #expect(!error.description.contains("Could not reach"))
        #expect(error.description.contains("example.com"))
        #expect(error.wasNeverSent)
        #expect(error.isTransient(hostHasAnswered: false))
    }

    @Test("connectionsPerHost requests are in flight at once; one more waits, and its wait runs out honestly")
    func poolHoldsConnectionsPerHostRequestsAtOnce() async throws {
        // The server holds every answer until the requests that got no connection of their own
        // have failed, after the 2 s that a pooled connection is waited for (the connect timeout),
        // so no answer can free a connection for them, however slow the machine. With a larger
        // pool none would fail: the server then answers after 30 s and the counts below fail.
        let perHost = AsyncHTTPClientTransport.connectionsPerHost
        let extra = 4
        let waitsAreOver = Flag()
        try await ScriptedServer.with({ _ in
            _ = await waitUntil(within: .seconds(30)) { waitsAreOver.isSet }
            return .json("{}")
        }) { server in
            var configuration = RestClientConfiguration(instanceURL: server.url, accessToken: "token-1")
            configuration.retryPolicy = .never
            let client = RestClient(
                configuration: configuration, transport: AsyncHTTPClientTransport(connectTimeout: .seconds(2)))
            let outcomes = try await withCleanup {
                await withTaskGroup(of: Result<Int, RestClientError>.self) { group in
                    for _ in 0..<(perHost + extra) {
                        group.addTask {
                            do throws(RestClientError) {
                                return .success(try await client.send(client.requestForVersions()).status)
                            } catch {
                                return .failure(error)
                            }
                        }
                    }
                    var all: [Result<Int, RestClientError>] = []
                    for await outcome in group {
                        all.append(outcome)
                        if all.count == extra { waitsAreOver.set() }
                    }
                    return all
                }
            } cleanup: {
                await client.shutdown()
            }
            let answered = outcomes.filter { (try? $0.get()) == 200 }.count
            let busy = outcomes.prefix(extra).filter {
                if case .failure(.connectionPoolBusy) = $0 { return true } else { return false }
            }.count
            #expect(answered == perHost, "\(outcomes)")
            #expect(busy == extra, "\(outcomes)")
            #expect(server.requests.count == perHost, "the busy requests were never sent")
        }
    }
}
