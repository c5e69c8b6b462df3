import SOQL

/// A SOQL statement resolved against the org's schema: what the engine runs.
struct SOQLQuery: Sendable {
    enum Selection: Sendable {
        case count
        case fields([FieldPath])
        /// Grouped fields and aggregate functions: one `AggregateResult` record per group.
        case aggregate([AggregateColumn])
    }

    let object: SObjectType
    let selection: Selection
    let filter: SOQLCondition?
    /// The GROUP BY fields; empty without GROUP BY.
    let grouping: [FieldPath]
    let ordering: [SOQLOrdering]
    let limit: Int?
    let offset: Int?
    /// The parent-to-child subqueries of the SELECT list, in its order; empty without any.
    var children: [ChildQuery] = []
}

/// A selected or filtered field: a field of the queried object, or one of a parent record.
struct FieldPath: Sendable {
    /// The reference field through which the parent is reached (e.g. Contact.AccountId), if any.
    let relationship: FieldSpec?
    let field: FieldSpec

    /// Reads the value for `row` of the queried object; null when the parent is missing.
    func value(in tables: OrgTables, row: Int) -> FieldValue {
        guard let relationship else { return field.read(tables, row) }
        guard let parent = relationship.parentRow?(tables, row) else { return .null }
        return field.read(tables, parent)
    }

    /// `Name` or `Account.Name`, with canonical names.
    var canonicalName: String {
        guard let relationship, let name = relationship.relationshipName else { return field.name }
        return name + "." + field.name
    }
}

struct SOQLOrdering: Sendable {
    let path: FieldPath
    let descending: Bool
    let nullsFirst: Bool
}

/// A literal on the right of a comparison, already of the field's kind.
indirect enum SOQLCondition: Sendable {
    typealias Operator = SOQLStatement.Operator

    /// A run of ANDs or ORs as one list, as the parser reads it: no deep tree for a long run.
    case and([SOQLCondition])
    case or([SOQLCondition])
    case not(SOQLCondition)
    case compare(FieldPath, Operator, FieldValue)
    /// A date-valued range (TODAY, LAST_N_DAYS:n) in milliseconds: `lower ..< upper`.
    case compareRange(FieldPath, Operator, lower: Int64, upper: Int64)
    case like(FieldPath, LikePattern)
    case member(FieldPath, MemberValues, negated: Bool)
    /// `Id IN (SELECT ContactId FROM Case …)`, or `NOT IN` (an anti-join).
    case semiJoin(FieldPath, SemiJoin, negated: Bool)
}

/// The inner SELECT of a semi-join: the ids (or references) one field of `object` holds in the
/// live rows that match `filter`.
struct SemiJoin: Sendable {
    let object: SObjectType
    let field: FieldPath
    let filter: SOQLCondition?

    /// The non-null values of the field over the matching rows, with `matches` deciding the filter.
    func values(in tables: OrgTables, matches: ((Int) -> Bool)?, budget: QueryBudget?) throws(APIError) -> Set<String> {
        var values = Set<String>()
        for row in 0..<tables.rowCount(of: object) where !tables.isDeleted(object, row: row) {
            try budget?.step()
            if let matches, !matches(row) { continue }
            if case .string(let id) = field.value(in: tables, row: row) { values.insert(id) }
        }
        return values
    }
}
