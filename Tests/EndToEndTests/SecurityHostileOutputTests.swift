import Foundation
import TestSupport
import Testing

/// A hostile server's escape sequences reach neither standard error nor `list`'s output raw:
/// an error message that sets the title, the colour and the clipboard is printed inert.
@Suite("Security: server text printed by the commands is inert")
struct SecurityHostileOutputTests {
    /// Sets the title, paints red, overwrites the clipboard (OSC 52) and rings the bell.
    static let hostileText = "bad\u{1B}]0;pwned\u{07}\u{1B}[41mred\u{1B}]52;c;cHduZWQ=\u{07}\u{9B}2Jend"

    static func jsonString(_ text: String) -> String {
        String(data: try! JSONSerialization.data(withJSONObject: [text]), encoding: .utf8)!.dropFirst().dropLast()
            .description
    }

    /// Runs `list` with `arguments` against a raw server that answers every request with `reply`.
    static func list(_ arguments: [String], reply: [UInt8]) async throws -> ProcessRunner.Outcome {
        let server = try RawResponseServer(reply: reply)
        defer { server.stop() }
        return try await ProcessRunner.run(
            try Binary.path,
            ["list", "--instance-url", server.url.absoluteString]
                + ["--access-token-file", TokenFile.path(holding: "hostile-test-token")] + arguments,
            environment: ["PATH": "/usr/bin:/bin", "HOME": NSTemporaryDirectory()])
    }

    /// The terminal's control bytes in `text`: C0 but newline, DEL, and C1.
    static func controls(in text: String) -> [Unicode.Scalar] {
        text.unicodeScalars.filter { ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) }
    }

    @Test("a 400 whose message holds escape sequences is printed on standard error without them")
    func errorMessageOnStandardError() async throws {
        let body = Array(#"[{"message":\#(Self.jsonString(Self.hostileText)),"errorCode":"MALFORMED_QUERY"}]"#.utf8)
        let outcome = try await Self.list(
            [],
            reply: RawResponseServer.reply(
                status: "400 Bad Request",
                headers: ["Content-Type: application/json;charset=UTF-8", "Content-Length: \(body.count)"], body: body))
        #expect(outcome.status == 1)
        #expect(outcome.error.hasPrefix("contact-tui: "))
        #expect(outcome.error.contains("bad"))
        #expect(outcome.error.contains("end"))
        #expect(Self.controls(in: outcome.error).isEmpty, "\(outcome.error.debugDescription)")
        #expect(outcome.error.split(separator: "\n").count == 1)
    }

    @Test("names with escape sequences are escaped in TSV and in JSON lines")
    func namesInListOutput() async throws {
        let record =
            #"{"attributes":{"type":"Contact","url":"/x"},"Id":"003000000000001AAA","Name":\#(Self.jsonString(Self.hostileText))}"#
        let body = Array(#"{"totalSize":1,"done":true,"records":[\#(record)]}"#.utf8)
        let reply = RawResponseServer.reply(
            headers: ["Content-Type: application/json;charset=UTF-8", "Content-Length: \(body.count)"], body: body)
        for format in ["tsv", "json"] {
            let outcome = try await Self.list(
                ["--format", format, "--query", "SELECT Id, Name FROM Contact"], reply: reply)
            #expect(outcome.status == 0, "\(outcome.error)")
            #expect(outcome.output.contains(#"bad\u001b]0;pwned\u0007\u001b[41mred"#))
            #expect(outcome.output.contains(#"\u009b2Jend"#))
            #expect(Self.controls(in: outcome.output.replacingOccurrences(of: "\t", with: " ")).isEmpty)
        }
    }

    @Test("the log and browse's standard error hold a hostile error message as text, one line per entry")
    func logAndBrowseStandardError() async throws {
        let body = Array(
            #"[{"message":\#(Self.jsonString(Self.hostileText + "\nsecond line")),"errorCode":"MALFORMED_QUERY"}]"#.utf8
        )
        let server = try RawResponseServer(
            reply: RawResponseServer.reply(
                status: "400 Bad Request",
                headers: ["Content-Type: application/json;charset=UTF-8", "Content-Length: \(body.count)"], body: body))
        defer { server.stop() }
        let log = TemporaryFile("log")
        let standardError = TemporaryFile("err")
        let command =
            "exec \(TmuxSession.shellQuote(try Binary.path)) --instance-url \(server.url.absoluteString)"
            + " --access-token-file \(TmuxSession.shellQuote(TokenFile.path(holding: "hostile-test-token")))"
            + " --log-file \(TmuxSession.shellQuote(log.path))"
            + " 2> \(TmuxSession.shellQuote(standardError.path))"
        let session = try await TmuxSession(["sh", "-c", command], width: 100, height: 20)
        #expect(await waitUntil { log.text.contains(" failure ") || log.text.contains(": failure") })
        try await session.send("q")
        _ = try await session.waitForExit()

        let entries = log.text.split(separator: "\n")
        #expect(entries.allSatisfy { $0.first?.isNumber == true }, "an entry spans lines:\n\(log.text)")
        #expect(Self.controls(in: log.text).isEmpty, "\(log.text.debugDescription)")
        #expect(log.text.contains(#"bad\u001b]0;pwned\u0007\u001b[41mred"#))
        #expect(log.text.contains(#"\u009b2Jend"#))
        #expect(Self.controls(in: standardError.text).isEmpty, "\(standardError.text.debugDescription)")
    }
}
