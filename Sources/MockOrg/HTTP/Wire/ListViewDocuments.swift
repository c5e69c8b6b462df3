import JSONKit
import SOQL

/// The list view resources' bodies, as the REST API Developer Guide shows them (keys in its order).
enum ListViewDocuments {
    /// `sobjects/OBJECT/listviews` (one page from `offset`) or `listviews/recent`.
    static func list(
        _ views: [ListView], object: SObjectType, offset: Int, pageSize: Int, version: String, path: String
    ) -> [UInt8] {
        let page = views.dropFirst(offset).prefix(pageSize)
        let next = offset + page.count
        var writer = JSONWriter()
        writer.beginObject()
        writer.pair("done", next >= views.count)
        writer.key("listviews")
        writer.beginArray()
        for view in page { summary(view, version: version, into: &writer) }
        writer.endArray()
        writer.key("nextRecordsUrl")
        if next < views.count {
            writer.string(path + "?limit=" + String(pageSize) + "&offset=" + String(next))
        } else {
            writer.null()
        }
        writer.pair("size", views.count)
        writer.pair("sobjectType", object.name)
        writer.endObject()
        return writer.bytes
    }

    /// `listviews/ID`: the view's entry of the list.
    static func basicInfo(_ view: ListView, version: String) -> [UInt8] {
        var writer = JSONWriter()
        summary(view, version: version, into: &writer)
        return writer.bytes
    }

    private static func summary(_ view: ListView, version: String, into writer: inout JSONWriter) {
        let url = "/services/data/" + version + "/sobjects/" + view.object.name + "/listviews/" + view.id
        writer.beginObject()
        writer.pair("describeUrl", url + "/describe")
        writer.pair("developerName", view.developerName)
        writer.pair("id", view.id)
        writer.pair("label", view.label)
        writer.pair("resultsUrl", url + "/results")
        writer.pair("soqlCompatible", view.soqlCompatible)
        writer.pair("url", url)
        writer.endObject()
    }

    /// `listviews/ID/describe`. A view that is not SOQL-compatible has no query to give.
    static func describe(_ view: ListView) -> [UInt8] {
        var writer = JSONWriter(capacity: 4096)
        writer.beginObject()
        writer.key("columns")
        columns(view, into: &writer)
        writer.pair("id", view.id)
        writer.key("orderBy")
        writer.beginArray()
        for ordering in view.fullOrdering {
            writer.beginObject()
            writer.pair("fieldNameOrPath", ordering.field)
            writer.pair("nullsPosition", ordering.descending ? "last" : "first")
            writer.pair("sortDirection", ordering.descending ? "descending" : "ascending")
            writer.endObject()
        }
        writer.endArray()
        writer.key("query")
        if view.soqlCompatible { writer.string(view.query) } else { writer.null() }
        writer.key("relatedEntityId")
        writer.null()
        writer.pair("scope", view.scope)
        writer.key("scopeEntityId")
        writer.null()
        writer.pair("sobjectType", view.object.name)
        writer.key("whereCondition")
        whereCondition(view, into: &writer)
        writer.endObject()
        return writer.bytes
    }

    /// `listviews/ID/results`: `rows` from the store, the values in select-list order.
    static func results(_ view: ListView, rows: [[String?]], done: Bool) -> [UInt8] {
        var writer = JSONWriter(capacity: 256 + rows.count * 512)
        let names = view.selectList
        writer.beginObject()
        writer.key("columns")
        columns(view, into: &writer)
        writer.pair("developerName", view.developerName)
        writer.pair("done", done)
        writer.pair("id", view.id)
        writer.pair("label", view.label)
        writer.key("records")
        writer.beginArray()
        for row in rows {
            writer.beginObject()
            writer.key("columns")
            writer.beginArray()
            for (name, value) in zip(names, row) {
                writer.beginObject()
                writer.pair("fieldNameOrPath", name)
                writer.key("value")
                if let value { writer.string(value) } else { writer.null() }
                writer.endObject()
            }
            writer.endArray()
            writer.endObject()
        }
        writer.endArray()
        writer.pair("size", rows.count)
        writer.endObject()
        return writer.bytes
    }

    private static func columns(_ view: ListView, into writer: inout JSONWriter) {
        let shown = view.columns.count
        writer.beginArray()
        for (index, name) in view.selectList.enumerated() {
            guard let column = view.field(of: name) else { continue }
            let field = column.field
            let sortIndex = view.fullOrdering.firstIndex { $0.field.lowercased() == name.lowercased() }
            let (ascending, descending) = sortLabels(field.type)
            writer.beginObject()
            writer.key("ascendingLabel")
            if let ascending { writer.string(ascending) } else { writer.null() }
            writer.key("descendingLabel")
            if let descending { writer.string(descending) } else { writer.null() }
            writer.pair("fieldNameOrPath", name)
            writer.pair("hidden", index >= shown)
            writer.pair("label", column.label)
            writer.pair("searchable", field.type.isText)
            writer.pair("selectListItem", name)
            writer.key("sortDirection")
            if let sortIndex {
                writer.string(view.fullOrdering[sortIndex].descending ? "descending" : "ascending")
            } else {
                writer.null()
            }
            writer.key("sortIndex")
            if let sortIndex { writer.number(sortIndex) } else { writer.null() }
            writer.pair("sortable", field.type.isSortable)
            writer.pair("type", field.type.rawValue)
            writer.endObject()
        }
        writer.endArray()
    }

    /// The words under a column's sort arrows, as Salesforce's describe gives them (its own,
    /// reversed-looking, pairing).
    private static func sortLabels(_ type: FieldType) -> (String?, String?) {
        switch type {
        case .string, .email, .textarea: ("Z-A", "A-Z")
        case .phone, .int, .currency: ("9-0", "0-9")
        case .picklist: ("Low to High", "High to Low")
        case .date, .datetime: ("New to Old", "Old to New")
        case .id, .reference, .boolean, .address: (nil, nil)
        }
    }

    /// The filter as Salesforce's `SoqlWhereCondition`: a group `{conditions, conjunction}`, a
    /// negation `{condition}` or a test `{field, operator, values}`; no filter is an empty group.
    private static func whereCondition(_ view: ListView, into writer: inout JSONWriter) {
        guard let filter = view.filter,
            let condition = try? SOQLParser.parse("SELECT Id FROM " + view.object.name + " WHERE " + filter).filter
        else {
            group([], conjunction: "and", into: &writer)
            return
        }
        write(condition, into: &writer)
    }

    private static func group(
        _ conditions: [SOQLStatement.Condition], conjunction: String, into writer: inout JSONWriter
    ) {
        writer.beginObject()
        writer.key("conditions")
        writer.beginArray()
        for condition in conditions { write(condition, into: &writer) }
        writer.endArray()
        writer.pair("conjunction", conjunction)
        writer.endObject()
    }

    private static func write(_ condition: SOQLStatement.Condition, into writer: inout JSONWriter) {
        switch condition {
        case .and(let terms):
            group(terms, conjunction: "and", into: &writer)
        case .or(let terms):
            group(terms, conjunction: "or", into: &writer)
        case .not(let inner):
            writer.beginObject()
            writer.key("condition")
            write(inner, into: &writer)
            writer.endObject()
        case .test(let path, let test):
            let (operation, values) = operatorAndValues(test)
            writer.beginObject()
            writer.pair("field", path.parts.joined(separator: "."))
            writer.pair("operator", operation)
            writer.key("values")
            writer.beginArray()
            for value in values { writer.string(value) }
            writer.endArray()
            writer.endObject()
        }
    }

    /// A test's operator by its SOAP name, and its values as written (strings keep their quotes).
    private static func operatorAndValues(_ test: SOQLStatement.Test) -> (String, [String]) {
        func text(_ literal: SOQLStatement.Literal) -> String {
            literal.token.text + (literal.dayCount.map { ":" + String($0) } ?? "")
        }
        switch test {
        case .like(let token): return ("like", [token.text])
        case .member(let literals, let negated): return (negated ? "notIn" : "in", literals.map(text))
        case .semiJoin(_, _, let negated): return (negated ? "notIn" : "in", [])
        case .compare(let op, let literal):
            let names: [SOQLStatement.Operator: String] = [
                .equal: "equals", .notEqual: "notEquals", .less: "lessThan", .lessOrEqual: "lessOrEqual",
                .greater: "greaterThan", .greaterOrEqual: "greaterOrEqual",
            ]
            return (names[op] ?? "equals", [text(literal)])
        }
    }
}
