import Foundation
import Subprocess
import SystemPackage
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `contact-tui mock-org` as a script meets it: three lines on stdout, a working org, a clean stop on
/// SIGINT or SIGTERM.
@Suite struct MockOrgCommandTests {
    @Test(.timeLimit(.minutes(2)), arguments: [Signal.interrupt, .terminate])
    func printsThreeLinesServesAndStopsOnSignal(_ signal: Signal) async throws {
        let (lines, status) = try await MockOrgProcess.run(
            ["--contacts", "300", "--seed", "4", "--access-token", "T0K3N"], lines: 3, stopWith: signal
        ) { lines in
            let url = try #require(lines[0].wholeMatch(of: /mock org listening on (http:\/\/127\.0\.0\.1:\d+)/)?.1)
            #expect(lines[1] == "access token: T0K3N")
            #expect(lines[2].hasPrefix("refresh token: ") && lines[2].count > 40)
            #expect(!url.hasSuffix(":0"))

            let reply = try await LiveHTTP.send(
                "GET", URL(string: url + "/services/data/v66.0/query?q=SELECT+COUNT()+FROM+Contact")!, token: "T0K3N")
            #expect((reply.json as? [String: Any])?["totalSize"] as? Int == 300)
        }
        #expect(lines.count == 3, "mock-org printed \(lines)")
        #expect(status == .exited(0))
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

    @Test(.timeLimit(.minutes(2)))
    func theFailureFlagsReachTheOrg() async throws {
        let arguments = [
            "--contacts", "300", "--access-token", "T", "--api-limit", "2", "--cursor-ttl", "0.2",
            "--unavailable-rate", "0", "--lose-reply-rate", "0",
        ]
        _ = try await MockOrgProcess.run(arguments, lines: 3) { lines in
            let url = try #require(lines.first?.wholeMatch(of: /mock org listening on (http:\/\/[0-9.:]+)/)?.1)
            var request = URLRequest(url: URL(string: url + "/services/data/v66.0/query?q=SELECT+Id+FROM+Contact")!)
            request.setValue("Bearer T", forHTTPHeaderField: "Authorization")
            request.setValue("batchSize=200", forHTTPHeaderField: "Sforce-Query-Options")
            let (data, response) = try await LiveHTTP.session.data(for: request)
            #expect((response as? HTTPURLResponse)?.value(forHTTPHeaderField: "Sforce-Limit-Info") == "api-usage=1/2")
            let next = try #require(
                (try JSONSerialization.jsonObject(with: data) as? [String: Any])?["nextRecordsUrl"] as? String)
            try await Task.sleep(for: .milliseconds(400))
            let expired = try await LiveHTTP.send("GET", URL(string: url + next)!, token: "T")
            #expect(LiveHTTP.errorCode(expired.json) == "INVALID_QUERY_LOCATOR")
            let limited = try await LiveHTTP.send("GET", URL(string: url + "/services/data/v66.0")!, token: "T")
            #expect(limited.status == 403)
            #expect(LiveHTTP.errorCode(limited.json) == "REQUEST_LIMIT_EXCEEDED")
        }
    }

    @Test(.timeLimit(.minutes(2)))
    func theVersionRefreshAndCompressionFlagsReachTheOrg() async throws {
        let arguments = [
            "mock-org", "--port", "0", "--contacts", "300", "--access-token", "T", "--max-api-version", "60.0",
            "--rotate-refresh-tokens", "--client-secret", "S3CR3T", "--no-compression",
        ]
        _ = try await Subprocess.run(
            .path(FilePath(try Binary.path)), arguments: Subprocess.Arguments(arguments), input: .none,
            output: .sequence, error: .discarded
        ) { execution in
            var lines: [String] = []
            for try await line in execution.standardOutput.strings() {
                lines.append(line)
                if lines.count == 3 { break }
            }
            let match = try #require(lines.first?.wholeMatch(of: /mock org listening on (http:\/\/[0-9.]+:(\d+))/))
            let (url, port) = (String(match.1), Int(match.2)!)
            let refresh = String(try #require(lines.last?.wholeMatch(of: /refresh token: (\S+)/)?.1))

            // --max-api-version: the list ends at 60.0, and 66.0 is not served.
            let versions = try await LiveHTTP.send("GET", URL(string: url + "/services/data/")!, token: "T")
            #expect(((versions.json as? [[String: Any]])?.last)?["version"] as? String == "60.0")
            let newer = try await LiveHTTP.send("GET", URL(string: url + "/services/data/v66.0")!, token: "T")
            #expect(newer.status == 404)
            #expect(LiveHTTP.errorCode(newer.json) == "NOT_FOUND")

            // --client-secret: a refresh without it is refused; --rotate-refresh-tokens: with it, a new
            // refresh token comes back and the old one stops working.
            func refreshGrant(_ token: String, secret: String?) async throws -> (status: Int, json: [String: Any]?) {
                var request = URLRequest(url: URL(string: url + "/services/oauth2/token")!)
                request.httpMethod = "POST"
                request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
                let form = "grant_type=refresh_token&client_id=C&refresh_token=" + token
                request.httpBody = Data((form + (secret.map { "&client_secret=" + $0 } ?? "")).utf8)
                let (data, response) = try await LiveHTTP.session.data(for: request)
                return (
                    (response as? HTTPURLResponse)?.statusCode ?? 0,
                    try? JSONSerialization.jsonObject(with: data) as? [String: Any]
                )
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
                    + "Authorization: Bearer T\r\nAccept-Encoding: gzip\r\nConnection: close\r\n\r\n")
            #expect(reply.hasPrefix("HTTP/1.1 200"))
            #expect(!reply.lowercased().contains("content-encoding"))
            #expect(reply.contains(#""totalSize":300"#))
            try execution.send(signal: .terminate)
        }
    }

    @Test(arguments: [
        ["--max-api-version", "99.0"], ["--client-secret", ""], ["--client-secret", "a b"],
        ["--port", "70000"], ["--fail-rate", "2"], ["--contacts", "-1"], ["--token-ttl", "0"],
        ["--lose-reply-rate", "1.5"], ["--unavailable-rate", "-0.1"], ["--cursor-ttl", "0"], ["--api-limit", "-1"],
    ])
    func badOptionsAreUsageErrors(arguments: [String]) async throws {
        let outcome = try await ProcessRunner.run(try Binary.path, ["mock-org"] + arguments)
        #expect(outcome.status == 2)
        #expect(!outcome.error.isEmpty)
    }
}
