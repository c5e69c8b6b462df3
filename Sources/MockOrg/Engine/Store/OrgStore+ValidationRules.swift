/// The org's validation rules, checked on every create and update after the fields parsed.
extension OrgStore {
    func checkValidationRules(
        _ object: SObjectType, _ values: [(field: FieldSpec, value: FieldValue)]
    ) throws(APIError) {
        for rule in validationRules where rule.objectType.lowercased() == object.name.lowercased() {
            for (field, value) in values where field.name.lowercased() == rule.field.lowercased() {
                guard let text = value.text, text.contains(rule.rejectedText) else { continue }
                throw APIError(status: 400, "FIELD_CUSTOM_VALIDATION_EXCEPTION", rule.message, fields: [field.name])
            }
        }
    }
}
