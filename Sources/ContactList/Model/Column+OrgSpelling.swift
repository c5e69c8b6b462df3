import RestCore
import SOQL

extension Column {
    /// Takes the org's spelling of the field for the title from the first of `records` that has
    /// the whole path (a null relationship does not), as Salesforce answers `Name` to `name`.
    mutating func adoptOrgSpelling(from records: [JSONValue]) {
        guard awaitsOrgSpelling else { return }
        for record in records {
            if let keys = FieldLookup.keys(at: path, in: record, fields: \.objectValue) {
                title = keys.joined(separator: " ")
                awaitsOrgSpelling = false
                return
            }
        }
    }
}
