import Foundation
import MockOrg
import RestCore
import TestSupport
import Testing

/// The app as a person meets it: `contact-tui --demo` in a real terminal.
@Suite("Demo in a terminal")
struct DemoTests {
    /// The first contact names of the demo org, read from a mock org of the same seed.
    static func firstContactNames(count: Int) async throws -> [String] {
        // The demo's own org: the default configuration (LiveOrg's default is a smaller org).
        try await LiveOrg.with(MockOrgConfiguration()) { org in
            try await org.contactNames().prefix(count).map(\.name)
        }
    }

    /// Lines of the list area that are drawn in reverse video (the selection).
    static func selectedLines(_ screenWithAttributes: String) -> [Int] {
        let lines = screenWithAttributes.components(separatedBy: "\n")
        // Rows 0-1 are the header and headings; the last two are status and hints.
        return lines.indices.filter { index in
            index >= 2 && index < lines.count - 3 && startsReverseVideo(lines[index])
        }
    }

    /// Whether a line holds an SGR sequence that turns on reverse video (parameter 7).
    static func startsReverseVideo(_ line: String) -> Bool {
        var rest = Substring(line)
        while let start = rest.range(of: "\u{1B}[") {
            rest = rest[start.upperBound...]
            guard let end = rest.firstIndex(of: "m") else { return false }
            if rest[..<end].split(separator: ";").contains("7") { return true }
            rest = rest[rest.index(after: end)...]
        }
        return false
    }

    @Test("shows the contacts, moves with j, and quits with q")
    func browseAndQuit() async throws {
        let names = try await Self.firstContactNames(count: 3)
        try #require(names.count == 3)
        let session = try await TmuxSession([try Binary.path, "--demo"], width: 100, height: 30)

        let screen = try await session.waitUntil("the first contacts are listed") { screen in
            names.allSatisfy { screen.contains(String($0.prefix(10))) }
        }
        #expect(screen.contains("200 of 200 loaded"))
        let before = Self.selectedLines(try await session.capture(attributes: true))
        try #require(before.count == 1)

        try await session.send("j")
        try await session.waitUntil(attributes: true, "the selection moves down one row") { screen in
            Self.selectedLines(screen) == [before[0] + 1]
        }
        try await session.send("k")
        try await session.waitUntil(attributes: true, "the selection moves back up") { screen in
            Self.selectedLines(screen) == before
        }

        try await session.quit()
    }

    @Test("--demo honours --read-only and --serial: d deletes nothing, and the client runs serially")
    func demoReadOnlySerial() async throws {
        let names = try await Self.firstContactNames(count: 1)
        try #require(names.count == 1)
        let log = TemporaryFile("log")
        let session = try await TmuxSession(
            [try Binary.path, "--demo", "--read-only", "--serial", "--log-file", log.path], width: 100, height: 30)
        try await session.waitUntil("the first contact is listed") { $0.contains(String(names[0].prefix(10))) }
        try await session.send("d")
        let screen = try await session.waitUntil("the status line explains") { screen in
            Screen.statusLine(screen).contains("--read-only")
        }
        #expect(screen.contains("200 of 200 loaded"))
        try await session.quit()
        let logged = log.text
        #expect(logged.contains("dispatch=serial"))
        #expect(logged.contains("readOnly=true"))
        #expect(!logged.contains("DELETE"))
    }
}
