import Foundation
import TestSupport
import Testing

@testable import Credentials

/// `--access-token-file`, `--refresh-token-file`, `--client-secret-file`: secrets from a file or
/// standard input, never from the process list.
@Suite struct SecretFileTests {
    static let instance = "https://acme.my.salesforce.com"

    /// A file holding `text`, removed with the returned value.
    static func file(_ text: String) throws -> TemporaryFile {
        let file = TemporaryFile()
        try text.write(toFile: file.path, atomically: true, encoding: .utf8)
        return file
    }

    @Test func theFilesFirstLinesTrimmedAreTheSecrets() async throws {
        let access = try Self.file("  access-from-file  \nsecond line\n")
        let refresh = try Self.file("refresh-from-file")
        let secret = try Self.file("\tsecret-from-file\r\n")
        let credentials = try await CredentialResolver.resolve(
            CredentialOptions(
                instanceURL: Self.instance, accessTokenFile: access.path, refreshTokenFile: refresh.path,
                clientSecretFile: secret.path),
            environment: ["PATH": "/nonexistent"])
        #expect(credentials.accessToken == "access-from-file")
        #expect(credentials.refresh?.refreshToken == "refresh-from-file")
        #expect(credentials.refresh?.clientSecret == "secret-from-file")
    }

    @Test func aDashReadsOneLineOfStandardInput() async throws {
        let credentials = try await CredentialResolver.resolve(
            CredentialOptions(instanceURL: Self.instance, accessTokenFile: "-"),
            environment: ["PATH": "/nonexistent"], standardInput: { " access-from-stdin " })
        #expect(credentials.accessToken == "access-from-stdin")
    }

    @Test(arguments: [
        (
            CredentialOptions(instanceURL: SecretFileTests.instance, accessTokenFile: "/nonexistent/token"),
            "--access-token-file /nonexistent/token cannot be read."
        ),
        (
            CredentialOptions(instanceURL: SecretFileTests.instance, accessToken: "a", accessTokenFile: "-"),
            "--access-token and --access-token-file cannot go together"
        ),
        (
            CredentialOptions(instanceURL: SecretFileTests.instance, accessTokenFile: "-", refreshTokenFile: "-"),
            "only one of the --…-file options can read standard input"
        ),
        (
            CredentialOptions(targetOrg: "myorg", refreshTokenFile: "-"),
            "--refresh-token-file cannot go with --target-org"
        ),
    ])
    func refusalsAreOneSentenceUsageErrors(options: CredentialOptions, sentence: String) async {
        let error = await #expect(throws: CredentialError.self) {
            try await CredentialResolver.resolve(
                options, environment: ["PATH": "/nonexistent"], standardInput: { "from-stdin" })
        }
        #expect(error?.isUsageError == true)
        #expect(error?.description.contains(sentence) == true, "\(String(describing: error))")
    }

    @Test func anEmptyFirstLineIsRefused() async throws {
        let empty = try Self.file("\nnot-the-first-line\n")
        let error = await #expect(throws: CredentialError.self) {
            try await CredentialResolver.resolve(
                CredentialOptions(instanceURL: Self.instance, accessTokenFile: empty.path),
                environment: ["PATH": "/nonexistent"])
        }
        #expect(error?.description.contains("holds nothing on its first line") == true)
        #expect(error?.description.contains("not-the-first-line") == false)
    }
}
