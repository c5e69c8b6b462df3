import Foundation
import RestCore

extension ContactListModel {
    // MARK: - Going offline, and back

    /// `--offline`: the list opens from the replica's rows and nothing at all is sent, not even a
    /// probe; changes queue in the outbox and sync at the next start without it.
    public mutating func startOffline() {
        offline.isOffline = true
        offline.sendsNothing = true
    }

    /// The list stays on the replica's rows (if it holds them), the header says `offline`, and
    /// changes queue from now on; a probe looks for the org again unless `--offline`.
    mutating func goOffline() -> [ContactListEffect] {
        offline.isOffline = true
        switch run.cachedRowsStatus {
        case .cached(let age): run.cachedRowsStatus = .offline(cachedAge: age)
        case .offline: break
        case .none, .synced, .replicating: run.cachedRowsStatus = .offline(cachedAge: nil)
        }
        notices.statusMessage = offlineStatus
        return scheduleProbe()
    }

    /// The status line while offline: why the list is what it is, and what changes do.
    var offlineStatus: String {
        if dataRows.isEmpty, offline.entries.isEmpty {
            return "Offline: this machine keeps no rows of this list; open it once while the org answers."
        }
        if !journalsChanges { return "Offline, and changes cannot be kept on disk: d, e and c are off." }
        if offline.sendsNothing {
            return "Offline (--offline): changes queue in the outbox and sync at the next start without it."
        }
        return "Offline: changes queue until the org answers; r tries now."
    }

    /// The next probe (`GET /services/data/`), after a wait that doubles up to a minute.
    mutating func scheduleProbe() -> [ContactListEffect] {
        guard offline.isOffline, !offline.sendsNothing, offline.probeID == nil else { return [] }
        return [.sendAfter(newProbe(), delay: offline.nextProbeDelay())]
    }

    /// A probe's request, the one awaited from now on.
    private mutating func newProbe() -> RestRequest {
        let request = requests.requestForVersions()
        offline.probeID = request.id
        inFlight[request.id] = .probe
        return request
    }

    /// `r` while offline: asks the org at once (a waiting probe is cancelled first).
    mutating func probeNow() -> [ContactListEffect] {
        guard !offline.sendsNothing else {
            notices.statusMessage =
                "Offline (--offline): nothing is sent; start without --offline to sync \(queuedCount)."
            return []
        }
        var effects: [ContactListEffect] = []
        if let waiting = offline.probeID {
            inFlight[waiting] = nil
            effects.append(.cancel(waiting))
        }
        notices.statusMessage = "Offline: asking the org…"
        return effects + [.send(newProbe())]
    }

    /// A probe's answer: the org is back (the queue syncs up) unless it still cannot be reached
    /// (`RestClientError.meansNoAnswer`: no answer came), which waits longer before
    /// the next.
    mutating func settleProbe(
        _ result: Result<RestResponse, RestClientError>, requestID: RestRequestID
    )
        -> [ContactListEffect]
    {
        guard offline.probeID == requestID else { return [] }
        offline.probeID = nil
        if case .failure(let error) = result, error.meansNoAnswer {
            notices.statusMessage = offlineStatus
            return scheduleProbe()
        }
        return comeOnline()
    }

    /// The org answers again: the stand-in fields go (the describe is read again when needed),
    /// the queue syncs up, and the list is read again from the org.
    mutating func comeOnline() -> [ContactListEffect] {
        offline.isOffline = false
        offline.probeDelay = OfflineState.firstProbeDelay
        for objectType in offline.standInFields { objectFields[objectType] = nil }
        offline.standInFields = []
        if case .offline(let age) = run.cachedRowsStatus {
            run.cachedRowsStatus = .cached(age: age ?? CachedRowsStatus.age(seconds: 0))
        }
        notices.statusMessage = "The org answers again."
        // The reads of outcomes that waited for the org go first.
        let reads = resendOutcomeReads()
        let synced = syncUp()
        guard synced.isEmpty else { return reads + synced }
        // A whole list shown from the replica syncs by what changed, as at start.
        if run.sync != nil { return reads + beginSync() }
        return reads + (syncAgain(status: notices.statusMessage) ?? refresh())
    }

    /// "3 queued changes": the count in words.
    var queuedCount: String {
        let count = offline.entries.count
        return "\(count) queued change\(count == 1 ? "" : "s")"
    }

    // MARK: - Fields without the describe

    /// Offline, `e` and `c` cannot read the object's describe: its fields are taken from the
    /// list's columns instead, as text (the Name of a Contact or Lead as FirstName and LastName,
    /// for `c`). The describe replaces them once the org answers.
    mutating func provideStandInFields(for objectType: String) {
        guard offline.isOffline, objectFields[objectType] == nil else { return }
        var fields: [JSONValue] = []
        var named = Set<String>()
        func add(_ name: String, updateable: Bool, createable: Bool, nillable: Bool = true) {
            guard named.insert(name.lowercased()).inserted else { return }
            fields.append(
                .object([
                    "name": .string(name), "label": .string(name), "type": .string("string"),
                    "updateable": .bool(updateable), "createable": .bool(createable), "nillable": .bool(nillable),
                ]))
        }
        let personName = ["contact", "lead"].contains(objectType.lowercased())
        for column in run.columns where column.path.count == 1 {
            let field = column.field
            switch field.lowercased() {
            case "id", "lastmodifieddate", "createddate", "systemmodstamp":
                continue
            case "name" where personName:
                add("FirstName", updateable: true, createable: true)
                add("LastName", updateable: true, createable: true, nillable: false)
                add(field, updateable: false, createable: false)
            default:
                add(field, updateable: true, createable: true)
            }
        }
        objectFields[objectType] = ObjectFields(json: .object(["fields": .array(fields)]))
        offline.standInFields.insert(objectType)
    }

    // MARK: - Queueing

    /// Why changes cannot queue now, in one sentence; nil when they can.
    var refusalOfQueueing: String? {
        journalsChanges ? nil : "Offline, and changes cannot be kept on disk: d, e and c are off."
    }

    /// Why a record's change is refused while one of it is queued; nil when none is.
    func refusalOfQueued(_ record: ContactRecord) -> String? {
        guard let entry = offline.entry(forRecord: record.id) else { return nil }
        switch entry.kind {
        case .delete: return "\(label(of: record))'s delete is queued; x takes it back."
        case .create: return "\(label(of: record)) is a queued new record; x discards it."
        case .undelete: return "\(label(of: record))'s restore is queued; x takes it back."
        case .update: return nil
        }
    }

    /// `d` offline: the rows stay, marked ✖, and each delete is queued in the outbox.
    mutating func queueDeletes(_ records: [ContactRecord]) -> [ContactListEffect] {
        if let refusal = refusalOfQueueing {
            notices.statusMessage = refusal
            return []
        }
        var effects: [ContactListEffect] = []
        var queued: [ContactRecord] = []
        // Made once: a bulk delete may queue thousands.
        var alreadyQueued = offline.queuedDeleteIDs
        for record in records where alreadyQueued.insert(record.id).inserted {
            // The delete replaces the record's queued edits; the org's copy is what they started from.
            let edits = offline.entries(ofRecord: record.id)
            let original = edits.first?.original ?? record
            for edit in edits { effects += forgetQueued(edit.key) }
            effects += enqueue(
                QueuedChange(
                    key: RestRequestID(), kind: .delete, original: original, state: .queued,
                    since: notices.now()))
            viewport.marks[record.id] = nil
            queued.append(record)
        }
        guard let first = queued.first else { return effects }
        notices.statusMessage =
            queuedStatus("delete", count: queued.count, first: first) + Self.offlineTail(count: queued.count)
        return effects
    }

    /// `e` offline: the row shows the value at once, marked ✎, and the edit is queued. A second
    /// edit of the same field replaces the first.
    mutating func queueUpdate(
        of record: ContactRecord, field: String, value: String, original: String
    )
        -> [ContactListEffect]
    {
        if let refusal = refusalOfQueueing {
            notices.statusMessage = refusal
            return []
        }
        let effects = enqueueEdit(
            key: RestRequestID(), field: field, value: value, orgCopy: currentCopy(of: record), since: notices.now())
        notices.statusMessage = "Queued \(field) of \(label(of: record)) (offline: sent when the org answers)"
        return effects
    }

    /// Queues an edit under `key` and shows its value on the row. Its original is the org's copy
    /// the record's queued changes started from (else `orgCopy`); an earlier queued edit of the
    /// same field goes.
    mutating func enqueueEdit(
        key: RestRequestID, field: String, value: String, orgCopy: ContactRecord, since: Date
    ) -> [ContactListEffect] {
        let original = offline.entries(ofRecord: orgCopy.id).first?.original ?? orgCopy
        var effects = forgetQueuedEdits(of: orgCopy.id, field: field)
        effects += enqueue(
            QueuedChange(
                key: key, kind: .update(field: field, value: value), original: original, state: .queued, since: since))
        show(value, for: FieldKey(recordID: orgCopy.id, field: field))
        return effects
    }

    /// `c` offline: the new row shows at once on top, marked ✚, and the create is queued.
    mutating func queueCreate(_ form: CreateForm, values: [String: String]) -> [ContactListEffect] {
        if let refusal = refusalOfQueueing {
            notices.statusMessage = refusal
            return []
        }
        let placeholder = newPlaceholder(objectType: form.objectType, values: values)
        modes.modal = nil
        insertRow(placeholder, at: 0)
        clampSelection()
        notices.statusMessage = "Queued the new \(label(of: placeholder)) (offline: created when the org answers)"
        return enqueue(
            QueuedChange(
                key: RestRequestID(), kind: .create(typed: values, body: createBody(of: form)), original: placeholder,
                state: .queued,
                since: notices.now()))
    }

    /// `U` offline: the records show again at once, marked ↺, and each undelete is queued in the
    /// outbox, sent when the org answers (`syncUp`). In the Recycle Bin's view the rows stay, marked.
    mutating func queueUndeletes(_ group: UndoableDelete) -> [ContactListEffect] {
        if let refusal = refusalOfQueueing {
            notices.statusMessage = refusal
            // `U` took it from the history: it stays there for a later `U`.
            changes.undoHistory.append(group)
            return []
        }
        var undeletes: [QueuedUndelete] = []
        for entry in group.entries where offline.entry(forRecord: entry.record.id) == nil {
            changes.restoreConfirmedDelete(entry.record.id)
            showRestored(entry.record, query: group.query)
            undeletes.append((RestRequestID(), UndeletedItem(record: entry.record, query: group.query), notices.now()))
        }
        let (effects, status) = enqueueUndeletes(undeletes)
        guard let status else { return effects }
        notices.statusMessage = status + Self.offlineTail(count: undeletes.count)
        return effects
    }

    /// An undelete to queue: under which key, of what, since when.
    typealias QueuedUndelete = (key: RestRequestID, item: UndeletedItem, since: Date)

    /// Queues `undeletes` in the outbox, each with the org's copy of its record; their rows are
    /// the caller's. The status line's start for them ("Queued the restore of …"), nil for none.
    mutating func enqueueUndeletes(_ undeletes: [QueuedUndelete]) -> (effects: [ContactListEffect], status: String?) {
        var effects: [ContactListEffect] = []
        for (key, item, since) in undeletes {
            effects += enqueue(
                QueuedChange(
                    key: key, kind: .undelete(query: item.query), original: withOrgValues(item.record),
                    state: .queued, since: since))
        }
        clampSelection()
        guard let first = undeletes.first else { return (effects, nil) }
        return (effects, queuedStatus("restore", count: undeletes.count, first: first.item.record))
    }

    /// "Queued the delete of Ann Lee", or "Queued 3 contacts to delete": how a status line starts
    /// for `count` queued changes `verb` ("delete", "restore"), `first` the first of them.
    func queuedStatus(_ verb: String, count: Int, first: ContactRecord) -> String {
        count == 1 ? "Queued the \(verb) of \(label(of: first))" : "Queued \(noun.count(count)) to \(verb)"
    }

    /// What `x` does to `count` queued changes: one row's at a time.
    static func discardHint(count: Int) -> String { count == 1 ? "x takes it back" : "x takes one back" }

    /// How a status line ends for `count` changes queued while offline.
    static func offlineTail(count: Int) -> String {
        " (offline: sent when the org answers; \(discardHint(count: count)))"
    }

    /// `x` on a queued undelete: the record is deleted as the org has it, its row leaves, and `U`
    /// can take it back again. In the Recycle Bin's view the row stays, a row of the bin.
    private mutating func discardQueuedUndelete(_ record: ContactRecord, query listQuery: String?) {
        guard !run.readsRecycleBin else { return }
        changes.confirmDeleted(record.id)
        changes.rememberForUndo([(RestRequestID(), record)], query: listQuery)
        removeRow(id: record.id)
    }

    /// Adds a queued change, and its outbox entry (which replaces the entry of the same key: a
    /// change whose request never reached the org keeps its key).
    mutating func enqueue(_ change: QueuedChange) -> [ContactListEffect] {
        offline.append(change)
        return journalsChanges ? [.recordChange(change.durable(query: query))] : []
    }

    /// Removes a queued change, and its outbox entry.
    mutating func forgetQueued(_ key: RestRequestID) -> [ContactListEffect] {
        guard offline.remove(key) != nil else { return [] }
        return forgettingQueued(key)
    }

    /// The outbox effect that forgets the queued change of `key`, whose entry the caller takes off
    /// the queue itself: a sync up takes all it settles off at once (`OfflineState.remove(_:)`).
    func forgettingQueued(_ key: RestRequestID) -> [ContactListEffect] {
        journalsChanges ? [.forgetChange(key)] : []
    }

    // MARK: - x: discarding

    /// `x`: discards the selected row's queued changes and shows the row as the replica holds the
    /// org's copy (a queued new record leaves the list).
    mutating func discardSelectedQueued() -> [ContactListEffect] {
        guard let record = selectedRecord, offline.entry(forRecord: record.id) != nil else {
            notices.statusMessage = "x discards a queued change: this row has none."
            return []
        }
        let entries = offline.entries(ofRecord: record.id)
        var effects: [ContactListEffect] = []
        for entry in entries { effects += forgetQueued(entry.key) }
        switch entries[0].kind {
        case .create:
            removeRow(id: record.id)
        case .undelete(let listQuery):
            discardQueuedUndelete(entries[0].original, query: listQuery)
        case .delete, .update:
            if let index = dataRows.firstIndex(where: { $0.id == record.id }) {
                rows.replace(at: index, with: entries[0].original)
            }
        }
        clampSelection()
        notices.statusMessage =
            "Discarded \(entries.count == 1 ? "the queued change" : "\(entries.count) queued changes") of \(label(of: record))"
        return effects
    }

    // MARK: - At start

    /// Takes up the changes queued by an earlier session (in the outbox, never sent): each is
    /// queued again under a key of this process and shown on its row; nothing is sent now. They
    /// sync up when the org answers.
    public mutating func resumeQueuedChanges(_ left: [DurableChange]) -> [ContactListEffect] {
        var effects: [ContactListEffect] = []
        for change in left where change.state != .sent {
            let kind: QueuedChange.Kind
            var original = change.record
            switch change.kind {
            case .delete: kind = .delete
            case .update:
                guard let field = change.field, let value = change.value else { continue }
                kind = .update(field: field, value: value)
            case .create:
                guard !change.typed.isEmpty else { continue }
                original = newPlaceholder(showing: change.record)
                kind = .create(typed: change.typed, body: change.body)
            case .undelete: kind = .undelete(query: change.query)
            }
            // A change in conflict stays one, and asks again; without what the org held (an older
            // entry) it is queued, and its check (or 412) finds the conflict again. Never sent unasked.
            let orgChange = change.state == .conflict ? change.orgChange : nil
            let queued = QueuedChange(
                key: RestRequestID(), kind: kind, original: original, state: orgChange == nil ? .queued : .conflict,
                since: change.sentAt ?? notices.now(), orgChange: orgChange)
            effects += enqueue(queued)
            if let orgChange { askAgain(queued, orgChange: orgChange) }
        }
        showQueuedChanges()
        if !offline.entries.isEmpty { notices.statusMessage = "From the last session: \(queuedCount), not sent yet" }
        return effects
    }

    /// The alert of a change taken up in conflict: a delete's, or an edit's with both values.
    private mutating func askAgain(_ change: QueuedChange, orgChange: OrgChange) {
        switch change.kind {
        case .delete:
            notices.alerts.append(.deleteChangedMeanwhile(DeleteConflict(change, orgChange: orgChange)))
        case .update(let field, let value):
            let conflict = FieldConflict(change, field: field, yours: value, orgChange: orgChange)
            notices.alerts.append(.changedMeanwhile(conflict, name: label(of: change.original)))
        case .create, .undelete:
            break
        }
    }

    /// Forgets the queued edits of `field` of the record with `id`: a later edit of it replaces them.
    private mutating func forgetQueuedEdits(of id: String, field: String) -> [ContactListEffect] {
        offline.entries(ofRecord: id).filter { $0.kind.field == field }.flatMap { forgetQueued($0.key) }
    }

    /// An edit's 412 with a durable outbox: the conflict waits in the outbox as a queued change in
    /// conflict (the row keeps the org's value, the org's copy its original), so that a restart
    /// asks again; the alert's Enter forgets it, `o` sends the value instead. An earlier queued
    /// edit of the field goes.
    mutating func keepEditConflict(_ conflict: inout FieldConflict) -> [ContactListEffect] {
        guard journalsChanges else { return [] }
        let effects = forgetQueuedEdits(of: conflict.record.id, field: conflict.field)
        let change = QueuedChange(
            key: RestRequestID(), kind: .update(field: conflict.field, value: conflict.yours),
            original: currentCopy(of: conflict.record).lastModified(conflict.changedAt), state: .conflict,
            since: notices.now(), orgChange: conflict.orgChange)
        conflict.queuedKey = change.key
        return effects + enqueue(change)
    }

    /// Shows the queued changes on the rows: edits' values, and new records on top.
    mutating func showQueuedChanges() {
        for entry in offline.entries {
            switch entry.kind {
            case .update(let field, let value) where entry.state != .conflict:
                show(value, for: FieldKey(recordID: entry.original.id, field: field))
            case .update:
                break
            case .create:
                if !rows.contains(entry.original.id), entry.original.objectType == run.searchedObject {
                    insertRow(entry.original, at: 0)
                }
            case .undelete(let query):
                showRestored(entry.original, query: query)
            case .delete: break
            }
        }
        clampSelection()
    }

    /// The queued edits' values by record and field, which a page read from the replica or the
    /// org shows in place of the copy's.
    var queuedValuesByRecord: [String: [String: String]] {
        var byRecord: [String: [String: String]] = [:]
        // An edit in conflict is not shown: the row shows the org's value until the user decides.
        for entry in offline.entries where entry.state != .conflict {
            if case .update(let field, let value) = entry.kind {
                byRecord[entry.original.id, default: [:]][field] = value
            }
        }
        return byRecord
    }
}

extension QueuedChange.Kind {
    /// An update's field; nil for the other kinds.
    var field: String? {
        if case .update(let field, _) = self { return field }
        return nil
    }
}

extension QueuedChange {
    /// The outbox's copy: the org's copy as the replica held it (with its `LastModifiedDate`, the
    /// change's condition), and what the change does.
    func durable(query: String) -> DurableChange {
        let state: DurableChange.State = self.state == .conflict ? .conflict : .queued
        switch kind {
        case .delete:
            return DurableChange(
                requestID: key, kind: .delete, record: original, query: query, sentAt: since, state: state,
                orgChange: state == .conflict ? orgChange : nil)
        case .update(let field, let value):
            return DurableChange(
                requestID: key, kind: .update, record: original, query: query, field: field, value: value,
                sentAt: since, state: state, orgChange: state == .conflict ? orgChange : nil)
        case .create(let typed, let body):
            return DurableChange(
                requestID: key, kind: .create, record: original, query: nil, typed: typed, body: body, sentAt: since,
                state: state)
        case .undelete(let listQuery):
            return DurableChange(
                requestID: key, kind: .undelete, record: original, query: listQuery, sentAt: since, state: state)
        }
    }
}
