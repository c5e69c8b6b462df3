import Foundation
import MockOrg
import TestSupport
import Testing

/// `p` through the real binary: a delete whose answer the org holds is listed, and leaves the
/// list once the org answers.
@Suite("The outbox overlay, end to end")
struct OutboxOverlayEndToEndTests {
    @Test("p lists a delete the org has not answered; Esc closes; once answered, nothing waits")
    func listsHeldDelete() async throws {
        let gate = AnswerGate(holding: ["DELETE"])
        try await LiveOrg.with(MockOrgConfiguration().holdingAnswers(at: gate)) { org in
            let names = try await org.contactNames()
            let session = try await TmuxSession(try org.appCommand(), width: 110, height: 30)
            try await session.waitUntil("the first contacts are listed") { screen in
                Screen.listShows(screen, Screen.shownPrefix(names[0].name))
            }
            try await session.send("d")
            try await session.send("p")
            try await session.waitUntil("the held delete is listed as sent") { screen in
                screen.contains("Outbox")
                    && screen.components(separatedBy: "\n").contains {
                        $0.contains("delete") && $0.contains("sent") && $0.contains(Screen.shownPrefix(names[0].name))
                    }
            }
            try await session.send("Escape")
            try await session.waitUntil("the box is closed") { !$0.contains("Outbox") }
            gate.open()
            try await session.waitUntil("the delete is confirmed") { $0.contains("Deleted") }
            try await session.send("p")
            try await session.waitUntil("nothing waits") { $0.contains("Nothing waits: every change is settled.") }
            try await session.send("Escape")
            try await session.quit()
        }
    }
}
