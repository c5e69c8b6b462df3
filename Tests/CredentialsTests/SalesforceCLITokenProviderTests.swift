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

    @Test func anSfThatDoesNotAnswerInTimeIsNoRefusal() async throws {
        let cli = try StandInSalesforceCLI(instanceURL: CredentialResolverTests.instanceURL, aliases: ["myorg"])
        try writeExecutableScript("#!/bin/sh\nexec sleep 120\n", to: cli.directory.appendingPathComponent("sf").path)
        let clock = ContinuousClock()
        let started = clock.now
        let error = try #require(
            Self.failure(await Self.renewal(cli, timeout: .milliseconds(300))))
        #expect(!error.isRefusal)
        #expect(error.message.contains("sf org login web --alias myorg"))
        // Well before sf would have answered: the time limit ended the wait and the child.
        #expect(clock.now - started < .seconds(60))
    }

    static func failure(_ result: Result<String, TokenRenewalError>) -> TokenRenewalError? {
        if case .failure(let error) = result { return error }
        return nil
    }
}
