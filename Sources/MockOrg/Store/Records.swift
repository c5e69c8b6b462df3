/// Compact stored records: Strings and integers only, one struct per object type.
/// A record's serial (the number inside its id) is its row index plus one.

struct AccountRecord: Sendable {
    var name: String
    var industry: String?
    var phone: String?
    var billingCity: String?
    var billingCountry: String?
    var createdDate: Int64
    var lastModifiedDate: Int64
    var isDeleted = false
}

struct ContactRecord: Sendable {
    var firstName: String?
    var lastName: String
    var title: String?
    var email: String?
    var phone: String?
    var mobilePhone: String?
    var mailingStreet: String?
    var mailingCity: String?
    var mailingState: String?
    var mailingPostalCode: String?
    var mailingCountry: String?
    /// The serial of the Account, 0 for none.
    var accountSerial: Int32
    var createdDate: Int64
    var lastModifiedDate: Int64
    var isDeleted = false

    /// The compound read-only Name: first and last name joined by a space.
    var name: String {
        guard let firstName, !firstName.isEmpty else { return lastName }
        return firstName + " " + lastName
    }
}

struct CaseRecord: Sendable {
    var caseNumber: Int32
    var subject: String?
    var status: String
    /// The serial of the Contact, 0 for none.
    var contactSerial: Int32
    /// The serial of the Account, 0 for none.
    var accountSerial: Int32
    var createdDate: Int64
    var lastModifiedDate: Int64
    var isDeleted = false

    /// The 8-digit case number as Salesforce shows it.
    var caseNumberText: String {
        let digits = String(caseNumber)
        return String(repeating: "0", count: max(0, 8 - digits.count)) + digits
    }
}
