import RestCore

/// `:`: the one-line editor of the list's SOQL, with the history of the queries run, the query
/// being tried, and the org's refusal of the last one.
public struct QueryBar: Hashable, Sendable {
    /// The query as edited.
    public internal(set) var field: TextField
    /// The queries run before, newest first (`QueryHistory`).
    let history: [String]
    /// The history entry shown (↑/↓); nil while the edited text is the user's own.
    var historyIndex: Int?
    /// The text typed before ↑ first showed the history, given back by ↓ past the newest.
    var draft: String
    /// The first page of the query being tried, or its object's describe, in flight; nil when
    /// none is.
    var pending: RestRequestID?
    /// The query whose object's describe is awaited before its first page is sent (so that the
    /// page counts what a delete of each record takes with it).
    var awaitingDescribe: String?
    /// The cascading relationships the query being tried counts; nil when it counts none.
    var countedRelationships: [CascadingRelationship]?
    /// The list view this switch opens (its label, columns and sort); nil for a typed query.
    var view: ListViewChoice?
    /// Set by a Tab pressed before the org's object names were read: they complete it on arrival.
    var completesAfterNames = false
    /// Why the org refused the query last tried; nil before any refusal.
    public internal(set) var error: QueryError?

    init(query: String, history: [String]) {
        field = TextField(query)
        self.history = history
        draft = query
    }

    /// Whether the query is being tried.
    public var isRunning: Bool { pending != nil }

    /// ↑: the next older query of the history.
    mutating func older() {
        let next = (historyIndex ?? -1) + 1
        guard next < history.count else { return }
        if historyIndex == nil { draft = field.text }
        historyIndex = next
        field = TextField(history[next])
    }

    /// ↓: the next newer query, then the text typed before the history was shown.
    mutating func newer() {
        guard let index = historyIndex else { return }
        if index == 0 {
            historyIndex = nil
            field = TextField(draft)
        } else {
            historyIndex = index - 1
            field = TextField(history[index - 1])
        }
    }
}
