/// The org's validation rules resolved against the schema once, when the org starts: for each
/// object and field (by the field's own spelling), the rules a written value must pass. A rule
/// naming an object or field the schema lacks can never apply and is dropped.
struct ValidationRules: Sendable {
    private let rulesByField: [SObjectType: [String: [MockOrgValidationRule]]]

    init(_ rules: [MockOrgValidationRule]) {
        var rulesByField = [SObjectType: [String: [MockOrgValidationRule]]]()
        for rule in rules {
            guard let object = SObjectType(named: rule.objectType), let field = object.field(named: rule.field)
            else { continue }
            rulesByField[object, default: [:]][field.name, default: []].append(rule)
        }
        self.rulesByField = rulesByField
    }

    /// Refuses `values` with 400 `FIELD_CUSTOM_VALIDATION_EXCEPTION` when a rule rejects one.
    func check(_ object: SObjectType, _ values: [(field: FieldSpec, value: FieldValue)]) throws(APIError) {
        guard let rules = rulesByField[object] else { return }
        for (field, value) in values {
            guard let text = value.text,
                let rule = rules[field.name]?.first(where: { text.contains($0.rejectedText) })
            else { continue }
            throw APIError(status: 400, "FIELD_CUSTOM_VALIDATION_EXCEPTION", rule.message, fields: [field.name])
        }
    }
}
