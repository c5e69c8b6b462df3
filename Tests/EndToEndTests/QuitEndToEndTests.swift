import Foundation
import MockOrg
import RestCore
import TestSupport
import Testing

/// Quitting with changes in flight, in a real terminal against an org that holds its answers to
/// writes until the test opens its gate.
@Suite("Quitting in a terminal")
struct QuitEndToEndTests {
    /// `command` with its standard error written to `file`.
    static func capturingStandardError(_ command: [String], in file: TemporaryFile) -> [String] {
        ["sh", "-c", "exec \"$@\" 2>\"$0\"", file.path] + command
    }

    /// The app running against an org, with the contact a test changes, and the app's standard
    /// error and log.
    struct AppRun {
        let session: TmuxSession
        let target: OrgContact
        let stderr: TemporaryFile
        let log: TemporaryFile
    }

    /// The list on `org`, logging to a file and with its standard error kept, once it shows the
    /// org's first contact, `contacts[0]`.
    static func launch(_ org: LiveOrg, contacts: [OrgContact], target: OrgContact) async throws -> AppRun {
        let stderr = TemporaryFile()
        let log = TemporaryFile("log")
        let command = capturingStandardError(try org.appCommand(["--log-file", log.path]), in: stderr)
        let session = try await TmuxSession(command, width: 100, height: 30)
        try await session.waitUntil("the first contacts are listed") { screen in
            Screen.listShows(screen, Screen.shownPrefix(contacts[0].name))
        }
        return AppRun(session: session, target: target, stderr: stderr, log: log)
    }

    /// Presses `q` with one change in flight and waits for the status line to say the quit waits
    /// for it.
    static func quitAndSeeItWait(_ session: TmuxSession) async throws {
        try await session.send("q")
        try await session.waitUntil("the status line says what the quit waits for") { screen in
            Screen.statusLine(screen).contains("1 change still in flight — q again to quit now")
        }
    }

    /// The list on an org of 30 contacts that holds writes at `gate`, logging to a file, with a
    /// deletable contact selected and its delete held at the gate; `body` gets the org and the run.
    static func withDeleteInFlight(
        holdingAt gate: AnswerGate, _ body: (LiveOrg, AppRun) async throws -> Void
    ) async throws {
        try await LiveOrg.with(MockOrgConfiguration(contacts: 30).holdingAnswers(at: gate)) { org in
            let contacts = try await org.contactNames()
            let cases = try await org.contactIDsWithCases()
            let (index, target) = try DeleteEndToEndTests.pick(contacts) { _, contact in !cases.contains(contact.id) }
            let run = try await launch(org, contacts: contacts, target: target)
            try await DeleteEndToEndTests.moveDown(run.session, index)
            let prefix = Screen.shownPrefix(target.name)
            try await run.session.send("d")
            try await gate.waitUntilHolding()
            try await run.session.waitUntil("the delete is in flight") { screen in
                !Screen.listShows(screen, prefix) && Screen.statusLine(screen).contains("1 delete pending")
            }
            try await body(org, run)
        }
    }

    /// The list on an org of 30 contacts that holds writes at `gate`, logging to a file, with the
    /// first contact's Email saved as `email` and the update held at the gate; `body` gets the run.
    static func withEditInFlight(
        _ email: String, holdingAt gate: AnswerGate, _ body: (AppRun) async throws -> Void
    ) async throws {
        try await LiveOrg.with(MockOrgConfiguration(contacts: 30).holdingAnswers(at: gate)) { org in
            let contacts = try await org.contactNames()
            let run = try await launch(org, contacts: contacts, target: contacts[0])
            try await EditEndToEndTests.saveEmail(email, in: run.session)
            try await gate.waitUntilHolding()
            try await run.session.waitUntil("the update is in flight") {
                Screen.statusLine($0).contains("Saving Email")
            }
            try await body(run)
        }
    }

    @Test("q with a delete in flight waits, then quits by itself once it settled: exit 0, the record is gone")
    func quitWaits() async throws {
        let gate = AnswerGate()
        try await Self.withDeleteInFlight(holdingAt: gate) { org, run in
            try await Self.quitAndSeeItWait(run.session)
            #expect(run.session.isRunning)
            gate.open()
            #expect(try await run.session.waitForExit(timeout: .seconds(30)) == 0)
            #expect(try await org.exists(run.target.id) == false)
            #expect(run.stderr.text.isEmpty)
        }
    }

    @Test("q q with a delete in flight quits at once: exit 1, standard error names the contact and its Id")
    func forcedQuit() async throws {
        // The gate stays shut: the delete's outcome is unknown when the app quits.
        try await Self.withDeleteInFlight(holdingAt: AnswerGate()) { _, run in
            try await Self.quitAndSeeItWait(run.session)
            try await run.session.send("q")
            #expect(try await run.session.waitForExit() == 1)
            let message = run.stderr.text
            #expect(message.contains(run.target.name))
            #expect(message.contains(run.target.id))
            #expect(message.contains("outcome is unknown"))
            let logged = run.log.text
            #expect(logged.contains("sent, outcome unknown"))
            #expect(!logged.lowercased().contains("cancel"))
        }
    }

    @Test("q with an edit in flight waits, then quits by itself once it settled: exit 0, the log names the field")
    func quitWaitsForAnEdit() async throws {
        let gate = AnswerGate()
        try await Self.withEditInFlight("settled@x.io", holdingAt: gate) { run in
            let target = run.target
            try await Self.quitAndSeeItWait(run.session)
            gate.open()
            #expect(try await run.session.waitForExit(timeout: .seconds(30)) == 0)
            let logged = run.log.text
            let settled = logged.split(separator: "\n").filter { $0.contains("change settled") }
            #expect(settled.count == 1, "the log was: \(logged)")
            #expect(settled.first?.contains("field=Email") == true)
            #expect(settled.first?.contains("record=\(target.id)") == true)
            #expect(run.stderr.text.isEmpty)
        }
    }

    @Test("q q with an edit in flight quits at once: exit 1, standard error names the field, the contact and its Id")
    func forcedQuitWithEdit() async throws {
        // The gate stays shut: the update's outcome is unknown when the app quits.
        try await Self.withEditInFlight("quit@x.io", holdingAt: AnswerGate()) { run in
            let target = run.target
            let session = run.session
            try await Self.quitAndSeeItWait(session)
            try await session.send("q")
            #expect(try await session.waitForExit() == 1)
            let message = run.stderr.text
            #expect(message.contains("the update of Email of \(target.name) (\(target.id)) was sent"))
            #expect(message.contains("outcome is unknown"))
            let logged = run.log.text
            #expect(logged.contains("quitting with a change in flight: sent, outcome unknown"))
            #expect(logged.contains("field=Email"))
            #expect(logged.contains("record=\(target.id)"))
        }
    }

    /// A quit signal sent with a delete held at the org's gate: the app waits up to 5 s for the
    /// answer, so the delete settles (the gate opens once the app logged the signal: exit 0) or
    /// its outcome stays unknown (the gate stays shut: exit 1, standard error names the record).
    struct SignalQuit: Sendable, CustomTestStringConvertible {
        let signal: Int32
        let opensGate: Bool
        let status: Int32
        /// What the log says of the delete.
        let logged: String
        let testDescription: String
    }

    @Test(
        "a quit signal with a delete in flight waits up to 5 s for it and logs the outcome, never a cancel",
        arguments: [
            SignalQuit(
                signal: SIGTERM, opensGate: true, status: 0,
                logged: "change settled",
                testDescription: "SIGTERM, the delete settles within 5 s: exit 0, the record is gone"),
            SignalQuit(
                signal: SIGHUP, opensGate: false, status: 1,
                logged: "quitting with a change in flight: sent, outcome unknown",
                testDescription: "SIGHUP, no answer within 5 s: exit 1, sent, outcome unknown"),
        ])
    func signalWaits(_ quit: SignalQuit) async throws {
        let gate = AnswerGate()
        try await Self.withDeleteInFlight(holdingAt: gate) { org, run in
            kill(try await SignalTests.appPID(run.session), quit.signal)
            if quit.opensGate {
                // The point is a time: the app waits 5 s after the signal. The gate opens as soon
                // as the app says it is quitting, leaving nearly all of those 5 s for one answer.
                let signalled = await waitUntil { run.log.text.contains("quitting on signal") }
                #expect(signalled, "the app never logged the signal")
                gate.open()
            }
            #expect(try await run.session.waitForExit(timeout: .seconds(30)) == quit.status)
            let logged = run.log.text
            #expect(logged.contains(quit.logged))
            #expect(logged.contains("record=\(run.target.id)"))
            #expect(!logged.lowercased().contains("cancel"))
            if quit.status == 0 {
                #expect(logged.contains("outcome=deleted record=\(run.target.id)"))
                #expect(try await org.exists(run.target.id) == false)
            } else {
                #expect(run.stderr.text.contains(run.target.id))
            }
        }
    }

    @Test("--demo quits at once while a slow request is in flight")
    func demoQuitsAtOnce() async throws {
        let session = try await TmuxSession(
            [try Binary.path, "--demo", "--latency", "30000"], width: 100, height: 30)
        try await session.waitUntil("the list is loading") { Screen.statusLine($0).contains("loading") }
        let start = ContinuousClock.now
        try await session.quit()
        // A behaviour check with a generous bound, not a speed goal: the page would answer after 30 s.
        #expect(ContinuousClock.now - start < .seconds(10))
    }
}

/// Terminals that cannot show the list, or show it with fewer characters.
@Suite("Terminal types and locales")
struct TerminalTypeTests {
    @Test("TERM=dumb is refused with one sentence that suggests contact-tui list; exit 2")
    func dumbTerminal() async throws {
        let stderr = TemporaryFile()
        let command = QuitEndToEndTests.capturingStandardError([try Binary.path, "--demo"], in: stderr)
        let session = try await TmuxSession(command, width: 100, height: 30, environment: ["TERM": "dumb"])
        #expect(try await session.waitForExit() == 2)
        let message = stderr.text
        #expect(message.contains("cannot move the cursor"))
        #expect(message.contains("contact-tui list"))
        #expect(message.split(separator: "\n").count == 1)
    }

    @Test("without an alternate screen (TERM=vt100) the shell's prompt starts on a clean line after q")
    func promptOnCleanLine() async throws {
        let names = try await DemoTests.firstContactNames(count: 1)
        let script = "\"$@\"; printf 'PROMPT$ %s' \"$?\"; exec sleep 60"
        let session = try await TmuxSession(
            ["sh", "-c", script, "sh", try Binary.path, "--demo"], width: 100, height: 30,
            environment: ["TERM": "vt100"])
        try await session.waitUntil("the list shows") { $0.contains(String(names[0].prefix(10))) }
        try await session.send("q")
        let screen = try await session.waitUntil("the prompt shows") { $0.contains("PROMPT$ 0") }
        let line = try #require(screen.components(separatedBy: "\n").first { $0.contains("PROMPT$") })
        #expect(line.trimmingCharacters(in: .whitespaces) == "PROMPT$ 0")
        #expect(screen.contains("q quit"))
    }

    @Test(
        "LANG=C: characters the locale cannot show are ? per column, the columns stay aligned, and the status says why")
    func asciiLocale() async throws {
        try await LiveOrg.with(MockOrgConfiguration(contacts: 20)) { org in
            for (name, title) in [("AAA Café Olé", "Chef"), ("AAB 王秀英", "Boss")] {
                _ = try await org.client.send(
                    org.client.requestForCreate(
                        withObjectType: "Contact", fields: ["LastName": .string(name), "Title": .string(title)]))
            }
            let session = try await TmuxSession(
                try org.appCommand(), width: 100, height: 30, environment: ["LANG": "C", "LC_ALL": "C"])
            let screen = try await session.waitUntil("the created contacts are listed") { screen in
                screen.contains("AAA Caf? Ol?") && screen.contains("AAB ??????")
            }
            #expect(Screen.statusLine(screen).contains("a UTF-8 locale shows names as they are"))
            let lines = screen.components(separatedBy: "\n")
            let titleColumn = try #require(lines[1].range(of: "Title")).lowerBound.utf16Offset(in: lines[1])
            for (name, title) in [("AAA Caf? Ol?", "Chef"), ("AAB ??????", "Boss")] {
                let row = try #require(lines.first { $0.contains(name) })
                #expect(row.range(of: title)?.lowerBound.utf16Offset(in: row) == titleColumn, "\(row)")
            }
            let onlyASCII = screen.unicodeScalars.allSatisfy { $0.isASCII }
            #expect(onlyASCII)
            try await session.quit()
        }
    }
}
