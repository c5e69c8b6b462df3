import SOQL

/// A list view an org starts with besides the seeded ones (`mock-org --list-view`): an object, a
/// label and a WHERE clause, shown with the object's usual columns and sort.
public struct MockOrgListView: Sendable, Equatable {
    public let object: String
    public let label: String
    /// The WHERE clause without `WHERE`; nil shows every record.
    public let filter: String?

    /// Checks the view against the org's schema: the object exists, the label is not empty, and the
    /// filter is a WHERE clause the org runs. The error is one sentence.
    public init(object: String, label: String, filter: String?) throws(MockOrgListViewError) {
        guard let type = SObjectType(named: object) else {
            throw MockOrgListViewError(
                "The list view's object \"" + object + "\" is not one this org has ("
                    + SObjectType.allCases.map(\.name).joined(separator: ", ") + ").")
        }
        let label = label.trimmingSpaces
        guard !label.isEmpty, label.count <= 40 else {
            throw MockOrgListViewError("A list view's label must be 1 to 40 characters.")
        }
        var clause = filter?.trimmingSpaces ?? ""
        if clause.uppercased().hasPrefix("WHERE "), let space = clause.firstIndex(of: " ") {
            clause = String(clause[space...]).trimmingSpaces
        }
        let condition = clause.isEmpty ? nil : clause
        if let condition {
            do throws(SOQLError) {
                _ = try SOQLResolver.query("SELECT Id FROM " + type.name + " WHERE " + condition, now: 0)
            } catch {
                let reason = error.message.split(separator: "\n").last.map(String.init) ?? error.message
                throw MockOrgListViewError(
                    "The list view \"" + label + "\" has a WHERE clause the org cannot run: " + reason + ".")
            }
        }
        self.object = type.name
        self.label = label
        self.filter = condition
    }

    /// Reads `OBJECT:LABEL:WHERE clause` (the clause may be empty; it may contain colons).
    public init(parsing text: String) throws(MockOrgListViewError) {
        let parts = text.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count >= 2 else {
            throw MockOrgListViewError(
                "A list view is written OBJECT:LABEL:WHERE clause (as in Contact:Smiths:LastName = 'Smith'), not \""
                    + text + "\".")
        }
        try self.init(
            object: String(parts[0]), label: String(parts[1]), filter: parts.count > 2 ? String(parts[2]) : nil)
    }
}

/// Why a list view given to the org is refused; the description is one sentence.
public struct MockOrgListViewError: Error, Sendable, CustomStringConvertible {
    public let description: String

    init(_ description: String) {
        self.description = description
    }
}
