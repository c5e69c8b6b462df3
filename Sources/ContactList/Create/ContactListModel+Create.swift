import Foundation
import RestCore
import SOQL

extension ContactListModel {
    // MARK: - Opening the form

    /// `c`: a form for a new record of the list's object, from its describe (fetched first when
    /// not at hand; the wait holds the keys, Esc cancels). A form the org refused while another
    /// window was open comes back with its values.
    mutating func beginCreate() -> [ContactListEffect] {
        if let refusal = refusalOfAnyChange() {
            notices.statusMessage = refusal
            return []
        }
        let objectType = run.searchedObject
        guard ObjectName.isValid(objectType) else {
            notices.statusMessage = "The list's object is not a Salesforce name; c cannot create one."
            return []
        }
        if let form = modes.refusedCreateForm, form.objectType == objectType {
            modes.refusedCreateForm = nil
            openCreateForm(form)
            return []
        }
        provideStandInFields(for: objectType)
        guard let fields = objectFields[objectType] else {
            modes.modal = .createForm(CreateForm(awaitingDescribeOf: objectType))
            notices.statusMessage = "Reading the fields of \(objectType)… (Esc cancels)"
            guard !inFlight.values.contains(.describe(objectType: objectType)) else { return [] }
            let request = requests.requestForDescribe(withObjectType: objectType, apiVersion: nil)
            inFlight[request.id] = .describe(objectType: objectType)
            return [.send(request)]
        }
        openCreateForm(fields.createForm(objectType: objectType, columns: run.columns))
        return []
    }

    /// The form that waits for the describe, while it waits.
    var createForm: CreateForm? {
        if case .createForm(let form) = modes.modal { return form }
        return nil
    }

    /// Opens the form waiting for `objectType`'s describe, now that it is read (or says why not).
    mutating func openAwaitedCreateForm(objectType: String) {
        guard let waiting = createForm, waiting.isAwaitingDescribe, waiting.objectType == objectType else { return }
        guard let fields = objectFields[objectType] else {
            modes.modal = nil
            return
        }
        openCreateForm(fields.createForm(objectType: objectType, columns: run.columns))
    }

    private mutating func openCreateForm(_ form: CreateForm) {
        guard !form.entries.isEmpty else {
            modes.modal = nil
            notices.statusMessage = "\(form.objectType) has no field this session may set; nothing to create."
            return
        }
        modes.modal = .createForm(form)
        notices.statusMessage = "New \(noun.singular): Tab moves, Ctrl-S saves, Esc cancels"
    }

    // MARK: - Keys

    /// Keys while the form is open: Tab/Shift-Tab (and ↓/↑) move, Enter goes on (and saves on the
    /// last field, or opens "more fields…"), Ctrl-S saves, Esc cancels (asking first when anything
    /// was typed); other keys edit the focused field.
    mutating func handleCreateForm(key: Key) -> [ContactListEffect] {
        guard var form = createForm else { return [] }
        if form.isAwaitingDescribe {
            keyWhileReadingFields(key, of: form.objectType, cancelled: "New \(noun.singular) cancelled")
            return []
        }
        if form.isConfirmingCancel {
            form.isConfirmingCancel = false
            if key == .escape || key == .character("y") {
                modes.modal = nil
                notices.statusMessage = "New \(noun.singular) discarded"
                return []
            }
            modes.modal = .createForm(form)
            notices.statusMessage = "New \(noun.singular): Tab moves, Ctrl-S saves, Esc cancels"
            return []
        }
        switch key {
        case .escape:
            guard form.hasTypedText else {
                modes.modal = nil
                notices.statusMessage = "New \(noun.singular) cancelled"
                return []
            }
            form.isConfirmingCancel = true
            notices.statusMessage = "Discard what you typed? Esc or y discards; any other key goes back to the form"
        case .tab, .down: form.moveFocus(by: 1)
        case .backTab, .up: form.moveFocus(by: -1)
        case .control("s"):
            return saveCreate(form)
        case .enter:
            if form.isOnMoreLine {
                form.openMoreFields()
            } else if form.isOnLastField {
                return saveCreate(form)
            } else {
                form.moveFocus(by: 1)
            }
        case .paste(let text):
            form.editFocused { $0.insertPasted(text) }
        case .character(" ") where form.focusedEntry?.kind.cycles == true:
            form.cycleFocused()
        case .character(let digit) where !(form.focusedEntry?.choices.isEmpty ?? true) && digit.isWholeNumber:
            if form.choose(digit.wholeNumberValue ?? 0) {
                notices.statusMessage = "\(form.focusedEntry?.label ?? "") is \(form.focusedEntry?.text.text ?? "")"
            }
        default:
            form.editFocused { _ = $0.apply(key) }
        }
        modes.modal = .createForm(form)
        return []
    }

    // MARK: - Saving

    /// Sends the POST, shows the new row at once on top (marked pending) and closes the form; the
    /// create is a pending change, so that `q` waits for it.
    mutating func saveCreate(_ form: CreateForm) -> [ContactListEffect] {
        if let refusal = refusalOfAnyChange() {
            notices.statusMessage = refusal
            return []
        }
        var form = form
        let values = form.typedValues
        guard !values.isEmpty else {
            notices.statusMessage = "Type at least one field first (Esc cancels)."
            return []
        }
        if let (index, sentence) = form.firstProblem {
            form.focus(on: index)
            form.entries[index].error = sentence
            modes.modal = .createForm(form)
            notices.statusMessage = sentence
            return []
        }
        if let index = form.firstUnresolvedReference { return lookUpReference(in: form, at: index) }
        if offline.isOffline { return queueCreate(form, values: values) }
        let request = requests.requestForCreate(
            withObjectType: form.objectType, fields: createBody(of: form), apiVersion: nil)
        guard requests.allowsSending(request) else {
            notices.statusMessage = "Read-only (--read-only): nothing can be changed in this session."
            return []
        }
        let placeholder = newPlaceholder(objectType: form.objectType, values: values)
        var sent = form
        sent.message = nil
        changes.recordCreate(
            PendingCreate(form: sent, placeholder: placeholder, sentAt: notices.now()), key: request.id)
        inFlight[request.id] = .create
        modes.modal = nil
        insertRow(placeholder, at: 0)
        clampSelection()
        notices.statusMessage = "Creating \(label(of: placeholder))…"
        return [.send(request)]
    }

    /// The POST body of a create, sent at once or queued: each typed field as its kind sends it,
    /// and a reference typed as a name as the Id it resolved to. The one place a create's body is
    /// made, so a queued create sends what an online one would.
    func createBody(of form: CreateForm) -> [String: JSONValue] {
        var body: [String: JSONValue] = [:]
        for entry in form.entries where !entry.text.text.isEmpty {
            body[entry.field] = entry.resolvedID.map(JSONValue.string) ?? entry.kind.json(entry.text.text)
        }
        return body
    }

    /// A new record's row under the next placeholder id, from its typed values
    /// (`placeholderRecord`).
    mutating func newPlaceholder(objectType: String, values: [String: String]) -> ContactRecord {
        placeholderRecord(id: nextPlaceholderID(), objectType: objectType, values: values)
    }

    /// A create's row kept by the outbox, under a placeholder id of this process.
    mutating func newPlaceholder(showing kept: ContactRecord) -> ContactRecord {
        ContactRecord(
            id: nextPlaceholderID(), objectType: kept.objectType, displayName: kept.displayName, values: kept.values)
    }

    /// The next placeholder id: no Salesforce Id starts with `PendingCreate.idPrefix`.
    private mutating func nextPlaceholderID() -> String {
        changes.nextCreateNumber += 1
        return PendingCreate.idPrefix + String(changes.nextCreateNumber)
    }

    /// The row shown until the org answers: the typed values under their columns, and a Name
    /// made of the typed name fields where the object builds it (Contact: FirstName LastName).
    func placeholderRecord(id: String, objectType: String, values: [String: String]) -> ContactRecord {
        func typed(_ field: String) -> String? {
            values.first { FieldLookup.keyMatches($0.key, field) }?.value
        }
        let builtName = [typed("FirstName"), typed("LastName")].compactMap { $0 }.joined(separator: " ")
        let name = typed("Name") ?? builtName
        let columns = run.columns.map { column -> String in
            guard column.path.count == 1 else { return "" }
            if FieldLookup.keyMatches(column.field, "Name") { return name }
            return typed(column.field) ?? ""
        }
        return ContactRecord(
            id: id, objectType: objectType, displayName: name.isEmpty ? "new record" : name, values: columns)
    }

    /// Why a row cannot be opened or changed yet: it is a new record the org has not answered for.
    func refusalOfPendingCreate(_ record: ContactRecord) -> String? {
        guard record.id.hasPrefix(PendingCreate.idPrefix) else { return nil }
        return "\(record.displayName) is still being created; wait for the org's answer."
    }

    /// A refresh's first page replaces the rows: the new records still in flight stay on top.
    mutating func keepPendingCreatesOnTop() {
        for create in changes.creates.values.sorted(by: { $0.placeholder.id > $1.placeholder.id })
        where !rows.contains(create.placeholder.id) {
            insertRow(create.placeholder, at: 0)
        }
    }

    // MARK: - Outcomes

    /// Settles a POST: 201 gives the row its Id (and reads the record back for what the org
    /// computed); a refusal takes the row away and reopens the form with every typed value and the
    /// org's message next to the field it names; no answer looks for the record before anything.
    mutating func settleCreate(
        _ requestID: RestRequestID, result: Result<RestResponse, RestClientError>
    )
        -> [ContactListEffect]
    {
        guard let create = changes.creates[requestID] else { return [] }
        if case .success(let response) = result,
            let id = (try? response.decode(JSONValue.self))?["id"]?.stringValue, SalesforceID.isValid(id)
        {
            return confirmCreate(requestID, id: id)
        }
        if queuesUnsent(result) { return queueUnsentCreate(requestID) }
        switch DeleteOutcome(result) {
        case .unknown:
            return reconcileCreate(requestID, create: create)
        case .deleted, .alreadyDeleted, .refused:
            refuseCreate(requestID, result: result)
            return []
        }
    }

    /// The org created the record under `id`: the placeholder becomes its row, in place.
    private mutating func confirmCreate(_ requestID: RestRequestID, id: String) -> [ContactListEffect] {
        guard let create = changes.forgetCreate(requestID) else { return [] }
        let placeholder = create.placeholder
        let record = ContactRecord(
            id: id, objectType: placeholder.objectType, displayName: placeholder.displayName,
            values: placeholder.values)
        if let index = dataRows.firstIndex(where: { $0.id == placeholder.id }) {
            removeRow(at: index)
            // A page read since may already list it (a create left by a gone process).
            if !rows.contains(id) { insertRow(record, at: index) }
            clampSelection()
        } else if !rows.contains(id), !create.isLeftByGoneProcess || record.objectType == run.searchedObject {
            // A create a gone process left may be of another object than this list's.
            insertRow(record, at: 0)
        }
        notices.statusMessage = "Created \(label(of: record))"
        if !create.isLeftByGoneProcess {
            // The org's count now includes it; a later page of this run counts it too.
            run.totalSize += 1
            run.deletedSinceQueryRan -= 1
        }
        changes.nextUpdateSequence += 1
        return readAfterSave(record, sequence: changes.nextUpdateSequence)
    }

    /// The org refused: the row goes, and the form comes back with the org's message by its field.
    private mutating func refuseCreate(_ requestID: RestRequestID, result: Result<RestResponse, RestClientError>) {
        guard let create = changes.forgetCreate(requestID) else { return }
        var sentence = "The org refused it."
        var fields: [String] = []
        if case .failure(let error) = result {
            if case .apiInvocationFailed(_, _, let errors, _) = error, let first = errors.first {
                sentence = Alert.oneLine(first.message)
                fields = errors.flatMap { $0.fields ?? [] }
                if fields.isEmpty { fields = Self.fieldNamed(inMessage: first.message, form: create.form) }
            } else {
                sentence = error.description
            }
        }
        var form = create.form
        form.showRefusal(sentence, fields: fields)
        removePlaceholder(create.placeholder)
        notices.statusMessage = "Could not create \(label(of: create.placeholder)): \(sentence)"
        reopen(form)
    }

    /// A validation message names its field first (`Email: invalid email address: x`) when the
    /// error's `fields` is empty.
    static func fieldNamed(inMessage message: String, form: CreateForm) -> [String] {
        guard let colon = message.firstIndex(of: ":") else { return [] }
        let head = message[..<colon].trimmingCharacters(in: .whitespaces)
        return form.entries.contains { $0.field.lowercased() == head.lowercased() } ? [head] : []
    }

    /// Puts a form back on screen, or, when another window holds the keys, keeps it for the next
    /// `c` and says so in an alert.
    private mutating func reopen(_ form: CreateForm) {
        if modes.modal == nil {
            modes.modal = .createForm(form)
        } else {
            modes.refusedCreateForm = form
            notices.alerts.append(
                Alert(
                    title: "Cannot create item",
                    message: "\(form.message ?? form.entries.compactMap(\.error).first ?? "The org refused it.") "
                        + "Press c to get the form back with your values."))
        }
    }

    private mutating func removePlaceholder(_ placeholder: ContactRecord) {
        removeRow(id: placeholder.id)
        clampSelection()
    }

    // MARK: - No answer

    /// A POST that got no answer is never sent again: the org is asked for a record of this
    /// object created by this user since the request was sent, with the typed name fields.
    mutating func reconcileCreate(_ requestID: RestRequestID, create: PendingCreate) -> [ContactListEffect] {
        let values = create.form.typedValues
        var conditions = ["CreatedDate >= \(Self.soqlDateTime(create.sentAt))"]
        if let userID, SalesforceID.isValid(userID) { conditions.append("CreatedById = '\(userID)'") }
        for name in ["Name", "FirstName", "LastName"] {
            guard let value = values.first(where: { FieldLookup.keyMatches($0.key, name) })?.value else { continue }
            conditions.append("\(name) = '\(Self.soqlEscaped(value))'")
        }
        let soql =
            "SELECT Id FROM \(create.form.objectType) WHERE " + conditions.joined(separator: " AND ")
            + " ORDER BY CreatedDate DESC LIMIT 1"
        let request = requests.request(forQuery: soql, apiVersion: nil, batchSize: 200)
        changes.unknownOutcomes.insert(requestID)
        notices.statusMessage = "No answer; checking whether \(label(of: create.placeholder)) was created…"
        return sendOutcomeRead(request, for: .reconcileCreate(createID: requestID))
    }

    /// Settles a create that got no answer by the query: found, it is created; not found, the form
    /// comes back to send again; the query failing too, the row goes with an alert.
    mutating func applyCreateReconcile(
        _ createID: RestRequestID, result: Result<RestResponse, RestClientError>
    )
        -> [ContactListEffect]
    {
        guard let create = changes.creates[createID] else { return [] }
        guard let page = try? result.get().decode(QueryResult.self) else {
            _ = changes.forgetCreate(createID)
            removePlaceholder(create.placeholder)
            modes.refusedCreateForm = create.form
            notices.alerts.append(
                Alert(
                    title: "Create outcome unknown",
                    message:
                        "The server did not answer and could not be asked whether \(label(of: create.placeholder)) "
                        + "was created; press r to see the list as the org has it, or c for the form with your values.")
            )
            return []
        }
        if let id = page.records.first?["Id"]?.stringValue, SalesforceID.isValid(id) {
            return confirmCreate(createID, id: id)
        }
        _ = changes.forgetCreate(createID)
        if create.isLeftByGoneProcess {
            removePlaceholder(create.placeholder)
            tellLeftCreateNotMade(create)
            return []
        }
        var form = create.form
        form.showRefusal(
            "The org did not answer and has no such record: nothing was created. Ctrl-S sends it again.", fields: [])
        removePlaceholder(create.placeholder)
        notices.statusMessage = "\(label(of: create.placeholder)) was not created"
        reopen(form)
        return []
    }

    /// A SOQL datetime literal in UTC, whole seconds (`2026-11-27T00:05:00Z`).
    static func soqlDateTime(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(.down)))
    }
}
