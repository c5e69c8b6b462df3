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
            input: .none, output: .string(limit: 1 << 16), error: .string(limit: 1 << 16)
        ) { execution in
            // A million contacts take seconds to generate; the signal comes long before the org listens.
            try await Task.sleep(for: .milliseconds(300))
            try execution.send(signal: .terminate)
        }
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

    @Test(arguments: [
        ["--port", "70000"], ["--fail-rate", "2"], ["--contacts", "-1"], ["--token-ttl", "0"],
        ["--lose-reply-rate", "1.5"], ["--unavailable-rate", "-0.1"], ["--cursor-ttl", "0"], ["--api-limit", "-1"],
    ])
    func badOptionsAreUsageErrors(arguments: [String]) async throws {
        let outcome = try await ProcessRunner.run(try Binary.path, ["mock-org"] + arguments)
        #expect(outcome.status == 2)
        #expect(!outcome.error.isEmpty)
    }
}
