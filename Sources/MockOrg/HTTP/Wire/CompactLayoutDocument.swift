import JSONKit

/// `sobjects/{type}/describe/compactLayouts/primary`: the object's system default compact layout,
/// the few fields that name a record, in the shape of the REST API Developer Guide.
enum CompactLayoutDocument {
    /// The layout's fields, as a new org's system default has them.
    static func fields(_ object: SObjectType) -> [String] {
        switch object {
        case .contact: ["Name", "Title", "AccountId", "Phone", "Email"]
        case .account: ["Name", "Phone", "Industry", "BillingCity"]
        case .supportCase: ["CaseNumber", "Subject", "Status", "ContactId"]
        case .user: ["Name", "Username", "Email"]
        }
    }

    static func primary(_ object: SObjectType) -> [UInt8] {
        var writer = JSONWriter(capacity: 4096)
        writer.beginObject()
        writer.key("actions")
        writer.beginArray()
        writer.endArray()
        writer.key("fieldItems")
        writer.beginArray()
        for (index, name) in fields(object).enumerated() {
            guard let field = object.field(named: name) else { continue }
            writer.beginObject()
            writer.pair("editableForNew", field.createable)
            writer.pair("editableForUpdate", field.updateable)
            writer.pair("label", field.label)
            writer.key("layoutComponents")
            writer.beginArray()
            writer.beginObject()
            writer.key("components")
            writer.beginArray()
            writer.endArray()
            writer.key("details")
            details(field, into: &writer)
            writer.pair("displayLines", 1)
            writer.pair("tabOrder", index + 1)
            writer.pair("type", "Field")
            writer.pair("value", field.name)
            writer.endObject()
            writer.endArray()
            writer.pair("placeholder", false)
            writer.pair("required", !field.nillable && field.createable)
            writer.endObject()
        }
        writer.endArray()
        writer.key("id")
        writer.null()
        writer.key("imageItems")
        writer.beginArray()
        writer.endArray()
        writer.pair("label", "System Default")
        writer.pair("name", "SYSTEM")
        writer.pair("objectType", object.name)
        writer.endObject()
        return writer.bytes
    }

    /// The field's describe, the part a compact layout repeats.
    private static func details(_ field: FieldSpec, into writer: inout JSONWriter) {
        writer.beginObject()
        writer.pair("createable", field.createable)
        writer.pair("filterable", field.type.isFilterable)
        writer.pair("label", field.label)
        writer.pair("length", field.length)
        writer.pair("name", field.name)
        writer.pair("nillable", field.nillable)
        writer.pair("sortable", field.type.isSortable)
        writer.pair("type", field.type.rawValue)
        writer.pair("updateable", field.updateable)
        writer.endObject()
    }
}
