import Foundation
import RestCore

extension ContactListModel {
    // MARK: - Sync up, leave-if-changed

    /// Sends the queued changes in MobileSync's order, deletes, then creates, then updates (`U`'s
    /// undeletes just before the creates), never overwriting a newer change in the org: the
    /// deletes' records are read first (one `SELECT Id, LastModifiedDate … WHERE Id IN (…)` per
    /// object and 200 ids), and only those unchanged since the replica's copy are deleted; the
    /// undeletes, creates and updates go once those reads are in, each update with `If-Unmodified-Since` (a 412 is a conflict, `readConflict`). The
    /// list is then read again from the org. Empty when nothing is queued.
    mutating func syncUp() -> [ContactListEffect] {
        guard !offline.isOffline, offline.pendingChecks == 0,
            offline.entries.contains(where: { $0.state == .queued })
        else { return [] }
        let deletes = offline.entries.filter { $0.kind == .delete && $0.state == .queued }
        guard !deletes.isEmpty else { return sendQueuedWrites() }
        notices.statusMessage = "Syncing \(queuedCount): checking the deletes' records…"
        return checkDeletes(deletes)
    }

    /// Reads the `LastModifiedDate` of the records queued deletes name, before any is sent.
    mutating func checkDeletes(_ deletes: [QueuedChange]) -> [ContactListEffect] {
        var effects: [ContactListEffect] = []
        for objectType in Set(deletes.map(\.original.objectType)).sorted() {
            let ofType = deletes.filter { $0.original.objectType == objectType }
            for chunk in RestClient.collectionChunks(of: ofType) {
                let fields = ["Id", "LastModifiedDate", "LastModifiedBy.Name"] + comparedColumnPaths
                let soql =
                    "SELECT \(fields.joined(separator: ", ")) FROM \(objectType) WHERE Id IN ("
                    + Self.soqlIDList(chunk.map(\.original)) + ")"
                let request = requests.request(forQuery: soql, apiVersion: nil, batchSize: 200)
                inFlight[request.id] = .syncUpDeleteCheck(entries: chunk.map(\.key))
                for entry in chunk { offline.setState(.checking, of: entry.key) }
                offline.pendingChecks += 1
                effects.append(.send(request))
            }
        }
        return effects
    }

    /// The columns' field paths a delete's check reads, so that its conflict can show what changed.
    private var comparedColumnPaths: [String] {
        let skipped: Set = ["id", "lastmodifieddate", "lastmodifiedby.name"]
        return run.columns.map { $0.path.joined(separator: ".") }.filter { !skipped.contains($0.lowercased()) }
    }

    /// A delete check's answer: each record gone already is settled, each unchanged since the
    /// replica's copy is deleted, each changed is a conflict the user decides; when the last
    /// check is in, the creates and updates follow. A check that failed leaves its deletes queued
    /// (offline again when the org did not answer).
    mutating func applyDeleteCheck(
        _ result: Result<RestResponse, RestClientError>, entries: [RestRequestID]
    )
        -> [ContactListEffect]
    {
        offline.pendingChecks = max(0, offline.pendingChecks - 1)
        let checked = entries.compactMap(offline.entry(key:))
        let page: QueryResult
        do {
            page = try result.get().decode(QueryResult.self)
        } catch {
            for entry in checked { offline.setState(.queued, of: entry.key) }
            if case .failure(let failure) = result, failure.meansHostUnreachable {
                return offline.isOffline ? [] : goOffline()
            }
            notices.statusMessage = "The queued deletes could not be checked (\(error.description)); r tries again."
            return []
        }
        var byID: [String: JSONValue] = [:]
        for json in page.records { if let id = json["Id"]?.stringValue { byID[id] = json } }
        var effects: [ContactListEffect] = []
        // Taken off the queue at once, after the loop (which reads nothing of it).
        var settled = Set<RestRequestID>()
        for entry in checked {
            let record = entry.original
            guard let json = byID[record.id] else {
                // Gone from the org already: the delete is done.
                settled.insert(entry.key)
                effects += forgettingQueued(entry.key)
                changes.confirmDeleted(record.id)
                if removeRow(id: record.id) { clampSelection() }
                continue
            }
            let theirs = json["LastModifiedDate"]?.stringValue
            if theirs == nil || theirs == record.lastModifiedDate || Self.sameInstant(theirs, record.lastModifiedDate) {
                settled.insert(entry.key)
                effects += forgettingQueued(entry.key) + sendQueuedDelete(record)
            } else {
                let conflict = deleteConflict(entry, json: json)
                offline.setConflict(conflict.orgChange, of: entry.key)
                // Written with what the org holds: a restart asks again, never sends it.
                effects += journaledQueued(entry.key)
                notices.alerts.append(.deleteChangedMeanwhile(conflict))
            }
        }
        offline.remove(settled)
        guard offline.pendingChecks == 0 else { return effects }
        return effects + sendQueuedWrites()
    }

    /// The condition of a queued edit whose copy does not say when it last changed: every record
    /// changed after it, so the org answers 412 and the conflict's alert lets the user decide.
    static let unknownCopyDate = "1970-01-01T00:00:00.000+0000"

    /// Whether two Salesforce datetimes name the same instant (the org and the replica may spell
    /// the zone differently).
    static func sameInstant(_ left: String?, _ right: String?) -> Bool {
        guard let left = left.flatMap(SalesforceDate.parse), let right = right.flatMap(SalesforceDate.parse) else {
            return false
        }
        return left == right
    }

    /// A queued delete found unchanged (its queued entry forgotten): its row leaves, and its
    /// DELETE goes as `d`'s does, under an outbox entry of its own.
    private mutating func sendQueuedDelete(_ record: ContactRecord) -> [ContactListEffect] {
        let request = requests.requestForDelete(withObjectType: record.objectType, objectId: record.id, apiVersion: nil)
        var effects: [ContactListEffect] = []
        changes.recordDelete(DeletedItemInfo(record: record, row: 0, query: query), key: request.id)
        changes.rememberForUndo([(request.id, record)], query: query)
        inFlight[request.id] = .delete
        viewport.marks[record.id] = nil
        if removeRow(id: record.id) { clampSelection() }
        effects += changes.takeJournal()
        effects.append(.send(request))
        return effects
    }

    /// The queued undeletes, then the queued creates, then the queued updates, each through the
    /// path `U`, `c` and `e` take online; then the list is read again from the org.
    private mutating func sendQueuedWrites() -> [ContactListEffect] {
        var effects = sendQueuedUndeletes()
        // Taken off the queue at once, after the loops (which read nothing of it).
        var sent = Set<RestRequestID>()
        for entry in offline.entries where entry.state == .queued {
            guard case .create(let typed, let body) = entry.kind else { continue }
            sent.insert(entry.key)
            effects += forgettingQueued(entry.key)
            effects += sendQueuedCreate(entry.original, typed: typed, body: body)
        }
        for entry in offline.entries where entry.state == .queued {
            guard case .update(let field, let value) = entry.kind else { continue }
            sent.insert(entry.key)
            effects += forgettingQueued(entry.key)
            let index = run.columns.indices.first { run.columns[$0].matchesField(field) }
            let before = index.map { entry.original.value(at: $0) } ?? ""
            effects += sendUpdate(
                of: entry.original, field: field, value: value, original: before,
                condition: entry.original.lastModifiedDate ?? Self.unknownCopyDate)
            effects += changes.takeJournal()
        }
        offline.remove(sent)
        let conflicts = offline.entries.filter { $0.state == .conflict }.count
        notices.statusMessage =
            conflicts == 0 ? "Sent the queued changes." : "Sent the queued changes; \(conflicts) in conflict."
        offline.refreshesWhenSettled = true
        return effects + refreshWhenSynced()
    }

    /// The queued undeletes through `U`'s path (a SOAP call per object and 200 ids), for each list
    /// they were made in; each queued entry is forgotten once its sent one is written. In the
    /// Recycle Bin's view their rows leave, as `U` there does online.
    private mutating func sendQueuedUndeletes() -> [ContactListEffect] {
        var groups: [(query: String?, entries: [QueuedChange])] = []
        for entry in offline.entries where entry.state == .queued {
            guard case .undelete(let listQuery) = entry.kind else { continue }
            if let index = groups.firstIndex(where: { $0.query == listQuery }) {
                groups[index].entries.append(entry)
            } else {
                groups.append((listQuery, [entry]))
            }
        }
        var effects: [ContactListEffect] = []
        for group in groups {
            let sends = undelete(
                UndoableDelete(
                    entries: group.entries.map { .init(key: $0.key, record: $0.original) }, query: group.query))
            // Not sent (read-only): they stay queued.
            guard !sends.isEmpty else { continue }
            effects += changes.takeJournal()
            for entry in group.entries {
                effects += forgettingQueued(entry.key)
                if run.readsRecycleBin { removeRow(id: entry.original.id) }
            }
            offline.remove(Set(group.entries.map(\.key)))
            effects += sends
        }
        clampSelection()
        return effects
    }

    /// Once every change a sync up sent has settled (and no delete check is awaited), the list is
    /// read again from the org, so that it shows what the org made of them.
    mutating func refreshWhenSynced() -> [ContactListEffect] {
        guard offline.refreshesWhenSettled, offline.pendingChecks == 0, changes.isEmpty, !offline.isOffline else {
            return []
        }
        offline.refreshesWhenSettled = false
        if let synced = syncAgain(status: notices.statusMessage) { return synced }
        return runQueryAgain(merging: false, status: notices.statusMessage)
    }

    /// A queued create's POST, as `c` sends it online: the body stored when it was queued (an
    /// outbox entry without one, from an older version, is built from the typed values), its
    /// placeholder row stays and becomes the record when the org answers.
    private mutating func sendQueuedCreate(
        _ placeholder: ContactRecord, typed: [String: String], body: [String: JSONValue]
    )
        -> [ContactListEffect]
    {
        let form = CreateForm(
            objectType: placeholder.objectType, typed: typed, kinds: objectFields[placeholder.objectType])
        let request = requests.requestForCreate(
            withObjectType: placeholder.objectType, fields: body.isEmpty ? createBody(of: form) : body,
            apiVersion: nil)
        changes.recordCreate(
            PendingCreate(form: form, placeholder: placeholder, sentAt: notices.now()), key: request.id)
        inFlight[request.id] = .create
        if !rows.contains(placeholder.id), placeholder.objectType == run.searchedObject {
            insertRow(placeholder, at: 0)
        }
        return changes.takeJournal() + [.send(request)]
    }

    // MARK: - A delete's conflict

    /// What the org holds of a record whose delete was queued, against the replica's copy.
    private func deleteConflict(_ entry: QueuedChange, json: JSONValue) -> DeleteConflict {
        let theirs = ContactRecord(json: json, columns: run.columns)
        var changed: [String] = []
        for (index, column) in run.columns.enumerated() {
            let mine = entry.original.value(at: index)
            let org = theirs?.value(at: index) ?? ""
            if mine != org { changed.append("\(column.title): \"\(mine)\" → \"\(org)\"") }
        }
        return DeleteConflict(
            key: entry.key, record: entry.original,
            changedBy: ContactRecord.text(at: ["LastModifiedBy", "Name"], in: json),
            changedAt: json["LastModifiedDate"]?.stringValue ?? "", changes: changed)
    }

    /// Enter on a delete's conflict: the org's copy stays, the queued delete goes.
    mutating func keepOrgCopy(_ conflict: DeleteConflict) -> [ContactListEffect] {
        guard offline.entry(key: conflict.key) != nil else { return [] }
        notices.statusMessage = "\(label(of: conflict.record)) stays as the org has it; the queued delete is dropped."
        return forgetQueued(conflict.key)
    }

    /// `o` on a delete's conflict: the delete goes after all, conditioned on the org's new
    /// `LastModifiedDate` (read again first, so that a third change meanwhile is caught again).
    mutating func deleteAfterAll(_ conflict: DeleteConflict) -> [ContactListEffect] {
        guard let entry = offline.entry(key: conflict.key) else { return [] }
        let record = entry.original.lastModified(conflict.changedAt)
        offline.setOriginal(record, of: conflict.key)
        offline.setConflict(nil, of: conflict.key)
        // The choice is written down at once, so that a restart before the org answers keeps it.
        let saved = journaledQueued(conflict.key)
        guard !offline.isOffline, let queued = offline.entry(key: conflict.key) else {
            return saved
        }
        notices.statusMessage = "Deleting \(label(of: record)) after all…"
        return saved + checkDeletes([queued])
    }

    /// The outbox's copy of the queued change `key` as it stands now (its state, its condition),
    /// when changes are journalled.
    private func journaledQueued(_ key: RestRequestID) -> [ContactListEffect] {
        guard journalsChanges, let entry = offline.entry(key: key) else { return [] }
        return [.recordChange(entry.durable(query: query))]
    }
}
