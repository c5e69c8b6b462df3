import Foundation
import Subprocess
import SystemPackage
import TestSupport
import Testing

/// `contact-tui mock-org` over https, as OpenSSL and Python's `ssl` meet it: the certificate it
/// makes (and its CA file), the user's own files, and one sentence for files it cannot use.
@Suite struct MockOrgTLSCommandTests {
    /// Fetches the contact count from each URL with Python's verifying `ssl` context (trusting
    /// only `ca`), then refreshes a session; prints the counts and the token answer's instance_url.
    /// The access and refresh tokens come on standard input, a line each (`tokens(_:_:)`), never
    /// in its command line.
    static let pythonClient = """
        import json, ssl, sys, urllib.parse, urllib.request
        token, refresh = sys.stdin.readline().strip(), sys.stdin.readline().strip()
        ca, urls = sys.argv[1], sys.argv[2:]
        context = ssl.create_default_context(cafile=ca)
        for url in urls:
            query = urllib.request.Request(
                url + "/services/data/v66.0/query?q=SELECT+COUNT()+FROM+Contact",
                headers={"Authorization": "Bearer " + token})
            print(json.load(urllib.request.urlopen(query, context=context))["totalSize"])
            form = urllib.parse.urlencode({"grant_type": "refresh_token", "refresh_token": refresh}).encode()
            token_answer = urllib.request.urlopen(urllib.request.Request(url + "/services/oauth2/token", data=form), context=context)
            print(json.load(token_answer)["instance_url"])
        """

    /// `pythonClient`'s standard input.
    static func tokens(_ access: String, _ refresh: String) -> String {
        access + "\n" + refresh + "\n"
    }

    static func port(of url: String) throws -> String {
        try #require(url.split(separator: ":").last.map(String.init))
    }

    @Test(.timeLimit(.minutes(2)))
    func tlsPrintsTheCAFileAndServesHTTPSOnItsOwnCertificate() async throws {
        let token = MockOrgProcess.uniqueToken()
        defer { TokenFile.remove(holding: token) }
        let (lines, status) = try await MockOrgProcess.run(
            ["--tls", "--contacts", "120", "--access-token-file", TokenFile.path(holding: token)], lines: 6
        ) { lines in
            let url = try #require(lines[0].wholeMatch(of: /mock org listening on (https:\/\/127\.0\.0\.1:\d+)/)?.1)
            let refresh = String(lines[2].dropFirst("refresh token: ".count))
            let ca = try #require(lines[5].wholeMatch(of: /ca certificate: (\/.+\.pem)/)?.1)
            let pem = try String(contentsOfFile: String(ca), encoding: .utf8)
            #expect(pem.hasPrefix("-----BEGIN CERTIFICATE-----"))
            // OpenSSL accepts it as a CA certificate (it is self-signed, so it verifies against itself).
            let verify = try await ProcessRunner.run("openssl", ["verify", "-CAfile", String(ca), String(ca)])
            #expect(verify.status == 0 && verify.output.contains("OK"), "\(verify.error)\(verify.output)")
            // Python trusts the org's certificate through that file alone, by IP address and by name.
            let localhost = "https://localhost:" + (try Self.port(of: String(url)))
            let fetched = try await ProcessRunner.run(
                "python3", ["-c", Self.pythonClient, String(ca), String(url), localhost],
                input: Self.tokens(token, refresh)
            ).checked()
            #expect(fetched.output.split(separator: "\n") == ["120", "\(url)", "120", "\(localhost)"])
        }
        #expect(status == .exited(0))
        #expect(lines.count == 6)
        let ca = try #require(lines.last?.wholeMatch(of: /ca certificate: (.+)/)?.1)
        #expect(!FileManager.default.fileExists(atPath: String(ca)), "the CA file outlived the org")
    }

    @Test(.timeLimit(.minutes(2)))
    func tlsCertAndKeyServeTheUsersCertificate() async throws {
        let token = MockOrgProcess.uniqueToken()
        defer { TokenFile.remove(holding: token) }
        try await withCertificateFiles { files in
            let (lines, status) = try await MockOrgProcess.run(
                [
                    "--tls-cert", files.certificate, "--tls-key", files.key, "--access-token-file",
                    TokenFile.path(holding: token),
                ], lines: 5
            ) { lines in
                let url = try #require(lines[0].wholeMatch(of: /mock org listening on (https:\/\/127\.0\.0\.1:\d+)/)?.1)
                let refresh = String(lines[2].dropFirst("refresh token: ".count))
                let fetched = try await ProcessRunner.run(
                    "python3", ["-c", Self.pythonClient, files.certificate, String(url)],
                    input: Self.tokens(token, refresh)
                ).checked()
                #expect(fetched.output.split(separator: "\n") == ["200", "\(url)"])
            }
            #expect(status == .exited(0))
            #expect(lines.count == 5, "no sixth line for the user's own files: \(lines)")
        }
    }

    @Test func unusableFilesAreOneSentenceAndExit1() async throws {
        try await withCertificateFiles { files in
            let cases: [([String], String)] = [
                (["--tls-cert", files.certificate, "--tls-key", files.otherKey], "does not belong to the certificate"),
                (["--tls-cert", files.directory + "/missing.pem", "--tls-key", files.key], "could not be read"),
                (["--tls-cert", files.key, "--tls-key", files.key], "holds no PEM certificate"),
                (["--tls-cert", files.certificate, "--tls-key", files.certificate], "holds no PEM private key"),
            ]
            for (arguments, expected) in cases {
                let outcome = try await ProcessRunner.run(try Binary.path, ["mock-org", "--port", "0"] + arguments)
                #expect(outcome.status == 1, "\(arguments): \(outcome.error)")
                #expect(outcome.error.contains(expected), "\(arguments): \(outcome.error)")
                #expect(outcome.error.split(separator: "\n").count == 1, "\(outcome.error)")
                #expect(outcome.output.isEmpty)
            }
        }
    }

    @Test(arguments: [["--tls-cert", "cert.pem"], ["--tls-key", "key.pem"]])
    func aCertificateWithoutItsKeyIsAUsageError(arguments: [String]) async throws {
        let outcome = try await ProcessRunner.run(try Binary.path, ["mock-org"] + arguments)
        #expect(outcome.status == 2)
        #expect(outcome.error.contains("--tls-cert and --tls-key go together"))
    }

    /// A self-signed P-256 certificate for 127.0.0.1 and localhost made with OpenSSL, its key, and
    /// a key of another certificate, in a directory removed afterwards.
    func withCertificateFiles(
        _ body: ((directory: String, certificate: String, key: String, otherKey: String)) async throws -> Void
    ) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tls-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try await withCleanup {
            for name in ["org", "other"] {
                _ = try await ProcessRunner.run(
                    "openssl",
                    [
                        "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-days", "2",
                        "-subj", "/CN=localhost", "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost",
                        "-keyout", "\(directory)/\(name)-key.pem", "-out", "\(directory)/\(name)-cert.pem",
                    ]
                ).checked()
            }
            try await body(
                (directory, "\(directory)/org-cert.pem", "\(directory)/org-key.pem", "\(directory)/other-key.pem"))
        } cleanup: {
            try? FileManager.default.removeItem(atPath: directory)
        }
    }
}
