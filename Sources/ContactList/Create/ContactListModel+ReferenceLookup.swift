import RestCore
import SOQL

extension ContactListModel {
    /// A reference typed as a name (`AccountId`: "Acme"): looked up among the referenced object's
    /// records before the create is sent. One match is taken (its name shows) and the save goes
    /// on; several let the user choose with a digit; none says so by the field.
    mutating func lookUpReference(in form: CreateForm, at index: Int) -> [ContactListEffect] {
        var form = form
        form.focus(on: index)
        let entry = form.entries[index]
        guard case .reference(let targets) = entry.kind, let target = targets.first, ObjectName.isValid(target) else {
            form.entries[index].error = "\(entry.label) takes a record's Id here."
            modes.modal = .createForm(form)
            return []
        }
        let request = requests.request(
            forQuery: Self.lookupQuery(of: target, named: entry.text.text), apiVersion: nil, batchSize: 200)
        inFlight[request.id] = .referenceLookup(field: entry.field, text: entry.text.text)
        modes.modal = .createForm(form)
        notices.statusMessage = "Looking up the \(target) named \(entry.text.text)…"
        return [.send(request)]
    }

    /// `e` on a reference typed as a name: looked up the same way; one match is saved, several
    /// are chosen with a digit.
    mutating func lookUpReference(forEditor editor: FieldEditor) -> [ContactListEffect] {
        guard case .reference(let targets) = editor.kind, let target = targets.first, ObjectName.isValid(target) else {
            notices.statusMessage = "\(editor.field) takes a record's Id here."
            return []
        }
        let request = requests.request(
            forQuery: Self.lookupQuery(of: target, named: editor.text.text), apiVersion: nil, batchSize: 200)
        inFlight[request.id] = .referenceLookup(field: editor.field, text: editor.text.text)
        notices.statusMessage = "Looking up the \(target) named \(editor.text.text)…"
        return [.send(request)]
    }

    /// The records of `target` whose Name contains `name`, at most ten.
    static func lookupQuery(of target: String, named name: String) -> String {
        let pattern = soqlEscaped(name).replacingOccurrences(of: "%", with: "\\%")
            .replacingOccurrences(of: "_", with: "\\_")
        return "SELECT Id, Name FROM \(target) WHERE Name LIKE '%\(pattern)%' ORDER BY Name LIMIT 10"
    }

    /// The records a lookup's answer lists; an exact name, when only one has it, wins over the
    /// names that merely contain it. Nil when the answer cannot be read.
    static func referenceMatches(
        _ result: Result<RestResponse, RestClientError>, text: String
    )
        -> [CreateForm.ReferenceChoice]?
    {
        guard let page = try? result.get().decode(QueryResult.self) else { return nil }
        let matches = page.records.compactMap { record -> CreateForm.ReferenceChoice? in
            guard let id = record["Id"]?.stringValue else { return nil }
            return CreateForm.ReferenceChoice(id: id, name: record["Name"]?.stringValue ?? id)
        }
        let exact = matches.filter { $0.name.lowercased() == text.lowercased() }
        return exact.count == 1 ? exact : matches
    }

    /// A digit in the editor on a reference with several matches: that record's Id, its name said.
    mutating func chooseReference(_ number: Int, in editor: inout FieldEditor) {
        guard editor.choices.indices.contains(number - 1) else { return }
        let choice = editor.choices[number - 1]
        editor.text = TextField(choice.id)
        editor.choices = []
        notices.statusMessage = "\(editor.field): \(choice.name) (\(choice.id)); Enter saves"
    }

    /// A lookup's answer for the editor still open on that same text.
    private mutating func applyEditorLookup(
        _ editor: FieldEditor, result: Result<RestResponse, RestClientError>
    ) -> [ContactListEffect] {
        var editor = editor
        guard case .reference(let targets) = editor.kind, let target = targets.first else { return [] }
        let text = editor.text.text
        guard let candidates = Self.referenceMatches(result, text: text) else {
            notices.statusMessage = "Could not look up the \(target) named \(text); type its Id instead."
            return []
        }
        switch candidates.count {
        case 0:
            notices.statusMessage = "No \(target) is named \(text); type another name or its Id."
        case 1:
            editor.text = TextField(candidates[0].id)
            modes.modal = .editor(editor)
            let effects = handleFieldEditor(key: .enter)
            notices.statusMessage = "Saving \(editor.field) of \(label(of: editor.record)): \(candidates[0].name)…"
            return effects
        default:
            editor.choices = Array(candidates.prefix(9))
            notices.statusMessage =
                "Several \(target) records match: "
                + editor.choices.enumerated().map { "\($0.offset + 1) \($0.element.name)" }.joined(separator: " · ")
                + " (a digit chooses)"
        }
        modes.modal = .editor(editor)
        return []
    }

    /// Applies a reference's lookup to the editor or the form, if it is still open on that same text.
    mutating func applyReferenceLookup(
        field: String, text: String, result: Result<RestResponse, RestClientError>
    ) -> [ContactListEffect] {
        if let editor = fieldEditor, editor.field == field, editor.text.text == text {
            return applyEditorLookup(editor, result: result)
        }
        guard var form = createForm, let index = form.entries.firstIndex(where: { $0.field == field }),
            form.entries[index].text.text == text, form.entries[index].resolvedID == nil,
            case .reference(let targets) = form.entries[index].kind, let target = targets.first
        else { return [] }
        guard let candidates = Self.referenceMatches(result, text: text) else {
            form.entries[index].error = "Could not look up the \(target) named \(text); type its Id instead."
            modes.modal = .createForm(form)
            return []
        }
        switch candidates.count {
        case 0:
            form.entries[index].error = "No \(target) is named \(text); type another name or its Id."
        case 1:
            form.resolve(at: index, to: candidates[0])
            modes.modal = .createForm(form)
            return saveCreate(form)
        default:
            form.entries[index].choices = Array(candidates.prefix(9))
            form.entries[index].error =
                "Several \(target) records match; press 1 to \(min(candidates.count, 9)) to choose."
        }
        modes.modal = .createForm(form)
        notices.statusMessage = form.entries[index].error ?? ""
        return []
    }
}
