extension ObjectFields {
    /// Whether a new record must have this field: createable, not nillable, not set by the org
    /// (`defaultedOnCreate`, and a checkbox is never empty).
    static func isRequiredOnCreate(_ field: Field) -> Bool {
        field.createable && !field.nillable && !field.defaultedOnCreate && field.type != "boolean"
    }

    /// `c`'s form: the required createable fields first (Contact: LastName), then the list's
    /// createable columns, then behind "more fields…" every other createable field, each group
    /// in the describe's order.
    func createForm(objectType: String, columns: [Column]) -> CreateForm {
        let all = order.compactMap { field(named: $0) }.filter(\.createable)
        let required = all.filter(Self.isRequiredOnCreate)
        var taken = Set(required.map(\.name))
        let listed = columns.compactMap { column -> Field? in
            guard column.path.count == 1, let field = field(named: column.field), field.createable,
                taken.insert(field.name).inserted
            else { return nil }
            return field
        }
        let more = all.filter { taken.insert($0.name).inserted }
        func entry(_ field: Field) -> CreateForm.Entry {
            CreateForm.Entry(
                field: field.name, label: field.label, isRequired: Self.isRequiredOnCreate(field), text: TextField(),
                error: nil, kind: field.kind)
        }
        return CreateForm(objectType: objectType, primary: (required + listed).map(entry), more: more.map(entry))
    }
}
