import Foundation
import Subprocess
import SystemPackage
import TestSupport
import Testing

/// `contact-tui mock-org` as a script meets it: five lines on stdout (a token or secret it was given
/// named by its option, never printed), a working org, a clean stop on SIGINT or SIGTERM.
@Suite struct MockOrgCommandTests {
    @Test(.timeLimit(.minutes(2)), arguments: [Signal.interrupt, .terminate])
    func printsFiveLinesServesAndStopsOnSignal(_ signal: Signal) async throws {
        // The token comes from its file: with the file unread, the org would want a generated one.
        let token = MockOrgProcess.uniqueToken()
        defer { TokenFile.remove(holding: token) }
        let (lines, status) = try await MockOrgProcess.run(
            ["--contacts", "300", "--seed", "4", "--access-token-file", TokenFile.path(holding: token)], lines: 5,
            stopWith: signal
        ) { lines in
            let url = try #require(lines[0].wholeMatch(of: /mock org listening on (http:\/\/127\.0\.0\.1:\d+)/)?.1)
            #expect(lines[1] == "access token: from --access-token-file")
            #expect(lines[2].hasPrefix("refresh token: ") && lines[2].count > 40)
            #expect(lines[3].hasPrefix("client id: ") && lines[3].count > 40)
            #expect(lines[4].hasPrefix("client secret: ") && lines[4].count > 40)
            #expect(!url.hasSuffix(":0"))

            let reply = try await LiveHTTP.send(
                "GET", URL(string: url + "/services/data/v66.0/query?q=SELECT+COUNT()+FROM+Contact")!, token: token)
            #expect((reply.json as? [String: Any])?["totalSize"] as? Int == 300)
        }
        #expect(lines.count == 5, "mock-org printed \(lines)")
        #expect(!lines.joined().contains(token), "mock-org printed its token: \(lines)")
        #expect(status == .exited(0))
    }

    /// A token and a secret the org made are printed: the banner is how a user or a script learns
    /// them, and they work.
    @Test(.timeLimit(.minutes(2)))
    func theTokenAndSecretTheOrgMadeArePrinted() async throws {
        _ = try await MockOrgProcess.run(["--contacts", "10"], lines: 5) { lines in
            let url = try #require(lines[0].wholeMatch(of: /mock org listening on (http:\/\/[0-9.:]+)/)?.1)
            let token = try #require(lines[1].wholeMatch(of: /access token: (\S+)/)?.1)
            let clientID = try #require(lines[3].wholeMatch(of: /client id: (\S+)/)?.1)
            let secret = try #require(lines[4].wholeMatch(of: /client secret: (\S+)/)?.1)
            let reply = try await LiveHTTP.send(
                "GET", URL(string: url + "/services/data/v66.0/query?q=SELECT+COUNT()+FROM+Contact")!,
                token: String(token))
            #expect((reply.json as? [String: Any])?["totalSize"] as? Int == 10)
            #expect(
                try await Self.clientCredentialsGrant(String(url), "client_id=\(clientID)&client_secret=\(secret)")
                    == 200)
        }
    }

    /// A token and a secret given in files appear nowhere in what the org writes, on standard output
    /// or standard error.
    @Test(.timeLimit(.minutes(2)))
    func aTokenAndSecretGivenInFilesAreNeverPrinted() async throws {
        let (token, secret) = (MockOrgProcess.uniqueToken(), "file-secret-" + UUID().uuidString)
        defer {
            TokenFile.remove(holding: token)
            TokenFile.remove(holding: secret)
        }
        let arguments = [
            "mock-org", "--port", "0", "--contacts", "5", "--access-token-file",
            TokenFile.path(holding: token), "--client-secret-file", TokenFile.path(holding: secret),
        ]
        let result = try await Subprocess.run(
            .path(FilePath(try Binary.path)), arguments: Subprocess.Arguments(arguments), input: .none,
            output: .sequence, error: .string(limit: 1 << 16)
        ) { execution in
            var printed = ""
            for try await line in execution.standardOutput.strings() {
                printed += line
                if line.hasPrefix("client secret: ") { break }
            }
            try execution.send(signal: .terminate)
            return printed
        }
        let output = result.closureResult + (result.standardError ?? "")
        #expect(output.contains("access token: from --access-token-file"), "\(output)")
        #expect(output.contains("client secret: from --client-secret-file"), "\(output)")
        #expect(!output.contains(token) && !output.contains(secret), "\(output)")
        #expect(result.terminationStatus == .exited(0))
    }

    @Test(.timeLimit(.minutes(2)))
    func stopsOnSIGTERMWhileGeneratingItsData() async throws {
        let result = try await Subprocess.run(
            .path(FilePath(try Binary.path)), arguments: ["mock-org", "--port", "0", "--contacts", "1000000"],
            input: .none, output: .string(limit: 1 << 16), error: .sequence
        ) { execution in
            // The announcement comes once generating starts, and a million contacts take seconds more.
            // The signal comes a second later (for the signal handling to have taken hold in every thread
            // of the process; in the first instant Linux may still deliver SIGTERM by default), long
            // before the org would listen.
            var announced = false
            for try await line in execution.standardError.strings() where line.hasPrefix("generating 1000000 contacts")
            {
                announced = true
                break
            }
            try await Task.sleep(for: .seconds(1))
            try execution.send(signal: .terminate)
            return announced
        }
        #expect(result.closureResult, "mock-org never said it was generating its data")
        #expect(result.terminationStatus == .exited(0))
        #expect(!result.standardOutput.contains("listening"))
    }

    /// The status of a client-credentials grant sent to the org at `url` with `form`.
    static func clientCredentialsGrant(_ url: String, _ form: String) async throws -> Int {
        try await LiveHTTP.request(
            "POST", URL(string: url + "/services/oauth2/token")!,
            headers: ["Content-Type": "application/x-www-form-urlencoded"],
            body: Data(("grant_type=client_credentials&" + form).utf8)
        ).status
    }

    /// The connected app's id and secret are the given ones (the id printed, the secret only named
    /// by its option), and a client-credentials grant needs both.
    @Test(.timeLimit(.minutes(2)))
    func theGivenClientIDAndSecretAreRequired() async throws {
        let secret = "test-app-secret-" + UUID().uuidString
        defer { TokenFile.remove(holding: secret) }
        let arguments = [
            "--contacts", "10", "--client-id", "test-app", "--client-secret-file", TokenFile.path(holding: secret),
        ]
        _ = try await MockOrgProcess.run(arguments, lines: 5) { lines in
            #expect(lines[3] == "client id: test-app")
            #expect(lines[4] == "client secret: from --client-secret-file")
            let url = String(try #require(lines.first?.wholeMatch(of: /mock org listening on (http:\/\/[0-9.:]+)/)?.1))
            func grant(_ form: String) async throws -> Int { try await Self.clientCredentialsGrant(url, form) }
            #expect(try await grant("client_id=test-app&client_secret=" + secret) == 200)
            #expect(try await grant("client_id=any&client_secret=thing") == 400)
            #expect(try await grant("client_id=test-app&client_secret=thing") == 400)
        }
    }

    /// An org bound beyond loopback says so on standard error, away from the five lines.
    @Test(.timeLimit(.minutes(2)))
    func aHostBeyondLoopbackIsWarnedAbout() async throws {
        for (host, warned) in [("0.0.0.0", true), ("127.0.0.1", false)] {
            let result = try await Subprocess.run(
                .path(FilePath(try Binary.path)),
                arguments: ["mock-org", "--port", "0", "--contacts", "5", "--host", host],
                input: .none, output: .sequence, error: .string(limit: 1 << 16)
            ) { execution in
                for try await line in execution.standardOutput.strings() where line.hasPrefix("client secret: ") {
                    break
                }
                try execution.send(signal: .terminate)
            }
            let warning = result.standardError ?? ""
            #expect(warning.contains("warning: --host \(host) is not loopback") == warned, "\(host): \(warning)")
            #expect(result.terminationStatus == .exited(0))
        }
    }

    /// `--access-token` and `--client-secret` on the command line still work, with one warning
    /// each: the process list shows them. The banner names the option, never the value.
    @Test(
        .timeLimit(.minutes(2)),
        arguments: [("--access-token", "access token: "), ("--client-secret", "client secret: ")])
    func aSecretInTheCommandLineIsWarnedAbout(option: String, printedAs label: String) async throws {
        let result = try await Subprocess.run(
            .path(FilePath(try Binary.path)),
            arguments: ["mock-org", "--port", "0", "--contacts", "5", option, "S3CR3T"],
            input: .none, output: .sequence, error: .string(limit: 1 << 16)
        ) { execution in
            var printed: String?
            for try await line in execution.standardOutput.strings() {
                if line.hasPrefix(label) {
                    printed = String(line.dropFirst(label.count)).trimmingCharacters(in: .newlines)
                }
                if line.hasPrefix("client secret: ") { break }
            }
            try execution.send(signal: .terminate)
            return printed
        }
        #expect(result.closureResult == "from \(option)")
        #expect(
            result.standardError
                == "contact-tui: warning: \(option) is visible to other users in the process list; "
                + "use \(option)-file.\n")
        #expect(result.terminationStatus == .exited(0))
    }

    /// A token or secret file the org cannot use is one sentence and exit 2, naming the file and
    /// never its text.
    @Test func anUnusableTokenFileIsOneSentence() async throws {
        let blankFirstLine = TemporaryFile()
        FileManager.default.createFile(atPath: blankFirstLine.path, contents: Data("\nSECOND-LINE\n".utf8))
        let twoWords = TemporaryFile()
        FileManager.default.createFile(atPath: twoWords.path, contents: Data("TWO WORDS\n".utf8))
        let cases: [([String], String)] = [
            (["--access-token-file", "/nonexistent/token"], "--access-token-file /nonexistent/token cannot be read."),
            (["--access-token-file", "-"], "--access-token-file - (standard input) cannot be read."),
            (
                ["--access-token-file", blankFirstLine.path],
                "--access-token-file \(blankFirstLine.path) holds nothing on its first line."
            ),
            (
                ["--access-token-file", twoWords.path],
                "--access-token-file \(twoWords.path) holds a token with spaces; it must be one word."
            ),
            (
                ["--access-token-file", twoWords.path, "--access-token", "T"],
                "--access-token and --access-token-file cannot go together; give one."
            ),
            (
                ["--client-secret-file", "/nonexistent/secret"],
                "--client-secret-file /nonexistent/secret cannot be read."
            ),
            (
                ["--client-secret-file", twoWords.path],
                "--client-secret-file \(twoWords.path) holds a secret with spaces; it must be one word."
            ),
            (
                ["--client-secret-file", twoWords.path, "--client-secret", "S"],
                "--client-secret and --client-secret-file cannot go together; give one."
            ),
            (
                ["--client-secret-file", "-", "--access-token-file", "-"],
                "only one of the --…-file options can read standard input (-)."
            ),
        ]
        for (arguments, sentence) in cases {
            let outcome = try await ProcessRunner.run(try Binary.path, ["mock-org", "--port", "0"] + arguments)
            #expect(outcome.status == 2, "\(arguments): \(outcome.error)")
            #expect(outcome.error.hasPrefix("contact-tui: " + sentence + "\n"), "\(arguments): \(outcome.error)")
            #expect(!outcome.error.contains("SECOND-LINE") && !outcome.error.contains("WORDS"), "\(outcome.error)")
            #expect(outcome.output.isEmpty, "\(arguments): \(outcome.output)")
        }
    }

    /// SIGTERM stops the org at once while queries scan: each gives up, its answer goes out and
    /// the org exits, rather than finish first (this query takes longer than its 10 s budget).
    @Test(.timeLimit(.minutes(2)))
    func stopsOnSIGTERMWhileAQueryRuns() async throws {
        let token = MockOrgProcess.uniqueToken()
        defer { TokenFile.remove(holding: token) }
        let likes = (0..<200).map { "Account.Name LIKE '%q\($0)%z%'" }.joined(separator: " OR ")
        let soql = "SELECT Id FROM Contact WHERE " + likes
        let result = try await Subprocess.run(
            .path(FilePath(try Binary.path)),
            arguments: [
                "mock-org", "--port", "0", "--contacts", "300000", "--access-token-file",
                TokenFile.path(holding: token),
            ],
            input: .none, output: .sequence, error: .discarded
        ) { execution -> Duration? in
            var url = ""
            var signalled: ContinuousClock.Instant?
            for try await line in execution.standardOutput.strings() {
                if let match = line.wholeMatch(of: /mock org listening on (http:\/\/[0-9.:]+)\n?/) {
                    url = String(match.1)
                }
                guard line.hasPrefix("client secret: ") else { continue }
                let target = try #require(URL(string: url + "/services/data/v66.0/query?q=" + encodedQuery(soql)))
                // Three at once: one scans, the others wait for the lock on the cooperative pool's
                // workers (two on a two-core machine), where the shutdown's own handler would run.
                let queries = (0..<3).map { _ in Task { _ = try? await LiveHTTP.send("GET", target, token: token) } }
                defer { queries.forEach { $0.cancel() } }
                // Long enough for the query to be under way; far less than it takes.
                try await Task.sleep(for: .seconds(2))
                signalled = .now
                try execution.send(signal: .terminate)
            }
            return signalled.map { ContinuousClock.now - $0 }
        }
        let stopped = try #require(result.closureResult, "mock-org never listened")
        #expect(stopped < .seconds(5), "mock-org took \(stopped) to stop")
        #expect(result.terminationStatus == .exited(0))
    }

    @Test(.timeLimit(.minutes(2)))
    func theFailureFlagsReachTheOrg() async throws {
        let token = MockOrgProcess.uniqueToken()
        defer { TokenFile.remove(holding: token) }
        let arguments = [
            "--contacts", "300", "--access-token-file", TokenFile.path(holding: token), "--api-limit", "2",
            "--cursor-ttl", "0.2",
            "--unavailable-rate", "0", "--lose-reply-rate", "0",
        ]
        _ = try await MockOrgProcess.run(arguments, lines: 5) { lines in
            let url = try #require(lines.first?.wholeMatch(of: /mock org listening on (http:\/\/[0-9.:]+)/)?.1)
            let reply = try await LiveHTTP.request(
                "GET", URL(string: url + "/services/data/v66.0/query?q=SELECT+Id+FROM+Contact")!,
                headers: ["Authorization": "Bearer \(token)", "Sforce-Query-Options": "batchSize=200"])
            #expect(reply.headers["sforce-limit-info"] == "api-usage=1/2")
            let next = try #require((reply.json as? [String: Any])?["nextRecordsUrl"] as? String)
            try await Task.sleep(for: .milliseconds(400))
            let expired = try await LiveHTTP.send("GET", URL(string: url + next)!, token: token)
            #expect(LiveHTTP.errorCode(expired.json) == "INVALID_QUERY_LOCATOR")
            let limited = try await LiveHTTP.send("GET", URL(string: url + "/services/data/v66.0")!, token: token)
            #expect(limited.status == 403)
            #expect(LiveHTTP.errorCode(limited.json) == "REQUEST_LIMIT_EXCEEDED")
        }
    }

    @Test(.timeLimit(.minutes(2)))
    func theVersionRefreshAndCompressionFlagsReachTheOrg() async throws {
        let token = MockOrgProcess.uniqueToken()
        defer { TokenFile.remove(holding: token) }
        let arguments = [
            "mock-org", "--port", "0", "--contacts", "300", "--access-token-file", TokenFile.path(holding: token),
            "--max-api-version", "60.0",
            "--rotate-refresh-tokens", "--client-secret-file", "-", "--no-compression",
        ]
        _ = try await Subprocess.run(
            .path(FilePath(try Binary.path)), arguments: Subprocess.Arguments(arguments), input: .string("S3CR3T\n"),
            output: .sequence, error: .discarded
        ) { execution in
            var lines: [String] = []
            for try await line in execution.standardOutput.strings() {
                lines.append(line)
                if lines.count == 5 { break }
            }
            let match = try #require(lines.first?.wholeMatch(of: /mock org listening on (http:\/\/[0-9.]+:(\d+))/))
            let (url, port) = (String(match.1), Int(match.2)!)
            let refresh = String(try #require(lines[2].wholeMatch(of: /refresh token: (\S+)/)?.1))
            #expect(lines[4] == "client secret: from --client-secret-file")

            // --max-api-version: the list ends at 60.0, and 66.0 is not served.
            let versions = try await LiveHTTP.send("GET", URL(string: url + "/services/data/")!, token: token)
            #expect(((versions.json as? [[String: Any]])?.last)?["version"] as? String == "60.0")
            let newer = try await LiveHTTP.send("GET", URL(string: url + "/services/data/v66.0")!, token: token)
            #expect(newer.status == 404)
            #expect(LiveHTTP.errorCode(newer.json) == "NOT_FOUND")

            // --client-secret-file (here standard input): a refresh without the secret is refused;
            // --rotate-refresh-tokens: with it, a new refresh token comes back and the old one stops working.
            func refreshGrant(_ token: String, secret: String?) async throws -> (status: Int, json: [String: Any]?) {
                let form = "grant_type=refresh_token&client_id=C&refresh_token=" + token
                let reply = try await LiveHTTP.request(
                    "POST", URL(string: url + "/services/oauth2/token")!,
                    headers: ["Content-Type": "application/x-www-form-urlencoded"],
                    body: Data((form + (secret.map { "&client_secret=" + $0 } ?? "")).utf8))
                return (reply.status, reply.json as? [String: Any])
            }
            let withoutSecret = try await refreshGrant(refresh, secret: nil)
            #expect(withoutSecret.status == 400)
            #expect(withoutSecret.json?["error"] as? String == "invalid_client")
            let granted = try await refreshGrant(refresh, secret: "S3CR3T")
            #expect(granted.status == 200)
            let rotated = try #require(granted.json?["refresh_token"] as? String)
            #expect(rotated != refresh)
            #expect(try await refreshGrant(refresh, secret: "S3CR3T").status == 400)
            #expect(try await refreshGrant(rotated, secret: "S3CR3T").status == 200)

            // --no-compression: a request that accepts gzip still gets the answer as it is.
            let reply = try await RawSocket.exchange(
                port: port,
                text: "GET /services/data/v60.0/query?q=SELECT+Id+FROM+Contact HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                    + "Authorization: Bearer \(token)\r\nAccept-Encoding: gzip\r\nConnection: close\r\n\r\n")
            #expect(reply.hasPrefix("HTTP/1.1 200"))
            #expect(!reply.lowercased().contains("content-encoding"))
            #expect(reply.contains(#""totalSize":300"#))
            try execution.send(signal: .terminate)
        }
    }

    @Test(arguments: [
        ["--max-api-version", "99.0"], ["--client-secret", ""], ["--client-secret", "a b"], ["--client-id", ""],
        ["--client-id", "a b"],
        ["--port", "70000"], ["--fail-rate", "2"], ["--contacts", "-1"], ["--token-ttl", "0"],
        ["--lose-reply-rate", "1.5"], ["--unavailable-rate", "-0.1"], ["--cursor-ttl", "0"], ["--api-limit", "-1"],
    ])
    func badOptionsAreUsageErrors(arguments: [String]) async throws {
        let outcome = try await ProcessRunner.run(try Binary.path, ["mock-org"] + arguments)
        #expect(outcome.status == 2)
        #expect(!outcome.error.isEmpty)
    }
}
