import Foundation
import TestSupport
import Testing

@testable import Credentials

/// Credential order, with a stand-in `sf` script on a PATH of the test's own.
@Suite struct CredentialResolverTests {
    /// A temporary directory holding an executable `sf` with `script` as its body.
    final class StandInCLI: Sendable {
        let directory: URL

        init(script: String) throws {
            directory = FileManager.default.temporaryDirectory.appendingPathComponent("sf-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let sf = directory.appendingPathComponent("sf")
            try writeExecutableScript("#!/bin/sh\n" + script, to: sf.path)
        }

        var environment: [String: String] { ["PATH": directory.path + ":/usr/bin:/bin"] }
        var argumentsLog: URL { directory.appendingPathComponent("args") }

        deinit { try? FileManager.default.removeItem(at: directory) }
    }

    static let displayScript = #"""
        echo "$@" > "$(dirname "$0")/args"
        if [ "$5" = "myorg" ]; then
          cat <<'JSON'
        {"status":0,"result":{"id":"00D000000000001","apiVersion":"66.0","accessToken":"00D!sf-token","instanceUrl":"https://acme.my.salesforce.com","username":"admin@acme.test","clientId":"PlatformCLI","connectedStatus":"Connected","alias":"myorg"},"warnings":[]}
        JSON
        else
          echo '{"status":1,"name":"NamedOrgNotFoundError","message":"No authorization information found for nope.","exitCode":1}'
          exit 1
        fi
        """#

    @Test func targetOrgRunsSfOrgDisplay() async throws {
        let cli = try StandInCLI(script: Self.displayScript)
        var environment = cli.environment
        environment["SF_INSTANCE_URL"] = "https://env.example.com"
        environment["SF_ACCESS_TOKEN"] = "env-token"
        let credentials = try await CredentialResolver.resolve(
            CredentialOptions(targetOrg: "myorg", instanceURL: "https://flag.example.com", accessToken: "flag-token"),
            environment: environment)
        #expect(credentials.instanceURL.absoluteString == "https://acme.my.salesforce.com")
        #expect(credentials.accessToken == "00D!sf-token")
        #expect(try String(contentsOf: cli.argumentsLog, encoding: .utf8) == "org display --json --target-org myorg\n")
    }

    @Test func unknownAliasReportsTheCLIsMessage() async throws {
        let cli = try StandInCLI(script: Self.displayScript)
        let error = await #expect(throws: CredentialError.self) {
            try await CredentialResolver.resolve(CredentialOptions(targetOrg: "nope"), environment: cli.environment)
        }
        #expect(error?.isUsageError == false)
        #expect(
            error?.description.contains("No authorization information found for nope.") == true,
            "\(String(describing: error))")
    }

    @Test func missingCLIIsARuntimeFailure() async {
        let error = await #expect(throws: CredentialError.self) {
            try await CredentialResolver.resolve(
                CredentialOptions(targetOrg: "myorg"), environment: ["PATH": "/nonexistent"])
        }
        #expect(error?.isUsageError == false)
        #expect(error?.description.contains("not on PATH") == true)
    }

    @Test func garbageFromTheCLIIsReported() async throws {
        let cli = try StandInCLI(script: "echo 'not json'")
        let error = await #expect(throws: CredentialError.self) {
            try await CredentialResolver.resolve(CredentialOptions(targetOrg: "myorg"), environment: cli.environment)
        }
        #expect(error?.description.contains("no JSON") == true)
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
        #expect(credentials.refreshToken == "env-refresh")
        #expect(credentials.clientID == "env-client")
        #expect(credentials.source == "command-line options")
    }

    @Test func clientSecretAndLoginURLComeFromFlagsOrTheEnvironment() async throws {
        let environment = [
            "SF_INSTANCE_URL": "https://env.example.com", "SF_ACCESS_TOKEN": "env-token",
            "SF_CLIENT_SECRET": "env-secret", "SF_LOGIN_URL": "https://test.salesforce.com",
        ]
        let fromEnvironment = try await CredentialResolver.resolve(CredentialOptions(), environment: environment)
        #expect(fromEnvironment.clientSecret == "env-secret")
        #expect(fromEnvironment.loginURL?.absoluteString == "https://test.salesforce.com")
        let fromFlags = try await CredentialResolver.resolve(
            CredentialOptions(clientSecret: "flag-secret", loginURL: "http://127.0.0.1:9"), environment: environment)
        #expect(fromFlags.clientSecret == "flag-secret")
        #expect(fromFlags.loginURL?.absoluteString == "http://127.0.0.1:9")
        let configuration = fromFlags.configuration()
        #expect(configuration.clientSecret == "flag-secret")
        #expect(configuration.loginURL?.absoluteString == "http://127.0.0.1:9")
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
            CredentialOptions(instanceURL: "https://x.example.com", accessToken: "t", loginURL: loginURL),
            environment: [:])
        #expect(credentials.loginURL?.absoluteString == loginURL)
    }

    @Test func environmentAlone() async throws {
        let credentials = try await CredentialResolver.resolve(
            CredentialOptions(),
            environment: ["SF_INSTANCE_URL": "https://env.example.com", "SF_ACCESS_TOKEN": "env-token"])
        #expect(credentials.instanceURL.absoluteString == "https://env.example.com")
        #expect(credentials.accessToken == "env-token")
        #expect(credentials.refreshToken == nil)
        #expect(credentials.source == "environment")
    }

    @Test func nothingIsAUsageErrorThatMentionsDemo() async {
        let error = await #expect(throws: CredentialError.self) {
            try await CredentialResolver.resolve(CredentialOptions(), environment: ["PATH": "/usr/bin"])
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
