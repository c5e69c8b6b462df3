import SOQL

/// The SOSL that searches the whole org for what the user typed in the filter.
///
/// `FIND {text*} IN ALL FIELDS RETURNING Contact(Id, Name, …) LIMIT 200`: the object is the
/// query's FROM and the fields are its SELECT list, so a row found reads like a loaded one.
enum SOSLText {
    /// How many records one search returns.
    static let limit = 200

    /// Salesforce's reserved characters in a search term, each escaped with a backslash.
    static let reservedCharacters: Set<Character> = [
        "?", "&", "|", "!", "{", "}", "[", "]", "(", ")", "^", "~", "*", ":", "\\", "\"", "'", "+", "-",
    ]

    /// The object a query reads (its FROM), which the search returns; `Contact` when the query
    /// does not parse. The model reads it once, with the query.
    static func object(ofQuery query: String) -> String {
        (try? SOQLParser.parse(query))?.object.text ?? "Contact"
    }

    /// The search for `text` over the records of `object`; nil when the text has fewer than two
    /// letters or digits, which Salesforce refuses to search for.
    static func search(for text: String, object: String, columns: [Column]) -> String? {
        guard text.filter({ $0.isLetter || $0.isNumber }).count >= 2 else { return nil }
        let words = text.split(whereSeparator: \.isWhitespace).map { escaped(String($0)) }
        return "FIND {\(words.joined(separator: " "))*} IN ALL FIELDS RETURNING \(object)(\(fields(of: columns)))"
            + " LIMIT \(limit)"
    }

    /// `text` with every reserved character escaped, so that no name can end the FIND clause.
    static func escaped(_ text: String) -> String {
        var result = ""
        for character in text {
            if reservedCharacters.contains(character) { result.append("\\") }
            result.append(character)
        }
        return result
    }

    /// Id and the fields of the list's columns (the query's SELECT list as the list shows it),
    /// and `LastModifiedDate`, so that an edit of a row found is conditional as a loaded row's is.
    static func fields(of columns: [Column]) -> String {
        let fields = columns.map(\.field).filter { !FieldLookup.keyMatches($0, "Id") }
        let modified = fields.contains { FieldLookup.keyMatches($0, "LastModifiedDate") } ? [] : ["LastModifiedDate"]
        return (["Id"] + fields + modified).joined(separator: ", ")
    }
}
