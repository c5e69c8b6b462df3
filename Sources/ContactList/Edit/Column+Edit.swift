extension Column {
    /// Whether this column shows the record's own field `field` (not a related record's).
    func matchesField(_ field: String) -> Bool {
        shows(path: [field])
    }
}

extension ContactRecord {
    /// The record with other column texts: a field's edited, confirmed or restored value.
    func replacingValues(_ values: [String]) -> ContactRecord {
        var record = ContactRecord(id: id, objectType: objectType, displayName: displayName, values: values)
        record.dependents = dependents
        record.lastModifiedDate = lastModifiedDate
        return record
    }
}
