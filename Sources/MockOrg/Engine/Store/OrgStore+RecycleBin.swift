/// The Recycle Bin: a deleted record stays in its table, `IsDeleted` true, hidden from `query`,
/// search and retrieval (404 `ENTITY_IS_DELETED`) but shown by `queryAll`, until `undelete` takes
/// it back or it is purged `recycleBinTTL` after its delete. A purged row stays in its table (ids
/// are row numbers) but no call reaches it any more.
extension OrgStore {
    /// Salesforce keeps deleted records 15 days.
    static let defaultRecycleBinTTL = Duration.seconds(15 * 86_400)

    /// `deletedDate` of a purged row: no call shows it, undelete refuses it.
    static let purgedStamp: Int64 = -1

    /// One id's outcome of `undelete`: restored, or why not (`UNDELETE_FAILED`, `MALFORMED_ID`, …).
    struct UndeleteOutcome: Sendable, Equatable {
        let id: String
        let error: UndeleteError?
    }

    struct UndeleteError: Sendable, Equatable {
        let statusCode: String
        let message: String
    }

    /// Takes the records named by `ids` out of the Recycle Bin, each on its own; an Account brings
    /// back the Contacts its delete took with it.
    func undelete(ids: [String], now: Int64) -> [UndeleteOutcome] {
        state.withLock { (state: inout State) -> [UndeleteOutcome] in
            Self.purgeExpired(&state, now: now, ttl: recycleBinTTL)
            return ids.map { id in
                UndeleteOutcome(id: id, error: Self.undeleteOne(id, state: &state, now: now))
            }
        }
    }

    private static func undeleteOne(_ id: String, state: inout State, now: Int64) -> UndeleteError? {
        guard SalesforceID.isWellFormed(id) else {
            return UndeleteError(statusCode: "MALFORMED_ID", message: "malformed id " + id)
        }
        guard let (prefix, _) = SalesforceID.parse(id), let object = SObjectType(keyPrefix: prefix),
            SObjectType.dataObjects.contains(object), let row = state.tables.row(of: object, id: id)
        else {
            return UndeleteError(statusCode: "INVALID_ID_FIELD", message: "invalid record id")
        }
        let tables = state.tables
        let stamp = tables.deletedDate(object, row: row)
        guard tables.isDeleted(object, row: row), stamp != purgedStamp else {
            return UndeleteError(statusCode: "UNDELETE_FAILED", message: "Entity is not in the recycle bin")
        }
        var restored = [RecordKey(object: object, row: row)]
        if object == .account {
            // The Contacts deleted with the Account carry the same stamp.
            let serial = Int32(row + 1)
            restored += tables.contacts.indices.filter {
                tables.contacts[$0].accountSerial == serial && tables.contacts[$0].isDeleted
                    && tables.contacts[$0].deletedDate == stamp
            }.map { RecordKey(object: .contact, row: $0) }
        }
        for record in restored {
            tables.setDeleted(record.object, row: record.row, false, now: now)
            state.fragments.recordChanged(record.object, row: record.row)
        }
        return nil
    }

    /// Purges the records deleted more than `ttl` milliseconds before `now`; an entry whose record
    /// was undeleted (or deleted again later) since is dropped unchanged.
    static func purgeExpired(_ state: inout State, now: Int64, ttl: Int64) {
        var expired = 0
        let tables = state.tables
        for (record, stamp) in state.recycleBin {
            guard stamp + ttl <= now else { break }
            expired += 1
            if tables.isDeleted(record.object, row: record.row),
                tables.deletedDate(record.object, row: record.row) == stamp
            {
                tables.setDeletedDate(record.object, row: record.row, purgedStamp)
                state.fragments.recordChanged(record.object, row: record.row)
            }
        }
        if expired > 0 {
            state.recycleBin.removeFirst(expired)
            tables.writeGeneration += 1
        }
    }
}
