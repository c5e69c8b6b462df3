import ArgumentParser
import RestCore

/// Which records to fetch: the query, or the org's list view that gives it, and the page size
/// (the list and `list`).
struct QueryOptions: ParsableArguments {
    static let defaultQuery = "SELECT Id, Name, Title, Email, Phone, Account.Name FROM Contact ORDER BY Name"
    static let defaultObject = "Contact"

    @Option(name: .customLong("query"), help: "The SOQL query whose records are listed.")
    var queryText: String?

    @Option(
        name: .customLong("list-view"),
        help: "The org's list view whose records are listed, by label or developer name (instead of --query).")
    var listView: String?

    @Option(help: "The object whose list view --list-view names (default: Contact).")
    var object: String?

    @Option(help: "Records per page (200...2000).")
    var batchSize: Int = 2000

    /// The query given, or the default; a list view's query is read from the org (`ListViewLookup`).
    var query: String { queryText ?? Self.defaultQuery }

    func validate() throws {
        try OptionRange.check(batchSize, "--batch-size", in: 200...2000)
        if listView != nil, queryText != nil {
            throw ValidationError("--query and --list-view each say what to list; give one of them.")
        }
        if let listView, listView.allSatisfy(\.isWhitespace) {
            throw ValidationError("--list-view must name a list view.")
        }
        if let object {
            guard listView != nil else { throw ValidationError("--object names the object of --list-view; give both.") }
            guard !object.isEmpty, object.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") })
            else {
                throw ValidationError("--object must be an object's API name, such as Contact or Account.")
            }
        }
    }
}
