/// The columns of a SOQL query's SELECT list, in order, with where each value sits in a record.
///
/// `SELECT Id, Account.Name, toLabel(Status), COUNT(Id) total, (SELECT Id FROM Cases) FROM …`
/// gives the columns `Id`, `Account.Name`, `Status`, `total`, `Cases`; a relationship path
/// becomes a path into the nested record. `FIELDS(…)` cannot be listed ahead; it gives `nil`.
public struct SelectList: Sendable, Hashable {
    public struct Column: Sendable, Hashable {
        /// The header text: the field as written (`Account.Name`), or the alias.
        public var name: String
        /// The keys to follow in a record (`["Account", "Name"]`).
        public var path: [String]

        public init(name: String, path: [String]) {
            self.name = name
            self.path = path
        }
    }

    public var columns: [Column]

    /// The columns of `soql`, or `nil` when they cannot be known from the text alone.
    public init?(soql: String) {
        guard let items = Self.selectItems(of: soql) else { return nil }
        var columns: [Column] = []
        var unnamedAggregates = 0
        for item in items {
            guard let column = Self.column(for: item, unnamedAggregates: &unnamedAggregates) else { return nil }
            columns.append(column)
        }
        guard !columns.isEmpty else { return nil }
        self.columns = columns
    }

    public init(columns: [Column]) {
        self.columns = columns
    }

    /// The fields between SELECT and the top-level FROM, split at top-level commas.
    static func selectItems(of soql: String) -> [String]? {
        let text = Array(soql.unicodeScalars)
        var index = 0
        func skipSpace() { while index < text.count, text[index].properties.isWhitespace { index += 1 } }
        func keyword(_ word: String, at position: Int) -> Bool {
            let letters = Array(word.unicodeScalars)
            guard position + letters.count <= text.count else { return false }
            for (offset, letter) in letters.enumerated()
            where String(text[position + offset]).uppercased() != String(letter) {
                return false
            }
            let after = position + letters.count
            let before = position - 1
            let isBoundary = { (i: Int) in
                i < 0 || i >= text.count
                    || !(text[i].properties.isAlphabetic || text[i] == "_"
                        || ("0"..."9").contains(text[i]))
            }
            return isBoundary(after) && isBoundary(before)
        }
        skipSpace()
        guard keyword("SELECT", at: index) else { return nil }
        index += 6
        var items: [String] = []
        var current = ""
        var depth = 0
        var quoted = false
        while index < text.count {
            let scalar = text[index]
            if quoted {
                current.unicodeScalars.append(scalar)
                if scalar == "\\", index + 1 < text.count {
                    index += 1
                    current.unicodeScalars.append(text[index])
                } else if scalar == "'" {
                    quoted = false
                }
                index += 1
                continue
            }
            switch scalar {
            case "'": quoted = true
            case "(": depth += 1
            case ")": depth -= 1
            case "," where depth == 0:
                items.append(current)
                current = ""
                index += 1
                continue
            default:
                if depth == 0, keyword("FROM", at: index) {
                    items.append(current)
                    let trimmed = items.map { $0.trimmingSpaces() }
                    return trimmed.contains(where: \.isEmpty) ? nil : trimmed
                }
            }
            current.unicodeScalars.append(scalar)
            index += 1
        }
        return nil
    }

    private static let aggregates: Set<String> = ["COUNT", "COUNT_DISTINCT", "SUM", "AVG", "MIN", "MAX", "GROUPING"]
    private static let transparentFunctions: Set<String> = ["TOLABEL", "FORMAT", "CONVERTCURRENCY"]

    private static func column(for item: String, unnamedAggregates: inout Int) -> Column? {
        if item.hasPrefix("(") {
            // A subquery: its records sit under the relationship name after FROM.
            let inner = String(item.dropFirst().dropLast())
            let words = inner.split(whereSeparator: \.isWhitespace)
            guard let from = words.firstIndex(where: { $0.uppercased() == "FROM" }), from + 1 < words.count else {
                return nil
            }
            let name = String(words[from + 1])
            return Column(name: name, path: [name])
        }
        if let open = item.firstIndex(of: "("), let close = item.lastIndex(of: ")") {
            let function = item[..<open].trimmingSpaces().uppercased()
            let argument = item[item.index(after: open)..<close].trimmingSpaces()
            let alias = item[item.index(after: close)...].trimmingSpaces()
            if function == "FIELDS" || function == "TYPEOF" { return nil }
            if !alias.isEmpty { return Column(name: alias, path: [alias]) }
            if aggregates.contains(function) {
                let name = "expr\(unnamedAggregates)"
                unnamedAggregates += 1
                return Column(name: name, path: [name])
            }
            if transparentFunctions.contains(function) {
                return Column(name: argument, path: argument.split(separator: ".").map(String.init))
            }
            return nil
        }
        let words = item.split(whereSeparator: \.isWhitespace)
        guard let field = words.first, words.count <= 2 else { return nil }
        let name = words.count == 2 ? String(words[1]) : String(field)
        return Column(name: name, path: words.count == 2 ? [name] : field.split(separator: ".").map(String.init))
    }
}

extension StringProtocol {
    func trimmingSpaces() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
            let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return String(String.UnicodeScalarView(scalars[first...last]))
    }
}
