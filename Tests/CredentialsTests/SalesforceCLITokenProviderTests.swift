import Foundation
import RestCore
import TestSupport
import Testing

@testable import Credentials

/// Renewal through the Salesforce CLI: a new token, a refusal that says how to sign in again,
/// and a time limit.
@Suite struct SalesforceCLITokenProviderTests {
    /// The client's transport, which asking `sf` never uses.
    struct UnusedTransport: RestTransport {
        func execute(_ request: TransportRequest) async throws(RestClientError) -> TransportResponse {
            Issue.record("the sf provider sent a request")
            throw .cancelled
        }
        func shutdown() async {}
    }

    /// What the provider for `myorg` with `cli` on its PATH gives for `00D!stale`; the default
    /// timeout is generous, since starting the stand-in `sf` on two busy cores can take long.
    static func renewal(
        _ cli: StandInSalesforceCLI, timeout: Duration = .seconds(120)
    ) async -> Result<String, TokenRenewalError> {
        let provider = SalesforceCLITokenProvider(cli: SalesforceCLI(environment: cli.environment), alias: "myorg")
        // `cli`, a parameter, lives until this returns: its directory stays for the whole call.
        do throws(TokenRenewalError) {
            return .success(
                try await provider.renewToken(replacing: "00D!stale", transport: UnusedTransport(), timeout: timeout))
        } catch {
            return .failure(error)
        }
    }

    @Test func asksSfForANewToken() async throws {
        let cli = try StandInSalesforceCLI(
            instanceURL: CredentialResolverTests.instanceURL, aliases: ["myorg"], token: .fixed("00D!fresh"))
        #expect(try await Self.renewal(cli).get() == "00D!fresh")
        #expect(try cli.calls() == ["org auth show-access-token --json --target-org myorg"])
    }

    @Test func theRefusedTokenAgainIsARefusal() async throws {
        let cli = try StandInSalesforceCLI(
            instanceURL: CredentialResolverTests.instanceURL, aliases: ["myorg"], token: .fixed("00D!stale"))
        let error = try #require(Self.failure(await Self.renewal(cli)))
        #expect(error.isRefusal)
        #expect(error.message.contains("sign in again with 'sf org login web --alias myorg'"))
        #expect(!error.message.contains("00D!stale"))
    }

    @Test func anOrgSfNoLongerKnowsIsARefusal() async throws {
        let cli = try StandInSalesforceCLI(instanceURL: CredentialResolverTests.instanceURL, aliases: [])
        let error = try #require(Self.failure(await Self.renewal(cli)))
        #expect(error.isRefusal)
        #expect(error.message.contains("No authorization information found for myorg."))
        #expect(error.message.contains("sf org login web --alias myorg"))
    }

    /// A stand-in `sf` that would sleep ten minutes: the 300 ms limit ends the wait and the child.
    /// No bound on the wall time (a loaded machine may take long to start and end a child); a
    /// limit that did not work would outlast the test's time limit instead.
    @Test(.timeLimit(.minutes(5)))
    func anSfThatDoesNotAnswerInTimeIsNoRefusal() async throws {
        let cli = try StandInSalesforceCLI(instanceURL: CredentialResolverTests.instanceURL, aliases: ["myorg"])
        let pidFile = cli.directory.appendingPathComponent("sf.pid").path
        try writeExecutableScript(
            "#!/bin/sh\necho $$ > '\(pidFile)'\nexec sleep 600\n", to: cli.directory.appendingPathComponent("sf").path)
        let error = try #require(
            Self.failure(await Self.renewal(cli, timeout: .milliseconds(300))))
        #expect(!error.isRefusal)
        #expect(error.message.contains("sf org login web --alias myorg"))
        // The child is gone (and reaped), unless it was ended before it even wrote its pid.
        if let written = try? String(contentsOfFile: pidFile, encoding: .utf8),
            let pid = pid_t(written.trimmingCharacters(in: .whitespacesAndNewlines))
        {
            #expect(await waitUntil { kill(pid, 0) != 0 }, "sf (pid \(pid)) still runs after the time limit")
        }
    }

    static func failure(_ result: Result<String, TokenRenewalError>) -> TokenRenewalError? {
        if case .failure(let error) = result { return error }
        return nil
    }
}
