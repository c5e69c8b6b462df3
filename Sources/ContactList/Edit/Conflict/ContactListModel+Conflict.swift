import Foundation
import RestCore
import SOQL

extension ContactListModel {
    // MARK: - Every row knows when it last changed

    /// `soql` with `LastModifiedDate` in its SELECT list when it selects records without it, as
    /// MobileSync does: every PATCH is then conditional on the date the row was read at. The
    /// column is not shown (`Column.visibleColumns` reads the query as typed).
    static func readingLastModified(_ soql: String) -> String {
        guard Column.rowsAreRecords(ofQuery: soql) else { return soql }
        return reading([["LastModifiedDate"]], in: soql)
    }

    // MARK: - Sending a conditional update

    /// Shows `value` at once and sends its PATCH, conditional on the row's `LastModifiedDate`
    /// (an unconditional one only for a row that never read it). `original` is what the field
    /// showed before, put back when the org refuses. `condition`: the `LastModifiedDate` to send
    /// instead of the row's (a queued edit's, the replica's copy's). Offline, the edit queues.
    mutating func sendUpdate(
        of record: ContactRecord, field: String, value: String, original: String, condition: String? = nil
    ) -> [ContactListEffect] {
        if offline.isOffline { return queueUpdate(of: record, field: field, value: value, original: original) }
        var current = currentCopy(of: record)
        if let condition { current = current.lastModified(condition) }
        let kind = objectFields[record.objectType]?.field(named: field)?.kind ?? .text
        let fields: [String: JSONValue] = [field: kind.json(value)]
        let request: RestRequest
        if let date = current.lastModifiedDate.flatMap(SalesforceDate.parse) {
            request = requests.requestForUpdate(
                withObjectType: record.objectType, objectId: record.id, fields: fields, ifUnmodifiedSince: date,
                apiVersion: nil)
        } else {
            request = requests.requestForUpdate(
                withObjectType: record.objectType, objectId: record.id, fields: fields, apiVersion: nil)
        }
        guard requests.allowsSending(request) else {
            notices.statusMessage = "Read-only: \(label(of: record)) was not changed (--read-only blocks changes)"
            return []
        }
        let update = FieldUpdate(record: current, field: field, value: value, sequence: changes.nextUpdateSequence)
        changes.nextUpdateSequence += 1
        // The value before the first pending update is the confirmed one, put back on failure.
        if !updateRequests.values.contains(where: { $0.key == update.key }) {
            changes.confirmedFieldValues[update.key] = original
        }
        changes.recordUpdate(update, key: request.id)
        inFlight[request.id] = .update
        show(value, for: update.key)
        notices.statusMessage = "Saving \(field) of \(label(of: record))…"
        return [.send(request)]
    }

    // MARK: - 412: the record changed meanwhile

    /// A PATCH refused with 412: nothing was written. The record is read back, with who changed
    /// it, before anything is shown; the update stays pending meanwhile, so that `q` waits. The
    /// 412's body is never read (Salesforce documents none).
    mutating func readConflict(_ updateID: RestRequestID, update: FieldUpdate) -> [ContactListEffect] {
        let soql =
            "SELECT Id, \(update.field), LastModifiedDate, LastModifiedBy.Name FROM \(update.record.objectType)"
            + " WHERE Id = '\(Self.soqlEscaped(update.record.id))'"
        let request = requests.request(forQuery: soql, apiVersion: nil, batchSize: 200)
        inFlight[request.id] = .readConflict(updateID: updateID)
        notices.statusMessage = "\(label(of: update.record)) changed meanwhile; reading what the org holds…"
        return [.send(request)]
    }

    /// Settles a 412'd update by the record read back: deleted meanwhile, it leaves the list; holding
    /// the user's value already, it is saved; else the row shows the org's value and an alert names
    /// it, who changed it and when, with a key to write the user's value over it. With a durable
    /// outbox the conflict waits there for the user's word (`keepEditConflict`).
    mutating func applyConflict(
        _ updateID: RestRequestID, readBack result: Result<RestResponse, RestClientError>
    ) -> [ContactListEffect] {
        guard let update = updateRequests[updateID] else { return [] }
        let name = label(of: update.record)
        let page: QueryResult
        do {
            page = try result.get().decode(QueryResult.self)
        } catch {
            notices.alerts.append(
                Alert(
                    title: "Changed meanwhile",
                    message: "\(update.field) of \(name) was not saved: the org says the record changed after "
                        + "it was read, and reading it back failed (\(error.description)). Press r to see it."))
            finishUpdate(updateID, status: "\(update.field) of \(name) was not saved")
            return []
        }
        guard let json = page.records.first else {
            deletedMeanwhile(updateID)
            return []
        }
        let theirs = ContactRecord.text(at: [update.field], in: json)
        let changedAt = json["LastModifiedDate"]?.stringValue ?? ""
        setLastModifiedDate(changedAt, of: update.record.id)
        changes.confirmedFieldValues[update.key] = theirs
        guard theirs != update.value else {
            finishUpdate(updateID, status: "Saved \(update.field) of \(name)")
            return []
        }
        let changedBy = ContactRecord.text(at: ["LastModifiedBy", "Name"], in: json)
        var record = update.record
        record.lastModifiedDate = changedAt
        var conflict = FieldConflict(
            record: record, field: update.field, yours: update.value, theirs: theirs, changedBy: changedBy,
            changedAt: changedAt)
        finishUpdate(updateID, status: "\(update.field) of \(name) was changed meanwhile; the org's value stays")
        let kept = keepEditConflict(&conflict)
        notices.alerts.append(.changedMeanwhile(conflict, name: name))
        return kept
    }

    /// An update whose record was deleted by someone else after the list read it (404
    /// `ENTITY_IS_DELETED`, or a 412 whose read-back found nothing): said so, and the row leaves.
    mutating func deletedMeanwhile(_ updateID: RestRequestID) {
        guard let update = updateRequests[updateID] else { return }
        let name = label(of: update.record)
        // The value before the edit goes back wherever the record still is (a pending delete's copy).
        finishUpdate(updateID, status: "\(name) was deleted meanwhile")
        removeRow(id: update.record.id)
        clampSelection()
        notices.alerts.append(
            Alert(
                title: "Deleted meanwhile",
                message: "\(name) was deleted by someone else after the list read it; "
                    + "\(update.field) was not saved, and the record leaves the list."))
    }

    /// The alert's overwrite key: writes the user's value over the org's, conditional on the date
    /// the conflict read (so that a third change meanwhile is caught again).
    mutating func overwrite(_ conflict: FieldConflict) -> [ContactListEffect] {
        if let refusal = refusalOfChange(to: conflict.record) {
            notices.statusMessage = refusal
            return []
        }
        let forgotten = conflict.queuedKey.map { forgetQueued($0) } ?? []
        // On the date the conflict read, not the row's: a row read again since (a restart, `r`)
        // may carry a third change's date, which must be caught too.
        return forgotten
            + sendUpdate(
                of: conflict.record, field: conflict.field, value: conflict.yours, original: conflict.theirs,
                condition: conflict.changedAt.isEmpty ? nil : conflict.changedAt)
    }

    /// Keeps a loaded row's `LastModifiedDate` as the org last said, so that its next PATCH is
    /// conditional on it rather than on the date of before this session's own save.
    mutating func setLastModifiedDate(_ date: String, of recordID: String) {
        guard !date.isEmpty, rows.contains(recordID),
            let index = dataRows.firstIndex(where: { $0.id == recordID }), dataRows[index].lastModifiedDate != date
        else { return }
        var record = dataRows[index]
        record.lastModifiedDate = date
        rows.replace(at: index, with: record)
    }
}

extension Alert {
    /// The alert of a 412: the field, the value the org holds, who changed it and when; Enter
    /// keeps theirs, `overwriteKey` writes the user's value over it.
    static func changedMeanwhile(_ conflict: FieldConflict, name: String) -> Alert {
        let who = conflict.changedBy.isEmpty ? "someone else" : conflict.changedBy
        let when = conflict.changedAt.isEmpty ? "" : " at " + SalesforceDate.shown(conflict.changedAt)
        let theirs = conflict.theirs.isEmpty ? "(empty)" : "\"\(conflict.theirs)\""
        let yours = conflict.yours.isEmpty ? "(empty)" : "\"\(conflict.yours)\""
        var alert = Alert(
            title: "Changed meanwhile",
            message: "\(conflict.field) of \(name) was changed by \(who)\(when). The org holds \(theirs); "
                + "your \(yours) was not saved. Enter keeps theirs; o writes yours over it.")
        alert.conflict = conflict
        return alert
    }
}
