/// The org's validation rules resolved against the schema once, when the org starts: for each
/// object, its rules in the order they were set up, each with its field's own spelling. A rule
/// naming an object or field the schema lacks can never apply and is dropped.
struct ValidationRules: Sendable {
    private let rulesByObject: [SObjectType: [(field: String, rule: MockOrgValidationRule)]]

    init(_ rules: [MockOrgValidationRule]) {
        var rulesByObject = [SObjectType: [(field: String, rule: MockOrgValidationRule)]]()
        for rule in rules {
            guard let object = SObjectType(named: rule.objectType), let field = object.field(named: rule.field)
            else { continue }
            rulesByObject[object, default: []].append((field.name, rule))
        }
        self.rulesByObject = rulesByObject
    }

    /// Refuses `values` with 400 `FIELD_CUSTOM_VALIDATION_EXCEPTION` for the first rule, in the
    /// order the rules were set up, that rejects one of them.
    func check(_ object: SObjectType, _ values: [(field: FieldSpec, value: FieldValue)]) throws(APIError) {
        guard let rules = rulesByObject[object] else { return }
        for (field, rule) in rules {
            for (written, value) in values where written.name == field {
                guard let text = value.text, text.contains(rule.rejectedText) else { continue }
                throw APIError(status: 400, "FIELD_CUSTOM_VALIDATION_EXCEPTION", rule.message, fields: [field])
            }
        }
    }
}
