import Foundation
import Testing

@testable import ContactList

/// Every status message and alert is logged for `!`, and each failure an alert reports counts once.
@Suite struct NoticesTests {
    @Test func messagesAndAlertsAreLoggedAndFailuresCounted() {
        var notices = Notices()
        notices.now = { Date(timeIntervalSince1970: 0) }
        notices.statusMessage = "Deleted Ann"
        notices.statusMessage = "Deleted Ann"
        notices.alerts.append(Alert(title: "Cannot delete item", message: "Bo was not deleted"))
        #expect(notices.failedChangeCount == 1)
        notices.alerts.removeAll()
        #expect(notices.failedChangeCount == 1, "a dismissed alert's failure still counts")
        let logged = notices.messages.entries.map(\.text)
        #expect(logged.filter { $0 == "Deleted Ann" }.count == 1)
        #expect(logged.contains { $0.contains("Bo was not deleted") })
    }
}
