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
        case .user:
            // Never reached: users are read-only (`OrgStore.refuseReadOnly`).
            users.append(UserRecord(name: "", username: "", email: "", isActive: false, createdDate: now))
            return users.count - 1
        }
    }

    /// Stamps a change by the org's user at `now`: `LastModifiedDate` (and `SystemModstamp`, which
    /// follows it) and `LastModifiedById`.
    func touch(_ object: SObjectType, row: Int, now: Int64) {
        switch object {
        case .account:
            accounts[row].lastModifiedDate = now
            accounts[row].users.lastModifiedBy = RecordUsers.orgUser.lastModifiedBy
        case .contact:
            contacts[row].lastModifiedDate = now
            contacts[row].users.lastModifiedBy = RecordUsers.orgUser.lastModifiedBy
        case .supportCase:
            cases[row].lastModifiedDate = now
            cases[row].users.lastModifiedBy = RecordUsers.orgUser.lastModifiedBy
        case .user:
            break
        }
    }

    /// Moves a record to the Recycle Bin (`deleted` true, stamped `now`, which `SystemModstamp`
    /// shows) or back out of it (false, a change by the org's user). A delete keeps sort orders
    /// valid (queries skip deleted rows), so a million-row order is not sorted again per delete;
    /// kept row lists do not stay valid.
    func setDeleted(_ object: SObjectType, row: Int, _ deleted: Bool, now: Int64) {
        let stamp = deleted ? now : 0
        switch object {
        case .account: (accounts[row].isDeleted, accounts[row].deletedDate) = (deleted, stamp)
        case .contact: (contacts[row].isDeleted, contacts[row].deletedDate) = (deleted, stamp)
        case .supportCase: (cases[row].isDeleted, cases[row].deletedDate) = (deleted, stamp)
        case .user: return
        }
        if !deleted {
            touch(object, row: row, now: now)
            sortGeneration += 1
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
