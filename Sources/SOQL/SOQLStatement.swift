/// A SELECT statement as written: the grammar's syntax tree, before any name is looked up.
///
/// Names stay text with their offsets, and a comparison's value stays the token written, so
/// that whoever resolves the statement against a schema reports errors where Salesforce does.
package struct SOQLStatement: Sendable {
    /// A dotted name as written (`Account.Name`).
    package struct Path: Sendable, Equatable {
        package let parts: [String]
        /// Offset of the first part in the statement.
        package let offset: Int

        package init(parts: [String], offset: Int) {
            self.parts = parts
            self.offset = offset
        }
    }

    /// One entry of the SELECT list.
    package enum Item: Sendable {
        /// `Name`, `Account.Name`, or `Name n` with an alias.
        case field(Path, alias: SOQLToken?)
        /// `COUNT()`, `COUNT(Id) total`, `toLabel(Status)`, `FIELDS(ALL)`: the arguments are kept as
        /// their tokens (`after` is the token that follows the closing parenthesis).
        case function(name: SOQLToken, open: SOQLToken, arguments: [SOQLToken], after: SOQLToken, alias: SOQLToken?)
        /// `(SELECT Id FROM Cases WHERE … ORDER BY … LIMIT n)`, a parent-to-child subquery: its FROM
        /// is the relationship (`statement.object`); it has no GROUP BY and no OFFSET.
        case subquery(open: SOQLToken, statement: SOQLStatement)
        /// `TYPEOF What WHEN … END`: `subject` is the token after TYPEOF.
        case typeOf(subject: SOQLToken)
    }

    /// The comparison operators; `<>` is read as `!=`.
    package enum Operator: String, Sendable {
        case equal = "=", notEqual = "!=", less = "<", lessOrEqual = "<=", greater = ">", greaterOrEqual = ">="
    }

    /// The value of a comparison: the token written, whatever its kind (its fitness for the
    /// field is a matter of the field's type), and for `LAST_N_DAYS:n` or `NEXT_N_DAYS:n` the n.
    package struct Literal: Sendable {
        package let token: SOQLToken
        package let dayCount: Int?
    }

    package enum Test: Sendable {
        /// `LIKE 'pattern'`: the string token, whose `likePattern` keeps LIKE's escapes.
        case like(SOQLToken)
        /// `IN (…)` or `NOT IN (…)`.
        case member([Literal], negated: Bool)
        /// `IN (SELECT …)` or `NOT IN (SELECT …)`: a semi-join or anti-join on the inner
        /// statement's one selected field. `open` is the inner SELECT.
        indirect case semiJoin(SOQLStatement, open: SOQLToken, negated: Bool)
        case compare(Operator, Literal)
    }

    /// A WHERE clause. A run of ANDs (or of ORs) is one list, so that a long run is no deep tree
    /// for whoever walks it.
    package indirect enum Condition: Sendable {
        case and([Condition])
        case or([Condition])
        case not(Condition)
        case test(Path, Test)
    }

    package struct Ordering: Sendable {
        package let path: Path
        package let descending: Bool
        package let nullsFirst: Bool
    }

    /// The statement's text, for error messages.
    package let text: String
    package let items: [Item]
    /// The object after FROM.
    package let object: SOQLToken
    package let filter: Condition?
    /// The GROUP BY fields, in order; empty without GROUP BY.
    package let grouping: [Path]
    package let ordering: [Ordering]
    package let limit: Int?
    /// The OFFSET value and its token (Salesforce caps it at 2,000).
    package let offset: (value: Int, token: SOQLToken)?
}
