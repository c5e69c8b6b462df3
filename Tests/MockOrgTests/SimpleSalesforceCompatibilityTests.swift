import Foundation
import MockOrg
import Testing

/// Runs simple-salesforce (from PyPI, unchanged) against a running mock org.
/// Needs python3 with simple-salesforce (`make deps` installs it); fails, never skips, without them.
@Suite struct SimpleSalesforceCompatibilityTests {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Compatibility/simple_salesforce_check.py")

    @Test func simpleSalesforceWorksUnchanged() async throws {
        let contacts = 1234
        let server = MockOrgServer(configuration: MockOrgConfiguration(contacts: contacts, seed: 11))
        let endpoint = try await server.start()
        let result: (status: Int32, output: String)
        do {
            result = try await Self.run(
                "/usr/bin/env",
                ["python3", Self.script.path, endpoint.url.absoluteString, endpoint.accessToken, "\(contacts)"])
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("simple-salesforce compatible"), "\(result.output)")
    }

    /// Runs a program to completion, returning its exit status and combined output.
    static func run(_ executable: String, _ arguments: [String]) async throws -> (status: Int32, output: String) {
        let outputFile = FileManager.default.temporaryDirectory.appendingPathComponent(
            "mockorg-\(UUID().uuidString).log")
        _ = FileManager.default.createFile(atPath: outputFile.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: outputFile) }
        let handle = try FileHandle(forWritingTo: outputFile)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardOutput = handle
        process.standardError = handle
        let status: Int32 = try await withCheckedThrowingContinuation { continuation in
            process.terminationHandler = { continuation.resume(returning: $0.terminationStatus) }
            do {
                try process.run()
            } catch {
                process.terminationHandler = nil
                continuation.resume(throwing: error)
            }
        }
        try handle.close()
        return (status, (try? String(contentsOf: outputFile, encoding: .utf8)) ?? "")
    }
}
