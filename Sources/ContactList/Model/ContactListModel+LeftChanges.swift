import RestCore
import SOQL

extension ContactListModel {
    /// Takes up the changes a process that is gone left in the durable outbox (a crash, `kill -9`,
    /// power lost mid-delete), before anything else is sent. A delete is never sent again: its row
    /// stays hidden while the record is read back, as a delete whose answer was lost is, and the
    /// read settles it (gone: deleted; found: the row comes back), and when the last is read one
    /// alert says what became of them. An edit is not sent
    /// again either: the list shows the org's value, and the status says so. A create is looked
    /// for (a record of this user since it was sent, with its typed names), as one that got no
    /// answer is; an undelete is read back with `queryAll`, as `U`'s no-answer path does. Returns
    /// the outbox's new entries and the reads.
    public mutating func resumeLeftChanges(_ left: [DurableChange]) -> [ContactListEffect] {
        var reads: [ContactListEffect] = []
        var deletes = 0
        var edits = 0
        var undeletes: [String: [RestRequestID]] = [:]
        for change in left {
            switch change.kind {
            case .delete:
                let record = change.record
                guard record.isRecord, !changes.pendingDeleteIDs.contains(record.id),
                    !changes.confirmedDeletedIDs.contains(record.id)
                else { continue }
                let key = RestRequestID()
                changes.recordDelete(DeletedItemInfo(record: record, row: 0, query: change.query), key: key)
                removeRow(id: record.id)
                changes.leftDeletes.pending += 1
                deletes += 1
                changes.unknownOutcomes.insert(key)
                changes.since[key] = change.sentAt
                // The whole record: a row put back shows the org's values, not the dead process's.
                reads += readBack(record, fields: nil, for: .reconcileLeftDelete(deleteID: key), status: "")
            case .update:
                edits += 1
            case .create:
                reads += resumeLeftCreate(change)
            case .undelete:
                let record = change.record
                guard record.isRecord, !changes.pendingUndeleteIDs.contains(record.id) else { continue }
                let key = RestRequestID()
                changes.recordUndelete(UndeletedItem(record: record, query: change.query), key: key)
                changes.since[key] = change.sentAt
                showRestored(record, query: change.query)
                undeletes[record.objectType, default: []].append(key)
            }
        }
        for objectType in undeletes.keys.sorted() {
            for chunk in RestClient.collectionChunks(of: undeletes[objectType] ?? []) {
                reads += reconcileUndelete(entries: Array(chunk))
            }
        }
        clampSelection()
        changes.stampNew(at: notices.now())
        if !reads.isEmpty || edits > 0 {
            var parts: [String] = []
            // Only the kinds left, each counted in words: "1 delete being checked, 2 edits left…".
            func add(_ count: Int, _ noun: String, _ state: String) {
                if count > 0 { parts.append("\(count) \(noun)\(count == 1 ? "" : "s") \(state)") }
            }
            add(deletes, "delete", "being checked")
            add(changes.creates.values.filter(\.isLeftByGoneProcess).count, "create", "being checked")
            add(undeletes.values.joined().count, "undelete", "being checked")
            add(edits, "edit", "left as the org has them")
            notices.statusMessage = "From the last session: " + parts.joined(separator: ", ")
        }
        return changes.takeJournal() + reads
    }

    /// A create a gone process sent: its row shows (pending) while the org is asked for it, and
    /// the answer settles it as a create without an answer does, never sending it again.
    private mutating func resumeLeftCreate(_ change: DurableChange) -> [ContactListEffect] {
        guard !change.typed.isEmpty, ObjectName.isValid(change.record.objectType) else { return [] }
        let form = CreateForm(objectType: change.record.objectType, typed: change.typed)
        let placeholder = newPlaceholder(showing: change.record)
        var create = PendingCreate(form: form, placeholder: placeholder, sentAt: change.sentAt ?? notices.now())
        create.isLeftByGoneProcess = true
        let key = RestRequestID()
        changes.recordCreate(create, key: key)
        changes.since[key] = change.sentAt
        if change.record.objectType == run.searchedObject { insertRow(placeholder, at: 0) }
        // The describe, asked first, lets a form given back type each field as `c`'s does.
        var effects: [ContactListEffect] = []
        let objectType = change.record.objectType
        if objectFields[objectType] == nil, !inFlight.values.contains(.describe(objectType: objectType)) {
            let request = requests.requestForDescribe(withObjectType: objectType, apiVersion: nil)
            inFlight[request.id] = .describe(objectType: objectType)
            effects.append(.send(request))
        }
        return effects + reconcileCreate(key, create: create)
    }

    /// The form of a left create that `c` gives back: `c`'s own form of the object with the typed
    /// values, when its describe is at hand and lists every typed field; else each typed field as
    /// text, so that nothing typed is lost.
    private func formGivenBack(_ form: CreateForm) -> CreateForm {
        guard let fields = objectFields[form.objectType] else { return form }
        var rebuilt = fields.createForm(objectType: form.objectType, columns: run.columns)
        let typed = form.typedValues
        for index in rebuilt.entries.indices {
            guard let value = typed[rebuilt.entries[index].field] else { continue }
            rebuilt.entries[index].text = TextField(value)
        }
        let known = Set(rebuilt.entries.map(\.field))
        guard typed.keys.allSatisfy(known.contains) else { return form }
        rebuilt.showsMore =
            rebuilt.showsMore || rebuilt.entries[rebuilt.primaryCount...].contains { !$0.text.text.isEmpty }
        return rebuilt
    }

    /// A create a gone process sent that the org does not have: one alert names it and its typed
    /// values, and `c` gives the form back with them.
    mutating func tellLeftCreateNotMade(_ create: PendingCreate) {
        if modes.refusedCreateForm == nil { modes.refusedCreateForm = formGivenBack(create.form) }
        let values = create.form.typedValues.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }
        notices.alerts.append(
            Alert(
                title: "From the last session",
                message: "The create of \(label(of: create.placeholder)) did not reach the org ("
                    + values.joined(separator: ", ") + "). Press c for the form with these values."))
        notices.statusMessage = ""
    }

    /// Settles a left delete by the read of its record: gone means the delete was done (the org's
    /// count already left it out), found or unreadable puts the row back. The last one's read shows
    /// one alert for all of them.
    mutating func settleLeftDelete(_ key: RestRequestID, readBack result: Result<RestResponse, RestClientError>) {
        guard deleteRequests[key] != nil else { return }
        switch result {
        case .failure(let error) where error.httpStatus == 404:
            if let info = changes.forgetDelete(key) {
                changes.confirmDeleted(info.record.id)
                viewport.marks[info.record.id] = nil
            }
            changes.leftDeletes.deleted += 1
        case .success(let response):
            if let read = try? response.decode(JSONValue.self) { takeOwnFields(of: read, into: key) }
            reinstate(key, alert: nil)
            changes.leftDeletes.putBack += 1
        case .failure:
            reinstate(key, alert: nil)
            changes.leftDeletes.unknown += 1
        }
        countLeftDeleteRead()
    }

    /// A left delete's read that got no answer (`deferOutcomeRead`): the delete stays pending, its
    /// outcome unknown, counted as such in the round's alert; the read goes again later, in a
    /// round of its own (`resendOutcomeReads`).
    mutating func leaveLeftDeleteUnread() {
        changes.leftDeletes.unread += 1
        countLeftDeleteRead()
    }

    /// One read of the round is in; the last one ends the round.
    private mutating func countLeftDeleteRead() {
        changes.leftDeletes.pending -= 1
        if changes.leftDeletes.pending == 0 { endLeftDeleteRound() }
    }

    /// The round's last read is in: one alert says what became of them all.
    private mutating func endLeftDeleteRound() {
        notices.alerts.append(changes.leftDeletes.alert)
        notices.statusMessage = ""
        changes.leftDeletes = LeftDeleteTally()
    }
}

extension ContactListModel {
    /// Gives a left delete's copy of its record the values `read` holds of the record's own fields
    /// (the columns of one key): the dead process's row may show an edit that the org never made.
    /// A relationship's column (`Account.Name`), which a read of the record does not hold, keeps
    /// the row's text.
    private mutating func takeOwnFields(of read: JSONValue, into key: RestRequestID) {
        guard let record = deleteRequests[key]?.record else { return }
        var values = record.values
        for (index, column) in run.columns.enumerated() where index < values.count && column.path.count == 1 {
            guard FieldLookup.value(at: column.path, in: read, fields: \.objectValue) != nil else { continue }
            values[index] = ContactRecord.text(at: column.path, in: read)
        }
        // An edit still queued (offline) shows on the row, as on every row read from the org.
        let shown = withPendingUpdates(record.replacingValues(values), pendingValuesByRecord)
        if shown != record { changes.replaceDeletedRecord(key, with: shown) }
    }
}

/// What the reads of the deletes left by a dead process found: each was done, not done (its row
/// put back), refused (put back too, for `r` to show the org's list), or got no answer (still
/// pending, read again at `r`).
struct LeftDeleteTally: Hashable, Sendable {
    var pending = 0
    var deleted = 0
    var putBack = 0
    var unknown = 0
    var unread = 0

    /// `From the last session: 3 deleted, 1 not deleted — put back`.
    var alert: Alert {
        var parts: [String] = []
        if deleted > 0 { parts.append("\(deleted) deleted") }
        if putBack > 0 { parts.append("\(putBack) not deleted — put back") }
        if unknown > 0 { parts.append("\(unknown) unknown — put back; r shows the org's list") }
        if unread > 0 { parts.append("\(unread) unknown, no answer — still pending; r reads again") }
        return Alert(title: "From the last session", message: parts.joined(separator: ", "))
    }
}
