import RestCore
import SOQL

extension ContactListModel {
    // MARK: - What a delete takes with it

    /// The child relationships whose records a delete of the list's records takes with it; nil
    /// while unknown (the describe not read, or it failed).
    ///
    /// A Contact's children in a plain org do not cascade (its Cases block the delete instead), so
    /// a Contact list starts without the describe and `d` stays one key, as the sample's swipe is.
    var cascadingRelationships: [CascadingRelationship]? {
        cascadingRelationships(of: run.searchedObject)
    }

    /// The cascading relationships of `object`'s records; nil while unknown.
    func cascadingRelationships(of object: String) -> [CascadingRelationship]? {
        if let fields = objectFields[object] { return fields.cascading }
        return object.lowercased() == "contact" ? [] : nil
    }

    /// Whether the first page waits for the object's describe, so that it can count each record's
    /// cascading children (any object but Contact, when the rows are records).
    var describesBeforeFirstPage: Bool {
        rowsAreRecords && cascadingRelationships == nil
    }

    /// Asks for the describe of the list's object; its answer sends the first page.
    mutating func describeBeforeFirstPage() -> [ContactListEffect] {
        run.firstPageAwaitsDescribe = true
        let request = requests.requestForDescribe(withObjectType: run.searchedObject, apiVersion: nil)
        inFlight[request.id] = .describe(objectType: run.searchedObject)
        return [.send(request)]
    }

    /// `soql` with a subquery counting each cascading relationship's children, so that every row
    /// knows what its delete takes with it at no extra request; `run.countedRelationships` says which
    /// the rows of this run count.
    mutating func countingDependents(_ soql: String) -> String {
        let relationships = cascadingRelationships
        run.countedRelationships = relationships
        return Self.counting(relationships ?? [], in: soql)
    }

    /// `soql` with a subquery for each of `relationships` it does not select already.
    static func counting(_ relationships: [CascadingRelationship], in soql: String) -> String {
        guard !relationships.isEmpty else { return soql }
        let present = Set(
            (SOQLParser.selectItems(of: soql) ?? []).compactMap { item -> String? in
                if case .subquery(_, let inner) = item { return inner.object.text.lowercased() }
                return nil
            })
        let added = relationships.filter { !present.contains($0.relationshipName.lowercased()) }
        guard !added.isEmpty, let from = Self.topLevelFromOffset(of: soql) else { return soql }
        let characters = Array(soql)
        let head = String(characters[..<from]).trimmingTrailingWhitespace()
        return head + ", " + added.map(\.subquery).joined(separator: ", ") + " " + String(characters[from...])
    }

    /// The character offset of the top-level FROM of a SELECT.
    static func topLevelFromOffset(of soql: String) -> Int? {
        var depth = 0
        for token in SOQLLexer(soql).leadingTokens() {
            if token.kind == .symbol("(") { depth += 1 }
            if token.kind == .symbol(")") { depth -= 1 }
            if depth == 0, token.keyword == "FROM" { return token.offset }
        }
        return nil
    }

    /// What a record of a page takes with it when deleted, as the page's subqueries counted.
    func dependents(ofPageRecord json: JSONValue) -> Dependents? {
        run.countedRelationships.map { Dependents(record: json, relationships: $0) }
    }

    /// What deleting `records` takes with them.
    func deleteDependents(of records: [ContactRecord]) -> DeleteDependents {
        guard let relationships = cascadingRelationships else { return .uncounted([]) }
        guard !relationships.isEmpty else { return .none }
        var counted = [Dependents]()
        for record in records {
            guard let dependents = record.dependents else {
                return .uncounted(relationships.map(\.relationshipName))
            }
            counted.append(dependents)
        }
        let sum = Dependents.summed(counted)
        return sum.isEmpty ? .none : .counted(sum)
    }

    /// " and its 6 Contacts" for the messages about a record's delete; "" when it takes nothing.
    static func alsoDeleted(with record: ContactRecord) -> String {
        guard let dependents = record.dependents, !dependents.isEmpty else { return "" }
        return " and " + dependents.phrase()
    }
}

extension String {
    func trimmingTrailingWhitespace() -> String {
        var text = self
        while text.last?.isWhitespace == true { text.removeLast() }
        return text
    }
}
