/// Which list a replica's rows belong to: the query as the org reads it, so that spellings the
/// org treats alike (keywords' case, runs of spaces) share one list. String literals keep their
/// case and spaces: `'Smith'` and `'smith '` are different filters.
public struct ListKey: Hashable, Sendable {
    /// The normalised text, as stored.
    public let text: String

    /// The key of a SOQL query.
    public init(query: String) {
        var text = ""
        var inLiteral = false
        var escaped = false
        var pendingSpace = false
        for character in query {
            if inLiteral {
                text.append(character)
                if escaped {
                    escaped = false
                } else if character == "\\" {
                    escaped = true
                } else if character == "'" {
                    inLiteral = false
                }
                continue
            }
            if character.isWhitespace {
                pendingSpace = !text.isEmpty
                continue
            }
            if pendingSpace { text.append(" ") }
            pendingSpace = false
            if character == "'" { inLiteral = true }
            text.append(contentsOf: character.lowercased())
        }
        self.text = text
    }

    /// The key of an org list view, by its id (its filter lives in the org and may change).
    public init(listViewID: String, objectType: String) {
        text = "listview:\(objectType.lowercased()):\(listViewID)"
    }

    /// A key read back from a database, as stored.
    init(stored text: String) { self.text = text }
}
