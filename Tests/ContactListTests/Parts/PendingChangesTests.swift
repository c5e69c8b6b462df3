import RestCore
import Testing

@testable import ContactList

/// The pending changes: what was sent and not settled, each under its own request id.
@Suite struct PendingChangesTests {
    static let record = ContactRecord(id: "003A", objectType: "Contact", displayName: "Ann", values: ["Ann"])

    @Test func eachChangeIsKeyedByItsOwnRequestAndForgottenOnce() {
        var changes = PendingChanges()
        #expect(changes.isEmpty)
        let delete = RestRequestID()
        let update = RestRequestID()
        changes.recordDelete(DeletedItemInfo(record: Self.record, row: 3), key: delete)
        changes.recordUpdate(FieldUpdate(record: Self.record, field: "Title", value: "CEO", sequence: 0), key: update)
        #expect(!changes.isEmpty)
        #expect(changes.pendingDeleteIDs == ["003A"])
        #expect(Set(changes.unsettled.map(\.requestID)) == [delete, update])
        #expect(changes.unsettled.contains { $0.kind == .update(field: "Title") })
        #expect(changes.forgetDelete(delete)?.row == 3)
        #expect(changes.forgetDelete(delete) == nil)
        #expect(changes.forgetUpdate(update)?.value == "CEO")
        #expect(changes.isEmpty && changes.unsettled.isEmpty)
    }

    @Test func aDeletesCopyTakesAnEditAndAConfirmedIdStays() {
        var changes = PendingChanges()
        let key = RestRequestID()
        changes.recordDelete(DeletedItemInfo(record: Self.record, row: 0), key: key)
        let edited = Self.record.replacingValues(["Ann Lee"])
        changes.replaceDeletedRecord(key, with: edited)
        #expect(changes.deletes[key]?.record.values == ["Ann Lee"])
        changes.replaceDeletedRecord(RestRequestID(), with: edited)
        #expect(changes.deletes.count == 1)
        _ = changes.forgetDelete(key)
        changes.confirmDeleted("003A")
        #expect(changes.confirmedDeletedIDs == ["003A"] && changes.isEmpty)
    }
}
