extension ContactListModel {
    /// `o`: opens the selected record's Lightning page in a browser; the runner says where it is
    /// when no browser can be started.
    mutating func openSelectedRecord() -> [ContactListEffect] {
        guard let record = selectedRecord else { return [] }
        guard record.isRecord else {
            notices.statusMessage = Self.notRecordsStatus
            return []
        }
        guard let instanceURL else {
            notices.statusMessage = "The org's address is not known, so the record cannot be opened."
            return []
        }
        guard SalesforceID.isValid(record.id) else {
            notices.statusMessage = Self.notAnIDMessage
            return []
        }
        guard
            let url = RecordLink.lightningURL(instanceURL: instanceURL, objectType: record.objectType, id: record.id)
        else {
            notices.statusMessage = Self.notAnObjectNameMessage
            return []
        }
        notices.statusMessage = "Opening \(url)"
        // The mock org has no Lightning pages: only a browser the user named is started for it.
        return [.open(url: url, allowsDefaultBrowser: !RecordLink.isLoopback(instanceURL: instanceURL))]
    }

    /// `y`: copies the selected record's Id to the clipboard (OSC 52, written by the runner).
    mutating func copySelectedID() -> [ContactListEffect] {
        guard let record = selectedRecord else { return [] }
        guard record.isRecord else {
            notices.statusMessage = Self.notRecordsStatus
            return []
        }
        guard SalesforceID.isValid(record.id) else {
            notices.statusMessage = Self.notAnIDMessage
            return []
        }
        notices.statusMessage = "Copied \(record.id) to the clipboard"
        return [.copy(record.id)]
    }

    /// What `o` and `y` say of a record whose Id the server made up (a newline, a command, a path).
    static let notAnIDMessage = "This record's Id is not a Salesforce Id; y and o refuse it."
    /// What `o` says of a record whose object name would choose another path of the URL.
    static let notAnObjectNameMessage = "This record's object name is not a Salesforce name; o refuses it."
}
