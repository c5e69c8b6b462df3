import RestCore
import SOQL

extension ContactListModel {
    // MARK: - Reading a record back after a save

    /// Retrieves a saved record, so that what the org computed from the change (Name from
    /// FirstName and LastName, formulas, LastModifiedDate) shows as the org has it.
    mutating func readAfterSave(_ record: ContactRecord, sequence: Int) -> [ContactListEffect] {
        let request = requests.requestForRetrieve(
            withObjectType: record.objectType, objectId: record.id, fieldList: nil, apiVersion: nil)
        changes.latestReadAfterSave[record.id] = max(sequence, changes.latestReadAfterSave[record.id] ?? sequence)
        inFlight[request.id] = .readAfterSave(recordID: record.id, sequence: sequence)
        return [.send(request)]
    }

    /// Shows the org's values of a saved record: in its row, the columns the retrieve holds (a
    /// field still being saved keeps its pending value), and in the detail view every line.
    mutating func applyReadAfterSave(_ result: Result<RestResponse, RestClientError>, recordID: String) {
        // A failed read changes nothing: the saved value shows, and `r` reads the rest.
        guard let json = try? result.get().decode(JSONValue.self) else { return }
        let pending = pendingValuesByRecord[recordID] ?? [:]
        setLastModifiedDate(json["LastModifiedDate"]?.stringValue ?? "", of: recordID)
        // The record this session just saved was last modified by this session's user: a later
        // create that gets no answer looks for records that user created.
        if userID == nil, let user = json["LastModifiedById"]?.stringValue, SalesforceID.isValid(user) {
            userID = user
        }
        for column in run.columns {
            guard FieldLookup.value(at: column.path, in: json, fields: \.objectValue) != nil else { continue }
            if pending.keys.contains(where: { column.matchesField($0) }) { continue }
            show(ContactRecord.text(at: column.path, in: json), for: FieldKey(recordID: recordID, field: column.field))
        }
        if case .detail(var detail) = modes.mode, detail.record.id == recordID, case .fields = detail.content {
            var lines = Self.fieldLines(of: json)
            for index in lines.indices {
                if let value = pending.first(where: { FieldLookup.keyMatches($0.key, lines[index].name) })?.value {
                    lines[index] = DetailState.Field(name: lines[index].name, value: value)
                }
            }
            detail.content = .fields(lines)
            modes.mode = .detail(detail)
        }
    }
}
