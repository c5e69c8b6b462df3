import JSONKit

/// Single-record operations: retrieve, create, update, delete.
extension OrgStore {
    /// The row named by an id in a URL, or the error Salesforce gives for it.
    static func locate(
        _ id: String, of object: SObjectType, in tables: OrgTables, forWrite: Bool
    ) throws(APIError)
        -> Int
    {
        guard SalesforceID.isWellFormed(id) else {
            if forWrite { throw APIError.malformedID(object, id) }
            throw APIError(
                status: 404, "NOT_FOUND", "Provided external ID field does not exist or is not accessible: " + id)
        }
        guard let row = tables.row(of: object, id: id) else { throw APIError.notFound }
        return row
    }

    /// The JSON body of `GET /sobjects/{object}/{id}`, with every field or the listed ones.
    func retrieve(
        _ object: SObjectType, id: String, fields: [String]?, apiVersion: String, now: Int64 = WallClock.nowMillis(),
        ifModifiedSince: Int64? = nil
    ) throws(APIError)
        -> [UInt8]
    {
        var specs = object.fields
        if let fields {
            specs = []
            for name in fields {
                guard let spec = object.field(named: name.trimmingSpaces) else {
                    throw APIError(
                        status: 400, "INVALID_FIELD",
                        "No such column '" + name.trimmingSpaces + "' on sobject of type " + object.name)
                }
                specs.append(spec)
            }
        }
        return try state.withLock { (state: inout State) throws(APIError) -> [UInt8] in
            Self.purgeExpired(&state, now: now, ttl: recycleBinTTL)
            let tables = state.tables
            let row = try Self.locate(id, of: object, in: tables, forWrite: false)
            // In the Recycle Bin: ENTITY_IS_DELETED; purged from it: as if it never was.
            guard !tables.isPurged(object, row: row) else { throw APIError.notFound }
            guard !tables.isDeleted(object, row: row) else { throw APIError.entityIsDeleted }
            // HTTP dates hold whole seconds: a change within the given second is not "after" it.
            if let since = ifModifiedSince, tables.lastModifiedDate(object, row: row) / 1000 <= since / 1000 {
                throw APIError.notModified
            }
            var writer = JSONWriter()
            RecordShape(specs.map { FieldPath(relationship: nil, field: $0) })
                .write(row: row, of: object, apiVersion: apiVersion, tables: tables, into: &writer)
            return writer.bytes
        }
    }

    /// Deletes a record: at most one of any number of concurrent deletes of one record succeeds.
    /// Deleting an Account deletes its Contacts too, unless live Cases refer to the Account or to
    /// one of them (then nothing is deleted).
    func delete(_ object: SObjectType, id: String, now: Int64 = WallClock.nowMillis()) throws(APIError) {
        try state.withLock { (state: inout State) throws(APIError) in
            let row = try Self.locate(id, of: object, in: state.tables, forWrite: true)
            let deleted = try Self.deletion(of: RecordKey(object: object, row: row), in: state.tables, gone: [])
            Self.applyDeletion(deleted, to: &state, now: now)
        }
    }

    /// The records a delete of `record` removes (its Contacts too for an Account), or why it is refused.
    /// `gone` holds the records that the same request removes before this one.
    static func deletion(
        of record: RecordKey, in tables: OrgTables, gone: Set<RecordKey>
    ) throws(APIError) -> [RecordKey] {
        let (object, row) = (record.object, record.row)
        guard !tables.isDeleted(object, row: row), !gone.contains(record) else { throw APIError.entityIsDeleted }
        var deleted = [record]
        switch object {
        case .contact:
            try Self.refuseIfCases(
                tables.liveCaseSerials(ofContact: row), name: tables.contacts[row].name, tables: tables)
        case .account:
            let serial = Int32(row + 1)
            let contacts = tables.contacts.indices.filter {
                tables.contacts[$0].accountSerial == serial && !tables.contacts[$0].isDeleted
                    && !gone.contains(RecordKey(object: .contact, row: $0))
            }
            var cases = Set(
                tables.cases.indices.filter {
                    tables.cases[$0].accountSerial == serial && !tables.cases[$0].isDeleted
                }.map { Int32($0 + 1) })
            for contact in contacts { cases.formUnion(tables.liveCaseSerials(ofContact: contact)) }
            try Self.refuseIfCases(cases.sorted(), name: tables.accounts[row].name, tables: tables)
            deleted += contacts.map { RecordKey(object: .contact, row: $0) }
        case .supportCase:
            break
        case .user:
            throw APIError.readOnlyObject(.user, "deleted")
        }
        return deleted
    }

    /// Marks the records deleted, with the lock held.
    static func applyDeletion(_ records: [RecordKey], to state: inout State, now: Int64) {
        for record in records {
            state.tables.setDeleted(record.object, row: record.row, true, now: now)
            state.recycleBin.append((record, now))
            state.fragments.recordChanged(record.object, row: record.row)
        }
    }
}

extension OrgStore {
    /// `DELETE_FAILED` when live Cases (by serial) still refer to the record called `name`.
    fileprivate static func refuseIfCases(_ caseSerials: [Int32], name: String, tables: OrgTables) throws(APIError) {
        guard !caseSerials.isEmpty else { return }
        let numbers = caseSerials.map { tables.cases[Int($0) - 1].caseNumberText }
        throw APIError(
            status: 400, "DELETE_FAILED",
            "Your attempt to delete " + name
                + " could not be completed because it is associated with the following cases.: "
                + numbers.joined(separator: ", ") + "\n", fields: [])
    }
}
