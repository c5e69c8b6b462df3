extension ContactListModel {
    // MARK: - The one gate of data-changing keys

    /// Why no change may be started now, in one sentence; nil when one may. Every data-changing
    /// key (`d`, `e`, and Space or `*` marking for a delete) asks here first, at the key, so that
    /// nothing opens a question or an editor that could only be refused at its end.
    func refusalOfAnyChange(marking: Bool = false) -> String? {
        if let view = run.resultsView { return view.readOnlyReason }
        if !rowsAreRecords { return Self.notRecordsStatus }
        if isReadOnly {
            return marking
                ? "Read-only (--read-only): marks are for deleting, so they are off."
                : "Read-only (--read-only): nothing can be changed in this session."
        }
        if modes.isWaitingToQuit { return "Quitting: no new changes. \(waitingToQuitMessage)" }
        return nil
    }

    /// Why `record` may not be changed now, in one sentence; nil when it may.
    func refusalOfChange(to record: ContactRecord) -> String? {
        if let refusal = refusalOfAnyChange() { return refusal }
        if !record.isRecord { return Self.notRecordsStatus }
        if let refusal = refusalOfQueued(record) { return refusal }
        if let refusal = refusalOfPendingCreate(record) { return refusal }
        // Its undelete decides whether it exists: a change now could act on a deleted record.
        if changes.undeletes.values.contains(where: { $0.record.id == record.id }) {
            return "This record is being restored; d and e wait until the org answers."
        }
        // The Id and the object name go into the request's path: a made-up one could choose another.
        if !SalesforceID.isValid(record.id) { return "This record's Id is not a Salesforce Id; d and e refuse it." }
        if !ObjectName.isValid(record.objectType) {
            return "This record's object name is not a Salesforce name; d and e refuse it."
        }
        return nil
    }
}
