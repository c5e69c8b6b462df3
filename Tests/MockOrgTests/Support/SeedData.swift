import Foundation

@testable import MockOrg

/// The generated records of a seed, as plain values the tests filter and sort themselves.
struct SeedData {
    /// A generated contact with what a query shows of it that the record does not hold:
    /// its id, its name composed here (not by the org) and its account's name.
    @dynamicMemberLookup
    struct Contact {
        let id: String
        let name: String
        let accountName: String?
        let record: ContactRecord

        var created: Int64 { record.createdDate }

        subscript<Value>(dynamicMember field: KeyPath<ContactRecord, Value>) -> Value { record[keyPath: field] }
    }

    struct SupportCase {
        let id: String
        let caseNumber: String
        let status: String
        let contactName: String?
    }

    let contacts: [Contact]
    let cases: [SupportCase]

    init(seed: UInt64, contacts count: Int) {
        let tables = OrgTables(generator: SeedGenerator(seed: seed, contactCount: count))
        contacts = tables.contacts.enumerated().map { index, record in
            let name = record.firstName.map { $0 + " " + record.lastName } ?? record.lastName
            let account = record.accountSerial > 0 ? tables.accounts[Int(record.accountSerial) - 1].name : nil
            return Contact(
                id: SalesforceID.make(keyPrefix: "003", serial: index + 1), name: name, accountName: account,
                record: record)
        }
        let contactNames = contacts.map(\.name)
        cases = tables.cases.enumerated().map { index, record in
            SupportCase(
                id: SalesforceID.make(keyPrefix: "500", serial: index + 1),
                caseNumber: String(format: "%08d", Int(record.caseNumber)), status: record.status,
                contactName: record.contactSerial > 0 ? contactNames[Int(record.contactSerial) - 1] : nil)
        }
    }
}
