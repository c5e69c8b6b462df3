import Foundation
import MockOrg
import RestCore
import TestSupport
import Testing

/// `w` in a real terminal: the file holds exactly what `contact-tui list` prints for the same
/// records, TSV or JSON lines, and an existing file is replaced only after `y`.
@Suite("w: the shown rows to a file, in a terminal")
struct ExportEndToEndTests {
    /// What `contact-tui list` prints for the list's query on `org`.
    static func listOutput(_ org: LiveOrg, format: String) async throws -> String {
        try await ProcessRunner.run(
            try Binary.path,
            [
                "list", "--format", format, "--query", LiveOrg.query, "--instance-url", org.endpoint.url.absoluteString,
                "--access-token-file", TokenFile.path(holding: org.endpoint.accessToken),
            ],
            environment: ["PATH": "/usr/bin:/bin", "HOME": NSTemporaryDirectory()]
        ).checked().output
    }

    @Test("TSV and JSON lines equal list's output; an existing file waits for y; a missing folder is one sentence")
    func fileEqualsListOutput() async throws {
        try await LiveOrg.with(MockOrgConfiguration(contacts: 25)) { org in
            let contacts = try await org.contactNames()
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("w-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let session = try await TmuxSession(try org.appCommand(), width: 120, height: 40)
            try await session.waitUntil("the contacts are listed") {
                Screen.listShows($0, Screen.shownPrefix(contacts[0].name))
            }
            let tsv = folder.appendingPathComponent("contacts.tsv")
            let jsonl = folder.appendingPathComponent("contacts.jsonl")
            for file in [tsv, jsonl] {
                try await session.send("w")
                try await session.type(file.path)
                try await session.send("Enter")
                try await session.waitUntil("the file is written") { $0.contains("Wrote 25 contacts to \(file.path)") }
            }
            #expect(try String(contentsOf: tsv, encoding: .utf8) == (try await Self.listOutput(org, format: "tsv")))
            #expect(try String(contentsOf: jsonl, encoding: .utf8) == (try await Self.listOutput(org, format: "json")))

            try "keep me".write(to: tsv, atomically: true, encoding: .utf8)
            try await session.send("w")
            try await session.type(tsv.path)
            try await session.send("Enter")
            try await session.waitUntil("the app asks before replacing") { $0.contains("Replace it? y/N") }
            try await session.send("n")
            try await session.waitUntil("nothing is written") { $0.contains("is unchanged") }
            #expect(try String(contentsOf: tsv, encoding: .utf8) == "keep me")

            try await session.send("w")
            try await session.type(folder.appendingPathComponent("no/such/folder.tsv").path)
            try await session.send("Enter")
            try await session.waitUntil("the missing folder is named") { $0.contains("there is no folder") }
            try await session.quit()
        }
    }
}
