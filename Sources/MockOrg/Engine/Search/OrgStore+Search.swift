import JSONKit
import NIOCore

/// SOSL searches: each RETURNING object is scanned as its SOQL statement is, with the search
/// terms as one more condition, and the records of every object share one `searchRecords` array.
extension OrgStore {
    /// Runs a parsed SOSL search and returns the JSON body of a search response.
    func search(_ search: SOSLSearch, apiVersion: String, now: Int64) throws(APIError) -> ByteBuffer {
        var queries: [SOQLQuery] = []
        for returning in search.returning {
            let query: SOQLQuery
            do {
                query = try statements.query(returning.soql, now: now)
            } catch {
                // The clause's own syntax errors are the search's; INVALID_FIELD and INVALID_TYPE stay.
                if error.errorCode == "MALFORMED_QUERY" { throw SOSLSearch.malformed(error.message) }
                throw APIError(error)
            }
            guard case .fields = query.selection, query.grouping.isEmpty else {
                throw SOSLSearch.malformed("RETURNING \(returning.objectName) takes fields, not COUNT() or aggregates.")
            }
            queries.append(query)
        }
        // The same for every object, and made off the lock: each term folded and hashed once.
        let termBits = search.terms.map(TermBits.init)
        return try state.withLock { (state: inout State) throws(APIError) -> ByteBuffer in
            let budget = try QueryBudget(queryTimeout, stopping: stopping)
            var body = ByteBuffer()
            body.writeBytes(#"{"searchRecords":["#.utf8)
            var remaining = search.limit
            var first = true
            for query in queries where remaining > 0 {
                guard case .fields(let paths) = query.selection else { continue }
                // Users have no bits (a handful of rows): every row is a candidate.
                let candidates = state.searchSignatures.signatures(of: query.object, tables: state.tables)?
                    .candidates(termBits)
                let matches = Self.searchMatcher(search, object: query.object, tables: state.tables)
                let skip = query.offset ?? 0
                let wanted = min(query.limit ?? Int.max, remaining) + skip
                var rows = try Self.scan(
                    query, includeDeleted: false, wanted: wanted, among: candidates, alsoMatching: matches,
                    budget: budget, state: &state)
                if skip > 0 { rows.removeFirst(min(skip, rows.count)) }
                guard !rows.isEmpty else { continue }
                remaining -= rows.count
                if !first { body.writeInteger(UInt8(ascii: ",")) }
                first = false
                let shape = state.fragments.shape(of: query.object, paths: paths, apiVersion: apiVersion)
                shape.appendRecords(rows[...], tables: state.tables, to: &body)
            }
            body.writeBytes("]}".utf8)
            return body
        }
    }

    /// The fields of `object` that `scope` searches.
    static func searchedFields(of object: SObjectType, scope: SOSLSearch.Scope) -> [FieldSpec] {
        object.fields.filter { field in
            switch scope {
            case .all: field.type.isText
            case .name: ["Name", "FirstName", "LastName"].contains(field.name)
            case .email: field.type == .email
            case .phone: field.type == .phone
            }
        }
    }

    /// Whether a row holds every term in one of the searched fields: the exact test, for the rows
    /// that the search bits let through (`ObjectSearchSignatures.candidates`).
    static func searchMatcher(_ search: SOSLSearch, object: SObjectType, tables: OrgTables) -> (Int) -> Bool {
        let fields = searchedFields(of: object, scope: search.scope)
        let terms = search.terms
        return { row in
            let texts = fields.map { field -> String? in
                guard case .string(let text) = field.read(tables, row) else { return nil }
                return text.lowercased()
            }
            return terms.allSatisfy { term in
                zip(fields, texts).contains { field, text in
                    guard let text else { return false }
                    if field.type == .phone && term.matchesPhone(text) { return true }
                    // Most rows hold no token at all: a substring test spares splitting them.
                    return SearchTerm.text(text, contains: term.tokens[0]) && term.matches(SearchTerm.tokens(of: text))
                }
            }
        }
    }
}
