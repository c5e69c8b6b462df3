import RestCore

/// What an object's describe says about its fields, as far as editing needs: fetched once per
/// object type, on the first `e`.
struct ObjectFields: Sendable, Hashable {
    /// One field of the describe.
    struct Field: Sendable, Hashable {
        /// The API name as the org spells it (`Email`).
        let name: String
        /// The describe's `type` (`string`, `email`, `address`, …).
        let type: String
        let updateable: Bool
        /// Whether it is a formula field.
        let calculated: Bool
        /// What `c`'s form reads (`ObjectFields+Create`): the label, and whether the field may or
        /// must be set on create.
        var label = ""
        var createable = false
        var nillable = true
        var defaultedOnCreate = false
        /// How it is typed: from `type`, the active `picklistValues` and `referenceTo`.
        var kind = FieldKind.text
    }

    /// The fields by lowercased name: field names are case-insensitive.
    private var fields: [String: Field] = [:]
    /// The object's words from its `label` and `labelPlural`, lowercased; nil when it has none.
    private(set) var noun: ObjectNoun?
    /// The children a delete of one of its records takes with it (`childRelationships`).
    private(set) var cascading: [CascadingRelationship] = []
    /// The fields' lowercased names in the describe's order, which `c`'s form keeps.
    private(set) var order: [String] = []

    /// Reads the `fields` array of a describe answer.
    init(json: JSONValue) {
        if let label = json["label"]?.stringValue, let plural = json["labelPlural"]?.stringValue {
            noun = ObjectNoun(singular: label.lowercased(), plural: plural.lowercased())
        }
        cascading = CascadingRelationship.all(inDescribe: json)
        for case .object(let members) in json["fields"]?.arrayValue ?? [] {
            guard case .string(let name) = members["name"] else { continue }
            fields[name.lowercased()] = Field(
                name: name,
                type: members["type"]?.stringValue ?? "",
                updateable: Self.flag(members["updateable"]),
                calculated: Self.flag(members["calculated"]),
                label: members["label"]?.stringValue ?? name,
                createable: Self.flag(members["createable"]),
                nillable: members["nillable"].map { Self.flag($0) } ?? true,
                defaultedOnCreate: Self.flag(members["defaultedOnCreate"]),
                kind: FieldKind(
                    type: members["type"]?.stringValue ?? "",
                    picklistValues: (members["picklistValues"]?.arrayValue ?? []).compactMap { value in
                        value["active"].map { Self.flag($0) } == false ? nil : value["value"]?.stringValue
                    },
                    referenceTo: (members["referenceTo"]?.arrayValue ?? []).compactMap(\.stringValue)))
            order.append(name.lowercased())
        }
    }

    private static func flag(_ value: JSONValue?) -> Bool {
        if case .bool(let flag)? = value { return flag }
        return false
    }

    func field(named name: String) -> Field? { fields[name.lowercased()] }

    /// Why the field at `path` (`Email`, `Account.Name`) cannot be edited, in one sentence;
    /// nil when it can.
    func whyNotEditable(_ path: String, objectType: String) -> String? {
        if path.contains(".") {
            return "\(path) belongs to a related record and cannot be edited here."
        }
        guard let field = field(named: path) else { return "\(objectType) has no field \(path) to edit." }
        if field.updateable { return nil }
        if field.type == "id" { return "\(field.name) is the record's id and cannot be changed." }
        if field.calculated { return "\(field.name) is a formula field and cannot be edited." }
        if field.type == "address" {
            return "\(field.name) is a compound field; edit its parts (such as MailingStreet) instead."
        }
        if field.name == "Name", self.field(named: "LastName") != nil {
            return "Name is built from FirstName and LastName; edit those instead."
        }
        return "\(field.name) is read-only and cannot be edited."
    }
}
