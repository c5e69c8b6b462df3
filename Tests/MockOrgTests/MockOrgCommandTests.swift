import Foundation
import TestSupport
import Testing

/// `contact-tui mock-org` as a script meets it: three lines on stdout, a working org, a clean stop on SIGINT.
@Suite struct MockOrgCommandTests {
    @Test func printsThreeLinesServesAndStopsOnSIGINT() async throws {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("mock-org-\(UUID().uuidString).out")
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: output) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try Binary.path)
        process.arguments = ["mock-org", "--port", "0", "--contacts", "300", "--seed", "4", "--access-token", "T0K3N"]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = try FileHandle(forWritingTo: output)
        try process.run()
        defer { if process.isRunning { process.terminate() } }

        var lines = [String]()
        let printed = try await waitUntil(within: .seconds(30)) {
            lines = String(decoding: try Data(contentsOf: output), as: UTF8.self).split(separator: "\n").map(
                String.init)
            return lines.count >= 3
        }
        try #require(printed, "mock-org printed \(lines)")
        let url = try #require(lines[0].wholeMatch(of: /mock org listening on (http:\/\/127\.0\.0\.1:\d+)/)?.1)
        #expect(lines[1] == "access token: T0K3N")
        #expect(lines[2].hasPrefix("refresh token: ") && lines[2].count > 40)
        #expect(!url.hasSuffix(":0"))

        let reply = try await LiveHTTP.send(
            "GET", URL(string: url + "/services/data/v66.0/query?q=SELECT+COUNT()+FROM+Contact")!, token: "T0K3N")
        #expect((reply.json as? [String: Any])?["totalSize"] as? Int == 300)

        kill(process.processIdentifier, SIGINT)
        let exited = try await waitUntil(within: .seconds(20)) { !process.isRunning }
        #expect(exited)
        #expect(process.terminationReason == .exit && process.terminationStatus == 0)
    }

    @Test func badOptionsAreUsageErrors() async throws {
        for arguments in [["--port", "70000"], ["--fail-rate", "2"], ["--contacts", "-1"], ["--token-ttl", "0"]] {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: try Binary.path)
            process.arguments = ["mock-org"] + arguments
            process.standardInput = FileHandle.nullDevice
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            let exited = try await waitUntil(within: .seconds(20)) { !process.isRunning }
            #expect(exited)
            #expect(process.terminationStatus == 2, "\(arguments)")
        }
    }
}
