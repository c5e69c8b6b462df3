import Foundation

/// A SOSL search as the mock org runs it: `FIND {terms} [IN … FIELDS] [RETURNING Object(…), …]
/// [LIMIT n]`. Each RETURNING object's field list, WHERE, ORDER BY and LIMIT are handed to the
/// SOQL engine as `SELECT fields FROM Object …`.
struct SOSLSearch: Sendable {
    /// Which fields of a record the terms are looked for in.
    enum Scope: String, Sendable {
        case all = "ALL"
        case name = "NAME"
        case email = "EMAIL"
        case phone = "PHONE"
    }

    /// One object to search and the SOQL statement that selects its fields and filters its rows.
    struct Returning: Sendable {
        let objectName: String
        let soql: String
    }

    /// Records returned at most over every object, as on Salesforce.
    static let maxLimit = 2000

    let terms: [SearchTerm]
    let scope: Scope
    let returning: [Returning]
    let limit: Int

    static func malformed(_ message: String) -> APIError {
        APIError(status: 400, "MALFORMED_SEARCH", message)
    }

    /// Salesforce's answer to a search whose text is shorter than two characters.
    static let termTooShort = malformed("No search term found. The search term must be longer than one character.")

    /// Parses `sosl`; throws `MALFORMED_SEARCH` with the reason.
    init(parsing sosl: String) throws(APIError) {
        var scanner = SOSLScanner(sosl)
        guard scanner.keyword("FIND") else { throw Self.malformed("The search must start with FIND.") }
        guard let text = scanner.braced() else {
            throw Self.malformed("The search text after FIND must be enclosed in braces: FIND {text}.")
        }
        terms = SearchTerm.parse(text)
        guard terms.reduce(0, { $0 + $1.characterCount }) >= 2 else { throw Self.termTooShort }

        var scope = Scope.all
        if scanner.keyword("IN") {
            guard let word = scanner.word(), let parsed = Scope(rawValue: word.uppercased()),
                scanner.keyword("FIELDS")
            else {
                throw Self.malformed("IN takes ALL FIELDS, NAME FIELDS, EMAIL FIELDS or PHONE FIELDS.")
            }
            scope = parsed
        }
        self.scope = scope

        var returning: [Returning] = []
        if scanner.keyword("RETURNING") {
            repeat {
                guard let object = scanner.word() else { throw Self.malformed("RETURNING needs an object name.") }
                var clause = ""
                if scanner.peek("(") {
                    guard let inner = scanner.parenthesized() else {
                        throw Self.malformed("The field list of \(object) is missing its closing parenthesis.")
                    }
                    clause = inner
                }
                try Self.checkWhereLength(of: clause, object: object)
                returning.append(Returning(objectName: object, soql: Self.soql(object: object, clause: clause)))
            } while scanner.symbol(",")
        } else {
            returning = SObjectType.dataObjects.map {
                Returning(objectName: $0.name, soql: "SELECT Id FROM \($0.name)")
            }
        }
        self.returning = returning

        var limit = Self.maxLimit
        if scanner.keyword("LIMIT") {
            guard let word = scanner.word(), let value = Int(word), value >= 0 else {
                throw Self.malformed("LIMIT takes a whole number.")
            }
            limit = min(value, Self.maxLimit)
        }
        self.limit = limit
        guard scanner.isAtEnd else {
            throw Self.malformed("Unexpected text at \"\(scanner.remainder.prefix(20))\".")
        }
    }

    /// Salesforce's limit on the WHERE clause of a RETURNING object, in characters.
    static let maxWhereLength = 4000

    /// Refuses a RETURNING clause whose WHERE is longer than `maxWhereLength`, as Salesforce does.
    static func checkWhereLength(of clause: String, object: String) throws(APIError) {
        guard let start = SOSLScanner.firstClauseKeyword(in: clause),
            clause[start...].uppercased().hasPrefix("WHERE")
        else { return }
        let condition = String(clause[clause.index(start, offsetBy: 5)...])
        // Up to ORDER BY, LIMIT or OFFSET.
        let end = SOSLScanner.firstClauseKeyword(in: condition) ?? condition.endIndex
        guard condition.distance(from: condition.startIndex, to: end) > maxWhereLength else { return }
        throw APIError(
            status: 400, "QUERY_TOO_COMPLICATED",
            "The WHERE clause of RETURNING \(object) is longer than \(maxWhereLength) characters.")
    }

    /// `SELECT fields FROM object …` from a RETURNING clause's `fields [WHERE …] [ORDER BY …] [LIMIT n]`
    /// (`Id` when it names no field).
    static func soql(object: String, clause: String) -> String {
        let split = SOSLScanner.firstClauseKeyword(in: clause) ?? clause.endIndex
        let fields = clause[..<split].trimmingCharacters(in: .whitespaces)
        let rest = clause[split...].trimmingCharacters(in: .whitespaces)
        var soql = "SELECT " + (fields.isEmpty ? "Id" : fields) + " FROM " + object
        if !rest.isEmpty { soql += " " + rest }
        return soql
    }
}
