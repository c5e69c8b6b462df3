extension ContactListModel {
    // MARK: - Naming a record in a message

    /// The name a status line or an alert gives a record: its name, and when another loaded row
    /// has the same name, one more field that tells them apart (Email, else the second column):
    /// `Abara (abara7@example.com)`.
    func label(of record: ContactRecord) -> String {
        labels(of: [record])[0]
    }

    /// The labels of many records at once (a bulk delete's question): the rows are read once, not
    /// once per record.
    func labels(of records: [ContactRecord]) -> [String] {
        let names = Set(records.map(\.displayName))
        // For each name asked about, the ids of the loaded rows and records being deleted that carry it.
        var holders: [String: Set<String>] = [:]
        for row in dataRows {
            // A snapshot row makes its name from its bytes: once per row.
            let name = row.displayName
            if names.contains(name) { holders[name, default: []].insert(row.id) }
        }
        for info in deleteRequests.values where names.contains(info.record.displayName) {
            holders[info.record.displayName, default: []].insert(info.record.id)
        }
        return records.map { record in
            let name = Alert.oneLine(record.displayName)
            let namesakes = holders[record.displayName, default: []].subtracting([record.id])
            guard !namesakes.isEmpty, let extra = distinguishingValue(of: record) else { return name }
            return "\(name) (\(Alert.oneLine(extra)))"
        }
    }

    /// The record's Email when the list shows one, else its second column; nil when empty.
    private func distinguishingValue(of record: ContactRecord) -> String? {
        let email = run.columns.firstIndex { $0.matchesField("Email") }
        let second = run.columns.indices.contains(1) && !run.columns[1].matchesField("Name") ? 1 : nil
        for index in [email, second].compactMap({ $0 }) where !record.value(at: index).isEmpty {
            return record.value(at: index)
        }
        return nil
    }
}
