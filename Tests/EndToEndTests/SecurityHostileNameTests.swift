import Foundation
import TestSupport
import Testing

/// Contact names that try to drive the terminal: escape sequences for the title and the
/// clipboard, cursor movement, carriage return, backspace, C1 controls, bidi overrides and
/// invalid UTF-8. Shown in a real terminal (tmux), they must stay inert text.
@Suite("Security: hostile names stay inert on screen")
struct SecurityHostileNameTests {
    static let hostileNames = [
        "H1 Title\u{1B}]0;pwned-title\u{07}Grab",
        "H2 Clip\u{1B}]52;c;cHduZWQ=\u{07}Board",
        "H3 Red\u{1B}[31mCSI\u{1B}[2J\u{1B}[HClear",
        "H4 Carriage\rReturn",
        "H5 Back\u{08}\u{08}\u{08}space",
        "H6 C1\u{9B}31mByte\u{85}",
        "H7 Bidi\u{202E}esrever\u{202C}\u{2066}iso\u{2069}",
        "H8 Title2\u{1B}]2;pwned-two\u{1B}\\Tail",
    ]

    /// A query page with the given names, JSON-escaped as a server would send them.
    static func page(names: [String], extraRecordBytes: [UInt8] = []) -> [UInt8] {
        var records: [[UInt8]] = names.enumerated().map { index, name in
            let id = "003" + String(repeating: "0", count: 11) + String(index) + "AAA"
            let escaped = String(data: try! JSONSerialization.data(withJSONObject: [name]), encoding: .utf8)!
                .dropFirst()
                .dropLast()
            return Array(
                "{\"attributes\":{\"type\":\"Contact\",\"url\":\"/services/data/v66.0/sobjects/Contact/\(id)\"},\"Id\":\"\(id)\",\"Name\":\(escaped),\"Title\":null,\"Email\":null,\"Phone\":null,\"Account\":null}"
                    .utf8)
        }
        if !extraRecordBytes.isEmpty { records.append(extraRecordBytes) }
        let body =
            Array("{\"totalSize\":\(records.count),\"done\":true,\"records\":[".utf8)
            + records.joined(separator: Array(",".utf8)) + Array("]}".utf8)
        // The server closes each connection after its reply, so it says so: the app's first request
        // (userinfo, which keys the local files) must not leave the page to a closed connection.
        return RawResponseServer.reply(
            headers: [
                "Content-Type: application/json;charset=UTF-8", "Content-Length: \(body.count)", "Connection: close",
            ], body: body)
    }

    /// Starts the app against a raw server serving `reply`, with the clipboard enabled in tmux
    /// before the app draws anything (the shell waits for a key first).
    static func startApp(reply: [UInt8]) async throws -> (TmuxSession, RawResponseServer, String) {
        let server = try RawResponseServer(reply: reply)
        let binary = try Binary.path
        let command =
            "read go; exec \(TmuxSession.shellQuote(binary)) --instance-url \(server.url.absoluteString)"
            + " --access-token-file \(TmuxSession.shellQuote(TokenFile.path(holding: "hostile-test-token")))"
        let session = try await TmuxSession(["sh", "-c", command], width: 100, height: 20)
        try await TmuxSession.tmux(["-L", session.socket, "set-option", "-s", "set-clipboard", "on"])
        try await TmuxSession.tmux(["-L", session.socket, "set-option", "-g", "allow-rename", "on"])
        let title = try await paneTitle(session)
        try await session.send("Enter")
        return (session, server, title)
    }

    static func paneTitle(_ session: TmuxSession) async throws -> String {
        try await TmuxSession.tmux(["-L", session.socket, "display-message", "-p", "-t", "main", "#{pane_title}"])
    }

    @Test("escape sequences, controls and bidi overrides in names are drawn as inert text")
    func hostileNamesInert() async throws {
        let (session, server, titleBefore) = try await Self.startApp(reply: Self.page(names: Self.hostileNames))
        defer { server.stop() }
        let screen = try await session.waitUntil("the hostile names are listed") { screen in
            (1...8).allSatisfy { screen.contains("H\($0) ") } && screen.contains("8 of 8")
        }
        let lines = screen.components(separatedBy: "\n")
        // Every name is on a row of its own, starting where the column starts: no \r or
        // cursor movement moved text, no \e[2J cleared the list.
        for number in 1...8 {
            let rows = lines.filter { $0.contains("H\(number) ") }
            #expect(rows.count == 1, "H\(number) appears on \(rows.count) rows:\n\(screen)")
            #expect(rows.first.map { $0.hasPrefix(" H\(number) ") } ?? false, "row moved:\n\(screen)")
        }
        #expect(!lines.contains { $0.hasPrefix("Return") || $0.hasPrefix("Clear") })
        #expect(try await Self.paneTitle(session) == titleBefore)
        let buffers = try await TmuxSession.tmux(["-L", session.socket, "list-buffers"])
        #expect(buffers.isEmpty, "the clipboard was written: \(buffers)")
        // The attributes of the screen show no red foreground from the CSI in H3.
        let colored = try await session.capture(attributes: true)
        let h3 = colored.components(separatedBy: "\n").first { $0.contains("H3 ") } ?? ""
        #expect(!h3.contains("\u{1B}[31m"), "H3's CSI changed the colour: \(h3.debugDescription)")

        try await session.quit()
    }

    @Test("a name with invalid UTF-8 neither crashes the app nor reaches the terminal raw")
    func invalidUTF8() async throws {
        let raw =
            Array(
                "{\"attributes\":{\"type\":\"Contact\",\"url\":\"/x\"},\"Id\":\"003000000000099AAA\",\"Name\":\"H9 Bad"
                    .utf8)
            + [0xFF, 0xC3, 0x28, 0x1B, 0xE2, 0x82] + Array("End\",\"Title\":null}".utf8)
        let (session, server, titleBefore) = try await Self.startApp(
            reply: Self.page(names: ["H1 Plain"], extraRecordBytes: raw))
        defer { server.stop() }
        // Either the row is shown with replacement characters, or the page is refused with a
        // clear message: both are fine; a crash, a hang or raw bytes are not.
        let screen = try await session.waitUntil("the page is shown or refused") { screen in
            screen.contains("H9 Bad") || screen.contains("Could not load")
        }
        if screen.contains("H9 Bad") {
            let row = screen.components(separatedBy: "\n").first { $0.contains("H9 Bad") } ?? ""
            #expect(row.hasPrefix(" H9 Bad"))
        }
        #expect(try await Self.paneTitle(session) == titleBefore)
        try await session.quit()
    }
}
