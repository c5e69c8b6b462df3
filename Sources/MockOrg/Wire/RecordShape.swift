import JSONKit

/// How a selected record is laid out in JSON: its own fields in SELECT order, and each parent
/// relationship as one nested object (or null) at the place of its first selected field.
struct RecordShape {
    enum Item {
        case field(FieldSpec)
        case parent(relationship: FieldSpec, fields: [FieldSpec])
    }

    let items: [Item]

    init(_ paths: [FieldPath]) {
        var items = [Item]()
        for path in paths {
            guard let relationship = path.relationship else {
                items.append(.field(path.field))
                continue
            }
            let existing = items.firstIndex {
                if case .parent(let other, _) = $0 { return other.name == relationship.name }
                return false
            }
            if let existing, case .parent(_, let fields) = items[existing] {
                items[existing] = .parent(relationship: relationship, fields: fields + [path.field])
            } else {
                items.append(.parent(relationship: relationship, fields: [path.field]))
            }
        }
        self.items = items
    }

    /// Writes one record of `object` at `row`, with its attributes first; `more` writes members
    /// after the fields (a query's subqueries).
    func write(
        row: Int, of object: SObjectType, apiVersion: String, tables: OrgTables, into writer: inout JSONWriter,
        more: (inout JSONWriter) -> Void = { _ in }
    ) {
        writer.beginObject()
        Self.writeAttributes(object: object, row: row, apiVersion: apiVersion, into: &writer)
        for item in items {
            switch item {
            case .field(let field) where field.type == .id:
                writer.key(field.name)
                writer.unescapedString { SalesforceID.append(keyPrefix: object.keyPrefix, serial: row + 1, to: &$0) }
            case .field(let field):
                writer.key(field.name)
                writer.value(field.read(tables, row))
            case .parent(let relationship, let fields):
                writer.key(relationship.relationshipName ?? relationship.name)
                guard let parentRow = relationship.parentRow?(tables, row), let parent = relationship.referenceTo else {
                    writer.null()
                    continue
                }
                writer.beginObject()
                Self.writeAttributes(object: parent, row: parentRow, apiVersion: apiVersion, into: &writer)
                for field in fields {
                    writer.key(field.name)
                    writer.value(field.read(tables, parentRow))
                }
                writer.endObject()
            }
        }
        more(&writer)
        writer.endObject()
    }

    static func writeAttributes(object: SObjectType, row: Int, apiVersion: String, into writer: inout JSONWriter) {
        writer.key("attributes")
        writer.beginObject()
        writer.pair("type", object.name)
        writer.key("url")
        // Known parts (the version was checked against the supported ones): no escaping needed.
        writer.unescapedString { bytes in
            bytes.append(contentsOf: "/services/data/".utf8)
            bytes.append(contentsOf: apiVersion.utf8)
            bytes.append(contentsOf: "/sobjects/".utf8)
            bytes.append(contentsOf: object.name.utf8)
            bytes.append(UInt8(ascii: "/"))
            SalesforceID.append(keyPrefix: object.keyPrefix, serial: row + 1, to: &bytes)
        }
        writer.endObject()
    }
}
