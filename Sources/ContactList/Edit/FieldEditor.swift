/// The one-line editor of a field, open over the row (or the detail line) it edits.
public struct FieldEditor: Hashable, Sendable {
    /// The record edited.
    public let record: ContactRecord
    /// The field's API name as the org spells it.
    public let field: String
    /// The value shown when the editor opened.
    public let original: String
    /// The text being typed, with its cursor.
    public internal(set) var text: TextField
    /// Whether it edits a line of the detail view (else the selected row of the list).
    public let inDetail: Bool
    /// How the field is typed: Space toggles a checkbox or picks a picklist's next value; a date
    /// is checked before it is sent.
    var kind = FieldKind.text
    /// A reference's typed name that matched several records: a digit chooses one.
    public internal(set) var choices: [CreateForm.ReferenceChoice] = []
}

/// One field of one record: what an update changes.
struct FieldKey: Hashable, Sendable {
    let recordID: String
    /// The field's API name as the org spells it.
    let field: String
}

/// A PATCH of one field in flight: what it sets and in which order it was made, so that
/// of two updates of one field the later one is shown.
public struct FieldUpdate: Hashable, Sendable {
    public let record: ContactRecord
    public let field: String
    public let value: String
    /// Counts up across updates: the highest pending one of a field is the one shown.
    let sequence: Int

    var key: FieldKey { FieldKey(recordID: record.id, field: field) }
}
