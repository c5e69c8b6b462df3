import Testing

@testable import MockOrg

/// The stored compound Name stays what Salesforce shows: first and last name joined by a space.
@Suite struct ContactRecordTests {
    @Test func nameIsJoinedFromItsPartsAndFollowsEveryChange() {
        var record = ContactRecord(
            firstName: "Ada", lastName: "Lovelace", accountSerial: 0, createdDate: 0, lastModifiedDate: 0)
        #expect(record.name == "Ada Lovelace")
        record.firstName = "Augusta"
        #expect(record.name == "Augusta Lovelace")
        record.lastName = "King"
        #expect(record.name == "Augusta King")
        record.firstName = ""
        #expect(record.name == "King")
        record.firstName = nil
        #expect(record.name == "King")
        #expect(
            ContactRecord(lastName: "山田", accountSerial: 0, createdDate: 0, lastModifiedDate: 0).name == "山田")
    }
}
