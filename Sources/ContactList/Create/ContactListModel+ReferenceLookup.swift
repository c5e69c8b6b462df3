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
        let pattern = Self.soqlEscaped(entry.text.text).replacingOccurrences(of: "%", with: "\\%")
            .replacingOccurrences(of: "_", with: "\\_")
        let soql = "SELECT Id, Name FROM \(target) WHERE Name LIKE '%\(pattern)%' ORDER BY Name LIMIT 10"
        let request = requests.request(forQuery: soql, apiVersion: nil, batchSize: 200)
        inFlight[request.id] = .referenceLookup(field: entry.field, text: entry.text.text)
        modes.modal = .createForm(form)
        notices.statusMessage = "Looking up the \(target) named \(entry.text.text)…"
        return [.send(request)]
    }

    /// Applies a reference's lookup to the form, if it is still open on that same text.
    mutating func applyReferenceLookup(
        field: String, text: String, result: Result<RestResponse, RestClientError>
    ) -> [ContactListEffect] {
        guard var form = createForm, let index = form.entries.firstIndex(where: { $0.field == field }),
            form.entries[index].text.text == text, form.entries[index].resolvedID == nil,
            case .reference(let targets) = form.entries[index].kind, let target = targets.first
        else { return [] }
        let page: QueryResult
        do {
            page = try result.get().decode(QueryResult.self)
        } catch {
            form.entries[index].error = "Could not look up the \(target) named \(text): \(error.description)"
            modes.modal = .createForm(form)
            return []
        }
        let matches = page.records.compactMap { record -> CreateForm.ReferenceChoice? in
            guard let id = record["Id"]?.stringValue else { return nil }
            return CreateForm.ReferenceChoice(id: id, name: record["Name"]?.stringValue ?? id)
        }
        // A name typed whole picks its record even when longer names contain it.
        let exact = matches.filter { $0.name.lowercased() == text.lowercased() }
        let candidates = exact.count == 1 ? exact : matches
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
