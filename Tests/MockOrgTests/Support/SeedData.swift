import Foundation

@testable import MockOrg

/// The generated records of a seed, as plain values the tests filter and sort themselves.
struct SeedData {
    struct Contact {
        let id: String
        let firstName: String?
        let lastName: String
        let name: String
        let title: String?
        let email: String?
        let mailingCountry: String?
        let accountName: String?
        let created: Int64
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
            let first = record.firstName
            let name = first.map { $0 + " " + record.lastName } ?? record.lastName
            let account = record.accountSerial > 0 ? tables.accounts[Int(record.accountSerial) - 1].name : nil
            return Contact(
                id: SalesforceID.make(keyPrefix: "003", serial: index + 1), firstName: first,
                lastName: record.lastName, name: name, title: record.title, email: record.email,
                mailingCountry: record.mailingCountry, accountName: account, created: record.createdDate)
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
