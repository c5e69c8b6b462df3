import Foundation
import RestCore
import TestSupport
import Testing

@testable import Credentials

/// Credential order, with a stand-in `sf` (today's CLI) on a PATH of the test's own.
@Suite struct CredentialResolverTests {
    static let instanceURL = URL(string: "https://acme.my.salesforce.com")!

    static func standIn(
        token: StandInSalesforceCLI.Token = .fixed("00D!sf-token"), defaultOrg: String? = nil
    ) throws -> StandInSalesforceCLI {
        try StandInSalesforceCLI(
            instanceURL: instanceURL, aliases: ["myorg"], defaultOrg: defaultOrg, token: token, apiVersion: "61.0",
            username: "admin@acme.test")
    }

    /// The failure of `resolve` with `cli` (else no `sf`) on the PATH, which must be a runtime
    /// one in one line that never shows a token.
    static func failure(
        _ options: CredentialOptions, _ cli: StandInSalesforceCLI?, sourceLocation: SourceLocation = #_sourceLocation
    ) async -> CredentialError? {
        // `cli`, a parameter, lives until this returns: its directory stays for the whole call.
        let error = await #expect(throws: CredentialError.self, sourceLocation: sourceLocation) {
            try await CredentialResolver.resolve(options, environment: cli?.environment ?? ["PATH": "/nonexistent"])
        }
        #expect(error?.isUsageError == false, sourceLocation: sourceLocation)
        #expect(error?.description.contains("\n") == false, sourceLocation: sourceLocation)
        #expect(error?.description.contains("REDACTED") == false, sourceLocation: sourceLocation)
        return error
    }

    @Test func targetOrgAsksSfForTheOrgAndTheToken() async throws {
        let cli = try Self.standIn()
        var environment = cli.environment
        environment["SF_INSTANCE_URL"] = "https://env.example.com"
        environment["SF_ACCESS_TOKEN"] = "env-token"
        let credentials = try await CredentialResolver.resolve(
            CredentialOptions(targetOrg: "myorg", instanceURL: "https://flag.example.com", accessToken: "flag-token"),
            environment: environment)
        #expect(credentials.instanceURL == Self.instanceURL)
        #expect(credentials.accessToken == "00D!sf-token")
        #expect(credentials.apiVersion == "v61.0")
        #expect(credentials.source == "sf org (myorg)")
        #expect((credentials.tokenProvider as? SalesforceCLITokenProvider)?.alias == "myorg")
        #expect(
            try cli.calls().sorted() == [
                "org auth show-access-token --json --target-org myorg", "org display --json --target-org myorg",
            ])
    }

    @Test func theOrgsVersionIsUsedUnlessOneIsGiven() async throws {
        let cli = try Self.standIn()
        defer { withExtendedLifetime(cli) {} }
        let credentials = try await CredentialResolver.resolve(
            CredentialOptions(targetOrg: "myorg"), environment: cli.environment)
        #expect(credentials.configuration().apiVersion == "v61.0")
        #expect(credentials.configuration(apiVersion: "v60.0").apiVersion == "v60.0")
        #expect(credentials.configuration().tokenProvider is SalesforceCLITokenProvider)
    }

    @Test(arguments: [StandInSalesforceCLI.redactedToken, "00D!abc def", "00D!abc\u{A0}def", "", " "])
    func aValueThatIsNotATokenIsRefused(value: String) async throws {
        let cli = try Self.standIn(token: .fixed(value))
        let error = await Self.failure(CredentialOptions(targetOrg: "myorg"), cli)
        #expect(error?.description.contains("gave no usable access token") == true, "\(String(describing: error))")
        #expect(error?.description.contains("sf org login web --alias myorg") == true)
    }

    @Test(arguments: [
        (CredentialOptions(targetOrg: "myorg", refreshToken: "r"), "--refresh-token"),
        (CredentialOptions(targetOrg: "myorg", clientID: "c"), "--client-id"),
        (CredentialOptions(targetOrg: "myorg", clientSecret: "s"), "--client-secret"),
        (CredentialOptions(targetOrg: "myorg", loginURL: "https://login.salesforce.com"), "--login-url"),
    ])
    func refreshOptionsAreRefusedWithATargetOrg(options: CredentialOptions, flag: String) async throws {
        let cli = try Self.standIn()
        let error = await #expect(throws: CredentialError.self) {
            try await CredentialResolver.resolve(options, environment: cli.environment)
        }
        #expect(error?.isUsageError == true)
        #expect(
            error?.description
                == "Invalid credentials: \(flag) cannot go with --target-org, whose session the Salesforce CLI renews.")
        #expect(try cli.calls().isEmpty)
    }

    @Test func unknownAliasNamesItAndHowToSignIn() async throws {
        let cli = try Self.standIn()
        let error = await Self.failure(CredentialOptions(targetOrg: "nope"), cli)
        #expect(
            error?.description
                == "Could not get the org from the Salesforce CLI: the Salesforce CLI knows no org nope (No "
                + "authorization information found for nope.); sign in with 'sf org login web --alias nope'.")
        // Both commands ran at once; the sentence is the display's.
        #expect(try cli.calls().contains("org display --json --target-org nope"))
    }

    @Test func missingCLINamesTheAliasAndHowToSignIn() async {
        let error = await Self.failure(CredentialOptions(targetOrg: "myorg"), nil)
        #expect(
            error?.description
                == "Could not get the org from the Salesforce CLI: the sf command is not on PATH, so the org myorg "
                + "cannot be reached; install the Salesforce CLI and sign in with 'sf org login web --alias myorg', "
                + "or pass --instance-url and --access-token-file.")
    }

    @Test func garbageFromTheCLIIsReported() async throws {
        let cli = try StandInSalesforceCLI(instanceURL: Self.instanceURL, aliases: [])
        try writeExecutableScript("#!/bin/sh\necho 'not json'\n", to: cli.directory.appendingPathComponent("sf").path)
        let error = await Self.failure(CredentialOptions(targetOrg: "myorg"), cli)
        #expect(error?.description.contains("printed no JSON") == true)
        #expect(error?.description.contains("sf org login web --alias myorg") == true)
    }

    @Test func theDefaultOrgWhenNothingElseIsGiven() async throws {
        let cli = try Self.standIn(defaultOrg: "myorg")
        let credentials = try await CredentialResolver.resolve(CredentialOptions(), environment: cli.environment)
        #expect(credentials.source == "sf default org (myorg)")
        #expect(credentials.accessToken == "00D!sf-token")
        #expect(try cli.calls().first == "config get target-org --json")
    }

    @Test func noDefaultOrgIsMissing() async throws {
        let cli = try Self.standIn()
        let error = await #expect(throws: CredentialError.self) {
            try await CredentialResolver.resolve(CredentialOptions(), environment: cli.environment)
        }
        #expect(error == .missing)
        #expect(try cli.calls() == ["config get target-org --json"])
    }

    @Test(arguments: ["SF_REFRESH_TOKEN", "SF_CLIENT_ID", "SF_CLIENT_SECRET", "SF_LOGIN_URL"])
    func anSFVariableKeepsTheDefaultOrgAway(variable: String) async throws {
        let cli = try Self.standIn(defaultOrg: "myorg")
        var environment = cli.environment
        environment[variable] = "set"
        let error = await #expect(throws: CredentialError.self) {
            try await CredentialResolver.resolve(CredentialOptions(), environment: environment)
        }
        #expect(error == .missing)
        #expect(try cli.calls().isEmpty)
    }

    @Test func flagsWinOverTheEnvironment() async throws {
        let environment = [
            "SF_INSTANCE_URL": "https://env.example.com", "SF_ACCESS_TOKEN": "env-token",
            "SF_REFRESH_TOKEN": "env-refresh", "SF_CLIENT_ID": "env-client",
        ]
        let credentials = try await CredentialResolver.resolve(
            CredentialOptions(instanceURL: "http://127.0.0.1:8080", accessToken: "flag-token"), environment: environment
        )
        #expect(credentials.instanceURL.absoluteString == "http://127.0.0.1:8080")
        #expect(credentials.accessToken == "flag-token")
        #expect(credentials.refresh == RefreshSettings(refreshToken: "env-refresh", clientID: "env-client"))
        #expect(credentials.source == "command-line options")
        #expect(credentials.tokenProvider == nil)
    }

    @Test func clientSecretAndLoginURLComeFromFlagsOrTheEnvironment() async throws {
        let environment = [
            "SF_INSTANCE_URL": "https://env.example.com", "SF_ACCESS_TOKEN": "env-token",
            "SF_CLIENT_SECRET": "env-secret", "SF_LOGIN_URL": "https://test.salesforce.com",
            "SF_REFRESH_TOKEN": "env-refresh",
        ]
        let fromEnvironment = try await CredentialResolver.resolve(CredentialOptions(), environment: environment)
        #expect(fromEnvironment.refresh?.clientSecret == "env-secret")
        #expect(fromEnvironment.refresh?.loginURL?.absoluteString == "https://test.salesforce.com")
        let fromFlags = try await CredentialResolver.resolve(
            CredentialOptions(clientSecret: "flag-secret", loginURL: "http://127.0.0.1:9"), environment: environment)
        #expect(fromFlags.refresh?.clientSecret == "flag-secret")
        #expect(fromFlags.refresh?.loginURL?.absoluteString == "http://127.0.0.1:9")
        let configuration = fromFlags.configuration()
        #expect(configuration.refresh?.clientSecret == "flag-secret")
        #expect(configuration.refresh?.loginURL?.absoluteString == "http://127.0.0.1:9")
    }

    @Test(arguments: ["http://login.salesforce.com", "ftp://x.example.com", "http://127.0.0.1.example.com", "nothing"])
    func aLoginURLMustBeHTTPSUnlessLoopback(_ loginURL: String) async {
        let error = await #expect(throws: CredentialError.self) {
            try await CredentialResolver.resolve(
                CredentialOptions(instanceURL: "https://x.example.com", accessToken: "t", loginURL: loginURL),
                environment: [:])
        }
        #expect(error?.description.contains("must be an https URL") == true)
    }

    @Test(arguments: ["http://localhost:8080", "http://127.1.2.3", "http://[::1]:9"])
    func aLoopbackLoginURLMayBeHTTP(_ loginURL: String) async throws {
        let credentials = try await CredentialResolver.resolve(
            CredentialOptions(
                instanceURL: "https://x.example.com", accessToken: "t", refreshToken: "r", loginURL: loginURL),
            environment: [:])
        #expect(credentials.refresh?.loginURL?.absoluteString == loginURL)
    }

    @Test func environmentAlone() async throws {
        let credentials = try await CredentialResolver.resolve(
            CredentialOptions(),
            environment: ["SF_INSTANCE_URL": "https://env.example.com", "SF_ACCESS_TOKEN": "env-token"])
        #expect(credentials.instanceURL.absoluteString == "https://env.example.com")
        #expect(credentials.accessToken == "env-token")
        #expect(credentials.refresh == nil)
        #expect(credentials.source == "environment")
    }

    @Test func nothingIsAUsageErrorThatMentionsDemo() async {
        let error = await #expect(throws: CredentialError.self) {
            try await CredentialResolver.resolve(CredentialOptions(), environment: ["PATH": "/nonexistent"])
        }
        #expect(error == .missing)
        #expect(error?.isUsageError == true)
        #expect(error?.description.contains("--demo") == true)
    }

    @Test(arguments: [
        CredentialOptions(instanceURL: "https://x.example.com"),
        CredentialOptions(accessToken: "secret-token"),
        CredentialOptions(instanceURL: "ftp://x.example.com", accessToken: "secret-token"),
        CredentialOptions(instanceURL: "not a url", accessToken: "secret-token"),
    ])
    func incompleteOrMalformedIsAUsageError(options: CredentialOptions) async {
        let error = await #expect(throws: CredentialError.self) {
            try await CredentialResolver.resolve(options, environment: [:])
        }
        #expect(error?.isUsageError == true)
        #expect(error?.description.contains("secret-token") == false)
    }
}
