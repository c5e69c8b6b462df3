import Foundation
import MockOrg
import RestCore
import TestSupport
import Testing

/// Keys that must never change data by accident, and terminal habits, in a real terminal.
@Suite("Keys in a terminal")
struct KeysEndToEndTests {
    /// Opens the list on a mock org with a request log, lets `press` type into it, quits with q,
    /// and checks that the org was asked for the first page only: nothing deleted, no refresh.
    static func expectFirstPageOnly(_ press: (TmuxSession, [OrgContact]) async throws -> Void) async throws {
        try await LiveOrg.with { org in
            let contacts = try await org.contactNames()
            let log = TemporaryFile("log")
            let session = try await DeleteEndToEndTests.open(org, contacts, extra: ["--log-file", log.path])
            try await press(session, contacts)
            // q comes after the other keys on the same input, so they have all been read when the app exits.
            try await session.quit()
            let requests = log.text.components(separatedBy: "\n").filter { $0.contains(": request ") }
            #expect(requests.count == 1, "only the first page was asked for: \(requests)")
            #expect(!requests.contains { $0.contains("DELETE") }, "\(requests)")
            #expect(try await org.contactNames().count == contacts.count)
        }
    }

    @Test("a bracketed paste of \"ava⏎andrew\" into / goes into the filter: nothing deleted, no refresh")
    func bracketedPaste() async throws {
        try await Self.expectFirstPageOnly { session, contacts in
            try await session.send("/")
            try await session.waitUntil("the filter bar shows") { $0.contains("/▏") }
            try await TmuxSession.tmux(["-L", session.socket, "set-buffer", "ava\nandrew"])
            try await TmuxSession.tmux(["-L", session.socket, "paste-buffer", "-p", "-d", "-t", "main"])
            let screen = try await session.waitUntil("the paste is in the filter, as one line") { screen in
                screen.contains("/ava andrew▏") && Screen.statusLine(screen).contains("/ava andrew:")
            }
            #expect(!Screen.statusLine(screen).contains("pending"))
            // Still editing the filter: the pasted newline did not end it. Esc clears it.
            try await session.send("Escape")
            try await session.waitUntil("the list is back whole") { screen in
                Screen.listShows(screen, Screen.shownPrefix(contacts[0].name)) && !screen.contains("/ava")
            }
        }
    }

    @Test("a paste outside a text field does nothing, and the status line says so")
    func pasteOutsideFilter() async throws {
        try await LiveOrg.with { org in
            let contacts = try await org.contactNames()
            let session = try await DeleteEndToEndTests.open(org, contacts)
            try await TmuxSession.tmux(["-L", session.socket, "set-buffer", "ddd"])
            try await TmuxSession.tmux(["-L", session.socket, "paste-buffer", "-p", "-d", "-t", "main"])
            let screen = try await session.waitUntil("the status line says the paste was ignored") { screen in
                Screen.statusLine(screen).contains("Paste ignored")
            }
            #expect(!Screen.statusLine(screen).contains("pending"))
            #expect(Screen.listShows(screen, Screen.shownPrefix(contacts[0].name)))
            try await session.quit()
            #expect(try await org.exists(contacts[0].id))
        }
    }

    @Test("d at 20x5, under the too-small notice, deletes nothing")
    func tooSmall() async throws {
        try await Self.expectFirstPageOnly { session, _ in
            try await session.resize(width: 20, height: 5)
            try await session.waitUntil("the notice shows") { $0.contains("Terminal too small") }
            try await session.send("d", "Delete", "j", "d", "r")
        }
    }

    @Test("End and Home as tmux sends them under TERM=xterm-256color (ESC[4~, ESC[1~)")
    func homeEnd() async throws {
        try await LiveOrg.with(MockOrgConfiguration(contacts: 40)) { org in
            let contacts = try await org.contactNames()
            let session = try await TmuxSession(
                try org.appCommand(), width: 100, height: 30, environment: ["TERM": "xterm-256color"])
            try await session.waitUntil(attributes: true, "the list shows with the first row selected") { screen in
                screen.contains(Screen.shownPrefix(contacts[0].name)) && DemoTests.selectedLines(screen) == [2]
            }
            try await session.send("End")
            let last = Screen.shownPrefix(contacts[contacts.count - 1].name)
            try await session.waitUntil(attributes: true, "End selects the last row") { screen in
                let selected = DemoTests.selectedLines(screen)
                let lines = screen.components(separatedBy: "\n")
                return selected.count == 1 && lines[selected[0]].contains(last)
            }
            try await session.send("Home")
            try await session.waitUntil(attributes: true, "Home selects the first row") { screen in
                DemoTests.selectedLines(screen) == [2] && screen.contains(Screen.shownPrefix(contacts[0].name))
            }
            try await session.quit()
        }
    }

    @Test("a click selects the row under it; a double-click opens its details")
    func click() async throws {
        try await LiveOrg.with(MockOrgConfiguration(contacts: 30)) { org in
            let contacts = try await org.contactNames()
            let session = try await TmuxSession(try org.appCommand(), width: 100, height: 30)
            try await session.waitUntil(attributes: true, "the list shows with the first row selected") { screen in
                screen.contains(Screen.shownPrefix(contacts[0].name)) && DemoTests.selectedLines(screen) == [2]
            }
            // X10 mouse reports (as tmux-256color's kmous says): a press of button 1, then its
            // release, on screen row 5 (the fourth contact); coordinates are 1-based plus 32.
            try await session.type(Self.x10Click(x: 10, y: 5))
            try await session.waitUntil(attributes: true, "the clicked row is selected") { screen in
                DemoTests.selectedLines(screen) == [5]
            }
            #expect(
                try await session.capture().components(separatedBy: "\n")[5].contains(
                    Screen.shownPrefix(contacts[3].name)))
            // Two SGR reports in one write (which ncurses leaves to the app's own decoder): a double-click.
            try await session.type(String(repeating: "\u{1B}[<0;11;8M\u{1B}[<0;11;8m", count: 2))
            let id = contacts[5].id
            try await session.waitUntil("the double-clicked row's details show") { screen in
                screen.contains("LastModifiedDate") && screen.contains(id)
            }
            try await session.send("Escape")
            try await session.quit()
        }
    }

    /// A press and release of the main button at a 0-based screen cell, as X10 reports them.
    static func x10Click(x: Int, y: Int) -> String {
        let cell = String(UnicodeScalar(UInt8(33 + x))) + String(UnicodeScalar(UInt8(33 + y)))
        return "\u{1B}[M " + cell + "\u{1B}[M#" + cell
    }

    @Test("Ctrl-Z in an interactive shell gives the shell back; fg draws the list again")
    func suspend() async throws {
        try await LiveOrg.with { org in
            let contacts = try await org.contactNames()
            let session = try await TmuxSession(
                ["bash", "--norc", "--noprofile", "-i"], width: 100, height: 30,
                environment: ["PS1": "shell$ ", "TERM": "tmux-256color"])
            try await session.waitUntil("the shell prompts") { $0.contains("shell$") }
            let command = try org.appCommand().map(TmuxSession.shellQuote).joined(separator: " ")
            try await session.type(command)
            try await session.send("Enter")
            let first = Screen.shownPrefix(contacts[0].name)
            try await session.waitUntil("the list shows") { Screen.listShows($0, first) }
            try await session.send("C-z")
            let stopped = try await session.waitUntil("the shell is back") { screen in
                let lines = screen.components(separatedBy: "\n").filter { $0.contains { $0 != " " } }
                return screen.contains("Stopped") && lines.last?.hasPrefix("shell$") == true
            }
            #expect(!Screen.listShows(stopped, first))
            #expect(try await Self.paneFlag(session, "alternate_on") == "0")
            #expect(try await Self.paneFlag(session, "mouse_any_flag") == "0")
            // The shell's terminal is in its own mode: a typed line echoes and runs.
            try await session.type("echo resumed-$((40+2))")
            try await session.send("Enter")
            try await session.waitUntil("the shell runs a command") { $0.contains("resumed-42") }
            try await session.type("fg")
            try await session.send("Enter")
            try await session.waitUntil("the list is drawn again") { screen in
                Screen.listShows(screen, first) && !screen.contains("resumed-42")
            }
            #expect(try await Self.paneFlag(session, "alternate_on") == "1")
            try await session.send("j")
            try await session.waitUntil(attributes: true, "keys work again") { DemoTests.selectedLines($0) == [3] }
            try await session.send("q")
            try await session.waitUntil("the shell prompts after the app") { screen in
                screen.contains("resumed-42") && !Screen.listShows(screen, first)
            }
            try await session.type("exit")
            try await session.send("Enter")
            _ = try await session.waitForExit()
        }
    }

    @Test("Ctrl-L repaints a screen something else wrote over, and closes no help")
    func repaint() async throws {
        try await LiveOrg.with(MockOrgConfiguration(contacts: 30)) { org in
            let contacts = try await org.contactNames()
            let session = try await TmuxSession(try org.appCommand(), width: 100, height: 30)
            let first = Screen.shownPrefix(contacts[0].name)
            try await session.waitUntil("the list shows") { Screen.listShows($0, first) }
            // Another program scribbles on the terminal (as `wall` would): tmux shows it at once.
            let pane = try await TmuxSession.tmux([
                "-L", session.socket, "display-message", "-p", "-t", "main", "#{pane_tty}",
            ])
            let tty = pane.trimmingCharacters(in: .whitespacesAndNewlines)
            try "\u{1B}[2J\u{1B}[5;5Hscribble".write(toFile: tty, atomically: false, encoding: .utf8)
            try await session.waitUntil("the scribble shows") {
                $0.contains("scribble") && !Screen.listShows($0, first)
            }
            try await session.send("C-l")
            try await session.waitUntil("the list is painted again") { screen in
                Screen.listShows(screen, first) && !screen.contains("scribble")
            }
            try await session.send("?")
            try await session.waitUntil("the help shows") { $0.contains("key closes") }
            // Had Ctrl-L closed the help, j would move the selection; as it is, j scrolls the help
            // (taller than 30 rows) and Esc closes it.
            try await session.send("C-l", "j", "Escape")
            try await session.waitUntil(attributes: true, "Esc closed the help, the selection unmoved") { screen in
                !screen.contains("key closes") && DemoTests.selectedLines(screen) == [2]
            }
            try await session.quit()
        }
    }

    /// A tmux format variable of the pane ("alternate_on", "mouse_any_flag").
    static func paneFlag(_ session: TmuxSession, _ name: String) async throws -> String {
        try await TmuxSession.tmux(["-L", session.socket, "display-message", "-p", "-t", "main", "#{\(name)}"])
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
