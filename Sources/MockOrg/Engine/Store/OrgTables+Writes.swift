/// Row-level changes the write operations share.
extension OrgTables {
    /// Appends an empty record of `object` stamped `now`; returns its row.
    func appendBlank(_ object: SObjectType, now: Int64) -> Int {
        switch object {
        case .account:
            accounts.append(AccountRecord(name: "", createdDate: now, lastModifiedDate: now))
            return accounts.count - 1
        case .contact:
            contacts.append(
                ContactRecord(lastName: "", accountSerial: 0, createdDate: now, lastModifiedDate: now))
            return contacts.count - 1
        case .supportCase:
            cases.append(
                CaseRecord(
                    caseNumber: nextCaseNumber, status: "New", contactSerial: 0, accountSerial: 0, createdDate: now,
                    lastModifiedDate: now))
            nextCaseNumber += 1
            return cases.count - 1
        }
    }

    /// Sets the last-modified stamp of a record.
    func touch(_ object: SObjectType, row: Int, now: Int64) {
        switch object {
        case .account: accounts[row].lastModifiedDate = now
        case .contact: contacts[row].lastModifiedDate = now
        case .supportCase: cases[row].lastModifiedDate = now
        }
    }

    /// Marks a record deleted. Sort orders stay valid (queries skip deleted rows); kept row lists do not.
    func markDeleted(_ object: SObjectType, row: Int) {
        switch object {
        case .account: accounts[row].isDeleted = true
        case .contact: contacts[row].isDeleted = true
        case .supportCase: cases[row].isDeleted = true
        }
        writeGeneration += 1
    }

    /// The serials of the live Cases of the Contact at `row`.
    func liveCaseSerials(ofContact row: Int) -> [Int32] {
        (casesByContact[Int32(row + 1)] ?? []).filter { !cases[Int($0) - 1].isDeleted }
    }

    /// Keeps derived indexes right after a create or update and invalidates cached sort orders.
    func recordWritten(_ object: SObjectType, row: Int) {
        if object == .supportCase {
            let serial = Int32(row + 1)
            for key in casesByContact.keys {
                casesByContact[key]?.removeAll { $0 == serial }
            }
            let contact = cases[row].contactSerial
            if contact > 0 { casesByContact[contact, default: []].append(serial) }
        }
        sortGeneration += 1
        writeGeneration += 1
    }
}
