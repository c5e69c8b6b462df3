import RestCore
import SOQL

/// The query's ORDER BY as the org applies it, so that a synced row takes its place without a
/// page of the query: each ORDER BY field compared with the org's rules (text ignoring case by
/// `SOQLTextOrder`, nulls first going up and last going down unless the query says otherwise),
/// and equal rows by `Id` (the mock org lists ties in the order records were made, which their
/// ids follow).
struct RowOrder: Sendable {
    /// One ORDER BY field.
    struct Item: Sendable {
        let path: [String]
        let descending: Bool
        let nullsFirst: Bool
    }

    /// A row's place: its ORDER BY values, then its id.
    struct Key: Sendable {
        let id: String
        let values: [SortValue]
    }

    /// A value of an ORDER BY field as a record's JSON holds it.
    enum SortValue: Sendable, Equatable {
        case null
        case text(String)
        case number(Double)
        case bool(Bool)

        init(_ json: JSONValue?) {
            switch json {
            case .string(let text): self = .text(text)
            case .number(let number): self = .number(number)
            case .bool(let value): self = .bool(value)
            default: self = .null
            }
        }
    }

    let items: [Item]

    /// The order of `query`; nil when it does not parse (a sync then loads the list again).
    init?(query: String) {
        guard let statement = try? SOQLParser.parse(query) else { return nil }
        items = statement.ordering.map {
            Item(path: $0.path.parts, descending: $0.descending, nullsFirst: $0.nullsFirst)
        }
    }

    /// The fields the rows must read for their place (the query may order by fields it does not select).
    var paths: [[String]] { items.map(\.path) }

    /// The key of a query result's record.
    func key(of record: JSONValue, id: String) -> Key {
        Key(
            id: id,
            values: items.map { SortValue(FieldLookup.value(at: $0.path, in: record, fields: \.objectValue)) })
    }

    /// Whether `a` comes before `b` in the query's order.
    func precedes(_ a: Key, _ b: Key) -> Bool {
        for (index, item) in items.enumerated() {
            let order = Self.compare(a.values[index], b.values[index], item)
            if order != 0 { return order < 0 }
        }
        return a.id.utf8.lexicographicallyPrecedes(b.id.utf8)
    }

    private static func compare(_ a: SortValue, _ b: SortValue, _ item: Item) -> Int {
        switch (a, b) {
        case (.null, .null): return 0
        case (.null, _): return item.nullsFirst ? -1 : 1
        case (_, .null): return item.nullsFirst ? 1 : -1
        default:
            let result: Int
            switch (a, b) {
            case (.text(let x), .text(let y)): result = SOQLTextOrder.compareIgnoringCase(x, y)
            case (.number(let x), .number(let y)): result = x < y ? -1 : (x > y ? 1 : 0)
            case (.bool(let x), .bool(let y)): result = x == y ? 0 : (x ? 1 : -1)
            default: result = 0
            }
            return item.descending ? -result : result
        }
    }
}
