import RestCore

/// One delete of this session (`d` on a row, or a bulk delete) that `U` may take back: each
/// record with the key of its delete entry, so that `U` can tell which of them are still in
/// flight, which the org confirmed (in its Recycle Bin), and which it refused (never deleted).
struct UndoableDelete: Sendable {
    struct Entry: Sendable {
        /// The record's `PendingChanges.deletes` key while its delete is in flight.
        let key: RestRequestID
        let record: ContactRecord
    }

    var entries: [Entry]
    /// The query of the list it was deleted from: the restored rows show only in that list.
    let query: String?
}
