/// The fields every create and update writes go through, single or in a collection.
extension OrgStore {
    /// The fields of `record` a write sets: parsed against the object's schema, then passed
    /// through the org's validation rules.
    func writtenFields(
        _ record: [String: Any], of object: SObjectType, creating: Bool
    ) throws(APIError) -> [(field: FieldSpec, value: FieldValue)] {
        if object == .user { throw APIError.readOnlyObject(object, creating ? "inserted" : "updated") }
        let values = try Self.parseFields(record, of: object, creating: creating)
        try validationRules.check(object, values)
        return values
    }
}
