extension ContactListModel {
    // MARK: - Naming a record in a message

    /// The name a status line or an alert gives a record: its name, and when another loaded row
    /// has the same name, one more field that tells them apart (Email, else the second column):
    /// `Abara (abara7@example.com)`.
    func label(of record: ContactRecord) -> String {
        let name = Alert.oneLine(record.displayName)
        guard hasNamesake(record), let extra = distinguishingValue(of: record) else { return name }
        return "\(name) (\(Alert.oneLine(extra)))"
    }

    /// Whether another loaded row, or another record being deleted, has the record's name.
    private func hasNamesake(_ record: ContactRecord) -> Bool {
        dataRows.contains { $0.displayName == record.displayName && $0.id != record.id }
            || deleteRequests.values.contains {
                $0.record.displayName == record.displayName && $0.record.id != record.id
            }
    }

    /// The record's Email when the list shows one, else its second column; nil when empty.
    private func distinguishingValue(of record: ContactRecord) -> String? {
        let email = columns.firstIndex { $0.matchesField("Email") }
        let second = columns.indices.contains(1) && !columns[1].matchesField("Name") ? 1 : nil
        for index in [email, second].compactMap({ $0 }) where !record.value(at: index).isEmpty {
            return record.value(at: index)
        }
        return nil
    }
}
