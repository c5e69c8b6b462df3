import RestCore
import SOQL

extension ContactListModel {
    // MARK: - Opening the editor

    /// `e`: edits the field under the column cursor of the selected row, or in the detail view the
    /// field on the selected line. The target is taken now, from what the screen shows; when the
    /// object's describe is not at hand yet, it is fetched and the wait holds the keys until the
    /// editor opens on that same target.
    mutating func beginEdit() -> [ContactListEffect] {
        if run.readsRecycleBin {
            notices.statusMessage = Self.recycleBinRefusal
            return []
        }
        guard let target = editTarget() else { return [] }
        if let refusal = refusalOfChange(to: target.record) {
            notices.statusMessage = refusal
            return []
        }
        let objectType = target.record.objectType
        provideStandInFields(for: objectType)
        guard objectFields[objectType] != nil else {
            modes.modal = .awaitingDescribe(target)
            notices.statusMessage = "Reading the fields of \(objectType)… (Esc cancels)"
            guard !inFlight.values.contains(.describe(objectType: objectType)) else { return [] }
            let request = requests.requestForDescribe(withObjectType: objectType, apiVersion: nil)
            inFlight[request.id] = .describe(objectType: objectType)
            return [.send(request)]
        }
        openEditor(on: target)
        return []
    }

    /// Opens the editor on `target` with the value shown now, or says why the field cannot be edited.
    private mutating func openEditor(on target: EditTarget) {
        let record = target.record
        guard let fields = objectFields[record.objectType] else { return }
        if let reason = fields.whyNotEditable(target.path, objectType: record.objectType) {
            notices.statusMessage = reason
            return
        }
        let name = fields.field(named: target.path)?.name ?? target.path
        let shown = shownValue(of: name, in: currentCopy(of: record), inDetail: target.inDetail)
        modes.modal = .editor(
            FieldEditor(
                record: record, field: name, original: shown, text: TextField(shown), inDetail: target.inDetail,
                kind: fields.field(named: name)?.kind ?? .text)
        )
        notices.statusMessage =
            "Editing \(name): Enter saves, Esc cancels" + (fields.field(named: name)?.kind.typingHint ?? "")
    }

    /// The record `e` acts on and its field path, from what the screen shows; nil when there is none.
    private func editTarget() -> EditTarget? {
        switch modes.mode {
        case .list:
            guard let record = selectedRecord, let column = cursorColumn else { return nil }
            return EditTarget(record: record, path: column.field, inDetail: false)
        case .detail(let detail):
            guard case .fields(let lines) = detail.content, lines.indices.contains(detail.selectedLine) else {
                return nil
            }
            return EditTarget(record: detail.record, path: lines[detail.selectedLine].name, inDetail: true)
        case .help:
            return nil
        }
    }

    /// The loaded row of a record as it is now (an edit may have changed it), else the copy given.
    func currentCopy(of record: ContactRecord) -> ContactRecord {
        guard rows.contains(record.id) else { return record }
        return dataRows.first { $0.id == record.id } ?? record
    }

    /// The text shown now for `field` of `record`: its detail line, or its column.
    private func shownValue(of field: String, in record: ContactRecord, inDetail: Bool) -> String {
        if inDetail, case .detail(let detail) = modes.mode, case .fields(let lines) = detail.content {
            return lines.first { FieldLookup.keyMatches($0.name, field) }?.value ?? ""
        }
        return run.columns.indices.first { run.columns[$0].matchesField(field) }.map { record.value(at: $0) } ?? ""
    }

    /// Applies an object's describe, then opens the editor on the target the waiting `e` took,
    /// only while that wait is still on screen.
    mutating func applyDescribe(_ result: Result<RestResponse, RestClientError>, objectType: String) {
        let waiting = awaitedEdit.flatMap { $0.record.objectType == objectType ? $0 : nil }
        if waiting != nil { modes.modal = nil }
        do {
            objectFields[objectType] = ObjectFields(json: try result.get().decode(JSONValue.self))
        } catch {
            notices.statusMessage = "Could not read the fields of \(objectType): \(error.description)"
            return
        }
        notices.statusMessage = ""
        guard let waiting else { return }
        if let refusal = refusalOfAnyChange() {
            notices.statusMessage = refusal
            return
        }
        openEditor(on: waiting)
    }

    /// Keys while `e` waits for the describe: Esc cancels the edit, every other key is dropped and
    /// the status line says so.
    mutating func handleAwaitingDescribe(key: Key) -> [ContactListEffect] {
        guard let target = awaitedEdit else { return [] }
        keyWhileReadingFields(key, of: target.record.objectType, cancelled: "Edit cancelled")
        return []
    }

    /// A key while `e` or `c` waits for a describe: Esc closes the wait (saying `cancelled`),
    /// every other key is dropped and the status line says so.
    mutating func keyWhileReadingFields(_ key: Key, of objectType: String, cancelled: String) {
        if key == .escape {
            modes.modal = nil
            notices.statusMessage = cancelled
        } else {
            notices.statusMessage = "Still reading the fields of \(objectType); that key did nothing (Esc cancels)"
        }
    }

    // MARK: - Editing keys

    /// Keys while the editor is open: the filter's editing keys, Enter saves, Esc cancels.
    mutating func handleFieldEditor(key: Key) -> [ContactListEffect] {
        guard var editor = fieldEditor else { return [] }
        switch key {
        case .enter:
            return saveEdit()
        case .escape:
            modes.modal = nil
            notices.statusMessage = "Edit cancelled"
            return []
        case .paste(let text):
            editor.text.insertPasted(text)
        case .character(let digit) where digit.isWholeNumber && !editor.choices.isEmpty:
            chooseReference(digit.wholeNumberValue ?? 0, in: &editor)
        default:
            if key == .character(" "), editor.kind.cycles {
                editor.text = TextField(editor.kind.next(after: editor.text.text))
            } else {
                editor.text.apply(key)
            }
            editor.choices = []
        }
        modes.modal = .editor(editor)
        return []
    }

    /// Enter: shows the new value at once and sends its PATCH.
    private mutating func saveEdit() -> [ContactListEffect] {
        guard let editor = fieldEditor else { return [] }
        // A value the field cannot take says why and keeps the editor open: nothing typed is lost.
        if let problem = editor.kind.problem(with: editor.text.text, field: editor.field) {
            notices.statusMessage = problem
            return []
        }
        if case .reference = editor.kind, !editor.text.text.isEmpty, !SalesforceID.isValid(editor.text.text) {
            return lookUpReference(forEditor: editor)
        }
        modes.modal = nil
        // A quit asked for while the editor was open means no new changes.
        if let refusal = refusalOfAnyChange() {
            notices.statusMessage = refusal
            return []
        }
        let value = editor.text.text
        guard value != editor.original else {
            notices.statusMessage = "\(editor.field) unchanged"
            return []
        }
        return sendUpdate(of: editor.record, field: editor.field, value: value, original: editor.original)
    }

    // MARK: - Outcomes

    /// Settles a PATCH: success confirms the value, a refusal puts the confirmed value back with
    /// an alert, and no answer reads the field back, whose value then wins.
    mutating func settleUpdate(
        _ requestID: RestRequestID, result: Result<RestResponse, RestClientError>
    )
        -> [ContactListEffect]
    {
        guard let update = updateRequests[requestID] else { return [] }
        // The record changed, or went, after the row was read: what the org holds decides.
        if case .failure(let error) = result, error.condition == .preconditionFailed {
            return readConflict(requestID, update: update)
        }
        if queuesUnsent(result) { return queueUnsentUpdate(requestID) }
        switch DeleteOutcome(result) {
        case .deleted:
            changes.confirmedFieldValues[update.key] = update.value
            finishUpdate(requestID, status: "Saved \(update.field) of \(label(of: update.record))")
            return readAfterSave(update.record, sequence: update.sequence)
        case .alreadyDeleted:
            deletedMeanwhile(requestID)
        case .refused:
            refuseUpdate(requestID, result: result)
        case .unknown:
            return readBack(
                update.record, fields: update.field + ",LastModifiedDate", for: .reconcileUpdate(updateID: requestID),
                status: "No answer; reading \(update.field) of \(label(of: update.record)) back…")
        }
        return []
    }

    /// Settles a PATCH that got no answer by the field read back: its value is the confirmed one.
    mutating func reconcileUpdate(_ updateID: RestRequestID, readBack result: Result<RestResponse, RestClientError>) {
        guard let update = updateRequests[updateID] else { return }
        do {
            let json = try result.get().decode(JSONValue.self)
            let value = ContactRecord.text(at: [update.field], in: json)
            changes.confirmedFieldValues[update.key] = value
            setLastModifiedDate(json["LastModifiedDate"]?.stringValue ?? "", of: update.record.id)
            finishUpdate(
                updateID,
                status: value == update.value
                    ? "Saved \(update.field) of \(label(of: update.record))"
                    : "\(update.field) of \(label(of: update.record)) was not changed")
        } catch {
            notices.alerts.append(Alert.updateOutcomeUnknown(field: update.field, name: label(of: update.record)))
            finishUpdate(updateID, status: "Whether \(update.field) was saved is unknown; r shows the server's value")
        }
    }

    private mutating func refuseUpdate(_ requestID: RestRequestID, result: Result<RestResponse, RestClientError>) {
        guard let update = updateRequests[requestID], case .failure(let error) = result else { return }
        notices.alerts.append(.cannotUpdate(error, field: update.field, name: label(of: update.record)))
        finishUpdate(requestID, status: "Could not update \(update.field) of \(label(of: update.record))")
    }

    /// Forgets a settled update and shows what its field should show now: the latest update of
    /// it still pending, else the confirmed value.
    mutating func finishUpdate(_ requestID: RestRequestID, status: String) {
        guard let update = changes.forgetUpdate(requestID) else { return }
        let key = update.key
        if let latest = latestPendingUpdates[key]?.value {
            show(latest, for: key)
        } else if let confirmed = changes.confirmedFieldValues.removeValue(forKey: key) {
            show(confirmed, for: key)
        }
        notices.statusMessage = status
    }

    /// The update each field with updates in flight shows: the latest one sent. The one place
    /// that decides which pending value a field shows.
    var latestPendingUpdates: [FieldKey: FieldUpdate] {
        var latest: [FieldKey: FieldUpdate] = [:]
        for update in updateRequests.values where (latest[update.key]?.sequence ?? -1) < update.sequence {
            latest[update.key] = update
        }
        return latest
    }

    /// The latest pending value of each field with an update in flight, by record id: one pass
    /// over the updates, read once per page rather than once per record.
    var pendingValuesByRecord: [String: [String: String]] {
        // A queued edit shows until it is sent; a sent one's value wins over it.
        var byRecord = queuedValuesByRecord
        for (key, update) in latestPendingUpdates { byRecord[key.recordID, default: [:]][key.field] = update.value }
        return byRecord
    }

    /// A loaded record with the values of its pending updates (`pendingValuesByRecord`), so that
    /// a page read before a PATCH landed does not show the old value meanwhile.
    func withPendingUpdates(_ record: ContactRecord, _ pending: [String: [String: String]]) -> ContactRecord {
        guard let fields = pending[record.id] else { return record }
        var values = record.values
        for (field, value) in fields {
            for index in run.columns.indices where run.columns[index].matchesField(field) { values[index] = value }
        }
        return values == record.values ? record : record.replacingValues(values)
    }

    /// `record` with the org's last known value in each field that has an edit in flight: the
    /// value it had before the first of them, or the latest one the org confirmed since. The outbox
    /// keeps this copy of a deleted row, so that a later start never puts back an edit that the
    /// org may never have made.
    func withOrgValues(_ record: ContactRecord) -> ContactRecord {
        let pending = updateRequests.values.filter { $0.record.id == record.id }
        var values = record.values
        for key in Set(pending.map(\.key)) {
            guard let first = pending.filter({ $0.key == key }).min(by: { $0.sequence < $1.sequence }) else { continue }
            for index in run.columns.indices where index < values.count && run.columns[index].matchesField(key.field) {
                values[index] = changes.confirmedFieldValues[key] ?? first.record.value(at: index)
            }
        }
        return values == record.values ? record : record.replacingValues(values)
    }

    // MARK: - Showing a value

    /// Shows `value` as the field's text everywhere the record is: its row, a pending delete's
    /// copy (so that a rollback shows it), a mark's copy and the detail view.
    mutating func show(_ value: String, for key: FieldKey) {
        let indices = run.columns.indices.filter { run.columns[$0].matchesField(key.field) }
        func replaced(_ record: ContactRecord) -> ContactRecord {
            var values = record.values
            for index in indices where index < values.count { values[index] = value }
            return record.replacingValues(values)
        }
        if !indices.isEmpty {
            if rows.contains(key.recordID), let row = dataIndex(ofID: key.recordID) {
                replaceRow(at: row, with: replaced(dataRows[row]))
            }
            for (id, info) in deleteRequests where info.record.id == key.recordID {
                changes.replaceDeletedRecord(id, with: replaced(info.record))
            }
            changes.replaceRestorableRecord(key.recordID, replaced)
            // A mark keeps its record for rows not loaded, and a bulk delete puts that copy back.
            if let marked = viewport.marks[key.recordID] { viewport.marks[key.recordID] = replaced(marked) }
        }
        if case .detail(var detail) = modes.mode, detail.record.id == key.recordID,
            case .fields(var lines) = detail.content
        {
            for index in lines.indices where FieldLookup.keyMatches(lines[index].name, key.field) {
                lines[index] = DetailState.Field(name: lines[index].name, value: value)
            }
            detail.content = .fields(lines)
            modes.mode = .detail(detail)
        }
    }

    /// Puts a changed copy of a row in its place: the row's text is folded again where it lies in
    /// the search index, and the filter's sets take it in or drop it, so that an edit costs one
    /// row rather than a removal and an insertion that move every later row.
    private mutating func replaceRow(at index: Int, with record: ContactRecord) {
        guard dataRows[index] != record else { return }
        rows.replace(at: index, with: record)
        // A filter may have taken the row in or out; the key's or answer's `SelectionAnchor` puts
        // the selection back on its record.
        clampSelection()
    }

    /// The index in `dataRows` of a loaded record: the selected row's first (the one usually
    /// edited), else a scan.
    private func dataIndex(ofID id: String) -> Int? {
        if viewport.selection < shownCount, case let index = dataIndex(ofShown: viewport.selection),
            dataRows[index].id == id
        {
            return index
        }
        return dataRows.firstIndex { $0.id == id }
    }

    /// Closes the editor, or ends the wait for it, when its record is gone from the list (deleted,
    /// or dropped by a refresh).
    mutating func cancelEditOfVanishedRecord() {
        let edited: (record: ContactRecord, inDetail: Bool)
        switch modes.modal {
        case .editor(let editor): edited = (editor.record, editor.inDetail)
        case .awaitingDescribe(let target): edited = (target.record, target.inDetail)
        case .bulkDeletePrompt, .loadAllPrompt, .loadingAll, .messages, .outbox, .queryBar, .createForm,
            .listViewPicker,
            .exportPath, .exportOverwrite, nil:
            return
        }
        guard !edited.inDetail, !rows.contains(edited.record.id) else { return }
        modes.modal = nil
        notices.statusMessage = "\(label(of: edited.record)) is gone from the list; the edit was cancelled"
    }
}
