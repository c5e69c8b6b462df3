/// The org's records. Only ever used inside `OrgStore`'s lock, so it needs no locking of its own.
final class OrgTables {
    var accounts: [AccountRecord]
    var contacts: [ContactRecord]
    var cases: [CaseRecord]
    var users: [UserRecord]
    /// Case serials per contact serial, for `DELETE_FAILED` and cascading checks.
    var casesByContact: [Int32: [Int32]]
    var nextCaseNumber: Int32
    /// Bumped by creates and updates (not deletes, which queries filter out anyway): sort orders stay valid until it changes.
    var sortGeneration = 0
    /// Bumped by every create, update and delete.
    var writeGeneration = 0

    init(generator: SeedGenerator) {
        users = SeedGenerator.users
        accounts = generator.makeAccounts()
        contacts = [ContactRecord](count: generator.contactCount) { generator.makeContact(index:) }
        var cases = [CaseRecord]()
        var casesByContact = [Int32: [Int32]]()
        var caseNumber: Int32 = 1001
        for index in contacts.indices {
            let count = generator.caseCount(forContact: index)
            guard count > 0 else { continue }
            let contact = contacts[index]
            for _ in 0..<count {
                cases.append(
                    generator.makeCase(
                        number: caseNumber, contactSerial: Int32(index + 1), accountSerial: contact.accountSerial,
                        createdAfter: contact.createdDate))
                casesByContact[Int32(index + 1), default: []].append(Int32(cases.count))
                caseNumber += 1
            }
        }
        self.cases = cases
        self.casesByContact = casesByContact
        nextCaseNumber = caseNumber
    }

    func rowCount(of object: SObjectType) -> Int {
        switch object {
        case .account: accounts.count
        case .contact: contacts.count
        case .supportCase: cases.count
        case .user: users.count
        }
    }

    func isDeleted(_ object: SObjectType, row: Int) -> Bool {
        switch object {
        case .account: accounts[row].isDeleted
        case .contact: contacts[row].isDeleted
        case .supportCase: cases[row].isDeleted
        case .user: false
        }
    }

    /// When the record went to the Recycle Bin (0 while live, `OrgStore.purgedStamp` once purged).
    func deletedDate(_ object: SObjectType, row: Int) -> Int64 {
        switch object {
        case .account: accounts[row].deletedDate
        case .contact: contacts[row].deletedDate
        case .supportCase: cases[row].deletedDate
        case .user: 0
        }
    }

    /// The record's `LastModifiedDate` (0 for a user).
    func lastModifiedDate(_ object: SObjectType, row: Int) -> Int64 {
        switch object {
        case .account: accounts[row].lastModifiedDate
        case .contact: contacts[row].lastModifiedDate
        case .supportCase: cases[row].lastModifiedDate
        case .user: 0
        }
    }

    /// Whether the record was deleted and then purged from the Recycle Bin: no call shows it.
    func isPurged(_ object: SObjectType, row: Int) -> Bool {
        deletedDate(object, row: row) == OrgStore.purgedStamp
    }

    func setDeletedDate(_ object: SObjectType, row: Int, _ stamp: Int64) {
        switch object {
        case .account: accounts[row].deletedDate = stamp
        case .contact: contacts[row].deletedDate = stamp
        case .supportCase: cases[row].deletedDate = stamp
        case .user: break
        }
    }

    /// The row of a live or deleted record, nil when the id names no record of that object here.
    func row(of object: SObjectType, id: some StringProtocol) -> Int? {
        guard let (prefix, serial) = SalesforceID.parse(id), prefix == object.keyPrefix else { return nil }
        guard serial >= 1 && serial <= rowCount(of: object) else { return nil }
        return serial - 1
    }
}
