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
        _ object: SObjectType, id: String, fields: [String]?, apiVersion: String
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
        return try withTables { (tables) throws(APIError) -> [UInt8] in
            let row = try Self.locate(id, of: object, in: tables, forWrite: false)
            guard !tables.isDeleted(object, row: row) else { throw APIError.notFound }
            var writer = JSONWriter()
            RecordShape(specs.map { FieldPath(relationship: nil, field: $0) })
                .write(row: row, of: object, apiVersion: apiVersion, tables: tables, into: &writer)
            return writer.bytes
        }
    }

    /// Deletes a record: at most one of any number of concurrent deletes of one record succeeds.
    func delete(_ object: SObjectType, id: String) throws(APIError) {
        try state.withLock { (state: inout State) throws(APIError) in
            let tables = state.tables
            let row = try Self.locate(id, of: object, in: tables, forWrite: true)
            guard !tables.isDeleted(object, row: row) else { throw APIError.entityIsDeleted }
            switch object {
            case .contact:
                let liveCases = (tables.casesByContact[Int32(row + 1)] ?? []).filter {
                    !tables.cases[Int($0) - 1].isDeleted
                }
                try Self.refuseIfCases(liveCases, name: tables.contacts[row].name, tables: tables)
                tables.contacts[row].isDeleted = true
            case .account:
                // Deleting an Account deletes its Contacts, unless Cases still point at it.
                let serial = Int32(row + 1)
                let liveCases = tables.cases.indices.filter {
                    tables.cases[$0].accountSerial == serial && !tables.cases[$0].isDeleted
                }.map { Int32($0 + 1) }
                try Self.refuseIfCases(liveCases, name: tables.accounts[row].name, tables: tables)
                tables.accounts[row].isDeleted = true
                for index in tables.contacts.indices where tables.contacts[index].accountSerial == serial {
                    tables.contacts[index].isDeleted = true
                }
                tables.writeGeneration += 1
                return
            case .supportCase:
                tables.cases[row].isDeleted = true
            }
            Self.forget(row: row, of: object, inLiveRowCaches: &state)
        }
    }

    /// Takes one deleted row out of the cached unfiltered query results, so that a delete
    /// does not cost the next query a full scan of a large table.
    private static func forget(row: Int, of object: SObjectType, inLiveRowCaches state: inout State) {
        let liveSuffix = "|false"
        for key in state.unfilteredCache.keys where key.hasPrefix(object.name + "|") && key.hasSuffix(liveSuffix) {
            if let index = state.unfilteredCache[key]?.firstIndex(of: Int32(row)) {
                state.unfilteredCache[key]?.remove(at: index)
            }
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
                + numbers.joined(separator: ", ") + "\n")
    }
}

extension StringProtocol {
    /// The text without leading and trailing spaces.
    var trimmingSpaces: String {
        String(drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed())
    }
}
