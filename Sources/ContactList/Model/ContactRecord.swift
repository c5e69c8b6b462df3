import RestCore

/// One record of the list, as the server sent it.
public struct ContactRecord: Hashable, Sendable, Identifiable {
    /// The record's id (18 characters).
    public let id: String
    /// The record's sObject type from `attributes.type`, e.g. `Contact`.
    public let objectType: String
    /// The whole record body.
    public let fields: JSONValue

    public init(id: String, objectType: String, fields: JSONValue) {
        self.id = id
        self.objectType = objectType
        self.fields = fields
    }

    /// Reads a record from a query result entry; nil when it has no id.
    public init?(json: JSONValue) {
        guard let id = json["Id"]?.stringValue else { return nil }
        self.id = id
        self.objectType = json["attributes"]?["type"]?.stringValue ?? "Contact"
        self.fields = json
    }

    /// The text of a field path such as `Account.Name`; "" for null or missing.
    public func value(of field: String) -> String {
        var current: JSONValue? = fields
        for part in field.split(separator: ".") {
            current = current?[String(part)]
        }
        return current?.stringValue ?? ""
    }

    /// The name shown in messages about this record.
    public var displayName: String {
        let name = value(of: "Name")
        return name.isEmpty ? id : name
    }
}
