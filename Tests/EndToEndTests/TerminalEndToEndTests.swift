import Foundation
import MockOrg
import RestCore
import TestSupport
import Testing

/// The terminal side of the list: resizing, hostile text, the help and the filter.
@Suite("List in a terminal")
struct TerminalEndToEndTests {
    @Test("resize to 30x6 shows a notice; back to 100x30 shows the list with the selection")
    func resize() async throws {
        try await LiveOrg.with { org in
            let contacts = try await org.contactNames()
            let session = try await DeleteEndToEndTests.open(org, contacts)
            try await DeleteEndToEndTests.moveDown(session, 5)
            try await session.waitUntil(attributes: true, "the selection is on the sixth row") { screen in
                DemoTests.selectedLines(screen) == [7]
            }
            try await session.resize(width: 30, height: 6)
            try await session.waitUntil("the notice shows") { $0.contains("Terminal too small") }
            try await session.resize(width: 100, height: 30)
            let screen = try await session.waitUntil(attributes: true, "the list is back") { screen in
                !screen.contains("Terminal too small") && DemoTests.selectedLines(screen).count == 1
            }
            let selected = DemoTests.selectedLines(screen)[0]
            let plain = try await session.capture().components(separatedBy: "\n")
            #expect(plain[selected].contains(Screen.shownPrefix(contacts[5].name)))
            try await session.quit()
        }
    }

    @Test("the mouse wheel scrolls; --no-mouse leaves it alone", arguments: [true, false])
    func wheel(mouse: Bool) async throws {
        try await LiveOrg.with(MockOrgConfiguration(contacts: 30)) { org in
            let contacts = try await org.contactNames()
            let session = try await TmuxSession(
                try org.appCommand(mouse ? [] : ["--no-mouse"]), width: 100, height: 30)
            try await session.waitUntil(attributes: true, "the list shows with the first row selected") { screen in
                screen.contains(Screen.shownPrefix(contacts[0].name)) && DemoTests.selectedLines(screen) == [2]
            }
            // An X10 mouse report of the wheel turning down (button 65) at the top-left cell, then a
            // plain key that moves one row, so that the end of the input is known.
            try await session.type("\u{1B}[Ma!!")
            try await session.send("j")
            try await session.waitUntil(attributes: true, "the selection moved") { screen in
                DemoTests.selectedLines(screen) == [mouse ? 6 : 3]
            }
            try await session.quit()
        }
    }

    @Test("a hostile name created through the API is shown inert")
    func hostileName() async throws {
        try await LiveOrg.with { org in
            let hostile = "\u{1B}]0;pwned\u{07}\u{1B}]52;c;SGVsbG8=\u{07}\u{1B}[2J\u{1B}[H\r\u{08}Evil\u{202E}gnp"
            _ = try await org.createContact(lastName: hostile)
            let contacts = try await org.contactNames()
            let session = try await TmuxSession(try org.appCommand(), width: 100, height: 30)
            let screen = try await session.waitUntil("the hostile contact is listed") { screen in
                screen.contains("␛]0;pwned␇")
            }
            #expect(
                screen.components(separatedBy: "\n")[0].hasPrefix(" Contact · query · "), "the header stays in place")
            #expect(!screen.contains("\u{202E}"))
            #expect(Screen.listShows(screen, Screen.shownPrefix(contacts.first { !$0.name.hasPrefix("\u{1B}") }!.name)))
            let title = try await TmuxSession.tmux(["-L", session.socket, "display-message", "-p", "#{pane_title}"])
            #expect(!title.contains("pwned"))
            let buffers = try await TmuxSession.tmux(["-L", session.socket, "list-buffers"])
            #expect(buffers.isEmpty)
            try await session.quit()
        }
    }

    @Test("/ filters as you type; ? shows the help; Enter opens the details")
    func filterHelpDetail() async throws {
        try await LiveOrg.with { org in try await Self.filterHelpDetail(org) }
    }

    static func filterHelpDetail(_ org: LiveOrg) async throws {
        let contacts = try await org.contactNames()
        let target = contacts[7]
        let prefix = Screen.shownPrefix(target.name)
        let session = try await DeleteEndToEndTests.open(org, contacts)
        try await session.send("/")
        try await session.type(String(target.name.uppercased().prefix(12)))
        try await session.waitUntil("the list is filtered to the typed name") { screen in
            let lines = Screen.filledListLines(screen)
            return lines.count < 10 && lines.first?.contains(prefix) == true
        }
        try await session.send("Enter", "Enter")
        let id = target.id
        try await session.waitUntil("the details show every field") { screen in
            screen.contains("LastModifiedDate") && screen.contains(id)
        }
        try await session.send("Escape", "?")
        try await session.waitUntil("the help shows") { $0.contains("key closes") && $0.contains("move the selection") }
        try await session.send("x", "Escape")
        // The whole list is back, the selection still on the record the filter found.
        let screen = try await session.waitUntil("the filter is cleared") { screen in
            !screen.contains("key closes") && Screen.filledListLines(screen).count > 10
        }
        #expect(Screen.listShows(screen, prefix))
        try await session.quit()
    }
}

/// Colours, and the log file.
@Suite("Colours and the log file")
struct ColourAndLogTests {
    /// The SGR parameter lists of a screen captured with attributes.
    static func sgrParameters(_ screen: String) -> [[Substring]] {
        var result: [[Substring]] = []
        var rest = Substring(screen)
        while let start = rest.range(of: "\u{1B}[") {
            rest = rest[start.upperBound...]
            guard let end = rest.firstIndex(of: "m") else { break }
            result.append(rest[..<end].split(separator: ";"))
            rest = rest[rest.index(after: end)...]
        }
        return result
    }

    /// Whether any SGR sets a foreground or background colour.
    static func hasColour(_ screen: String) -> Bool {
        sgrParameters(screen).contains { parameters in
            // 30-37, 40-47, 90-97 set a colour (38 and 48 start extended ones); 39 and 49 reset it.
            parameters.contains { parameter in
                guard let value = Int(parameter) else { return false }
                return (30...38).contains(value) || (40...48).contains(value) || (90...97).contains(value)
            }
        }
    }

    @Test("colours by default, none with NO_COLOR or --no-color; the selection stays in reverse video")
    func colours() async throws {
        try await LiveOrg.with(MockOrgConfiguration(contacts: 20)) { org in
            let contacts = try await org.contactNames()
            for (extra, environment, coloured) in [
                ([String](), ["NO_COLOR": ""], true), (["--no-color"], ["NO_COLOR": ""], false),
                ([], ["NO_COLOR": "1"], false),
            ] {
                let session = try await TmuxSession(
                    try org.appCommand(extra), width: 100, height: 30, environment: environment)
                let first = Screen.shownPrefix(contacts[0].name)
                let screen = try await session.waitUntil(attributes: true, "the list shows") { $0.contains(first) }
                #expect(Self.hasColour(screen) == coloured, "\(extra) \(environment)")
                #expect(DemoTests.selectedLines(screen).count == 1)
                try await session.quit()
            }
        }
    }

    @Test("--log-file records requests and outcomes, never the token")
    func logFile() async throws {
        try await LiveOrg.with(MockOrgConfiguration(contacts: 20)) { org in
            let contacts = try await org.contactNames()
            let log = TemporaryFile("log")
            let session = try await DeleteEndToEndTests.open(org, contacts, extra: ["--log-file", log.path])
            try await session.send("d")
            try await session.waitUntil("the delete is confirmed") { Screen.statusLine($0).contains("Deleted") }
            try await session.quit()
            let logged = log.text
            #expect(logged.contains("GET /services/data/"))
            #expect(logged.contains("DELETE /services/data/v66.0/sobjects/Contact/\(contacts[0].id)"))
            #expect(logged.contains("status=204"))
            #expect(!logged.contains(org.endpoint.accessToken))
        }
    }

    @Test(
        "--log-file is readable by its owner only (0600), a new file and one that was 0644 alike",
        arguments: [false, true])
    func logFileIsPrivate(existed: Bool) async throws {
        let log = TemporaryFile("log")
        if existed {
            #expect(
                FileManager.default.createFile(
                    atPath: log.path, contents: Data("earlier\n".utf8), attributes: [.posixPermissions: 0o644]))
        }
        let session = try await TmuxSession(
            [try Binary.path, "--demo", "--contacts", "5", "--log-file", log.path], width: 100, height: 30)
        #expect(await waitUntil { log.text.contains("opening the list") })
        let mode = try FileManager.default.attributesOfItem(atPath: log.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        #expect(log.text.hasPrefix(existed ? "earlier\n" : "20"))
        try await session.quit()
    }

    @Test("--log-file records each retry of a read the org answered with SERVER_UNAVAILABLE")
    func retriesAreLogged() async throws {
        let configuration = MockOrgConfiguration(contacts: 20, unavailableRate: 1)
        try await LiveOrg.with(configuration) { org in
            let log = TemporaryFile("log")
            let session = try await TmuxSession(try org.appCommand(["--log-file", log.path]), width: 100, height: 30)
            let retried = await waitUntil(within: .seconds(30)) { log.text.contains("retry=2") }
            #expect(retried)
            try await session.quit()
            let logged = log.text
            #expect(logged.contains("sending a read again after a transient failure"))
            #expect(logged.contains("SERVER_UNAVAILABLE"))
            #expect(!logged.contains(org.endpoint.accessToken))
        }
    }
}

/// Quit signals end the app cleanly and give the terminal back.
@Suite("Signals in a terminal")
struct SignalTests {
    /// The pid of the app: the child of the pane's shell.
    static func appPID(_ session: TmuxSession) async throws -> Int32 {
        let shell = try await TmuxSession.tmux(["-L", session.socket, "display-message", "-p", "#{pane_pid}"])
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let shellPID = try #require(Int32(shell))
        // The process whose parent is the shell, read from /proc (no procps needed).
        for entry in try FileManager.default.contentsOfDirectory(atPath: "/proc") {
            guard let pid = Int32(entry),
                let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                let close = stat.range(of: ") ", options: .backwards)
            else { continue }
            let fields = stat[close.upperBound...].split(separator: " ")
            if fields.count > 1, Int32(fields[1]) == shellPID { return pid }
        }
        throw TestSupportFailure("the app's process was not found under the pane's shell \(shell)")
    }

    @Test("SIGTERM and SIGHUP exit 0 and leave the alternate screen", arguments: [SIGTERM, SIGHUP])
    func quitSignal(_ signal: Int32) async throws {
        try await LiveOrg.with(MockOrgConfiguration(contacts: 20)) { org in
            let contacts = try await org.contactNames()
            let session = try await DeleteEndToEndTests.open(org, contacts)
            kill(try await Self.appPID(session), signal)
            #expect(try await session.waitForExit() == 0)
            let alternate = try await TmuxSession.tmux([
                "-L", session.socket, "display-message", "-p", "#{alternate_on}",
            ])
            #expect(alternate.trimmingCharacters(in: .whitespacesAndNewlines) == "0")
        }
    }
}
