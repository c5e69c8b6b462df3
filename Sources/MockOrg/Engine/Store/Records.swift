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
    var users = RecordUsers.orgUser
    /// When the record went to the Recycle Bin; 0 while it is live.
    var deletedDate: Int64 = 0
    var numberOfEmployees: Int32? = nil
    var annualRevenue: Double? = nil
}

struct ContactRecord: Sendable {
    var firstName: String? {
        didSet { name = Self.compoundName(firstName, lastName) }
    }
    var lastName: String {
        didSet { name = Self.compoundName(firstName, lastName) }
    }
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
    /// Days since 1970-01-01.
    var birthdate: Int32?
    var createdDate: Int64
    var lastModifiedDate: Int64
    var isDeleted = false
    var users = RecordUsers.orgUser
    /// When the record went to the Recycle Bin; 0 while it is live.
    var deletedDate: Int64 = 0
    /// The compound read-only Name, kept up to date with its parts: queries that filter or sort
    /// on Name read it for every row, and joining strings there would dominate their time.
    private(set) var name: String

    init(
        firstName: String? = nil, lastName: String, title: String? = nil, email: String? = nil,
        phone: String? = nil, mobilePhone: String? = nil, mailingStreet: String? = nil, mailingCity: String? = nil,
        mailingState: String? = nil, mailingPostalCode: String? = nil, mailingCountry: String? = nil,
        accountSerial: Int32, birthdate: Int32? = nil, createdDate: Int64, lastModifiedDate: Int64
    ) {
        self.firstName = firstName
        self.lastName = lastName
        self.title = title
        self.email = email
        self.phone = phone
        self.mobilePhone = mobilePhone
        self.mailingStreet = mailingStreet
        self.mailingCity = mailingCity
        self.mailingState = mailingState
        self.mailingPostalCode = mailingPostalCode
        self.mailingCountry = mailingCountry
        self.accountSerial = accountSerial
        self.birthdate = birthdate
        self.createdDate = createdDate
        self.lastModifiedDate = lastModifiedDate
        self.name = Self.compoundName(firstName, lastName)
    }

    /// First and last name joined by a space; the last name alone without a first name.
    static func compoundName(_ firstName: String?, _ lastName: String) -> String {
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
    var users = RecordUsers.orgUser
    /// When the record went to the Recycle Bin; 0 while it is live.
    var deletedDate: Int64 = 0

    /// The 8-digit case number as Salesforce shows it.
    var caseNumberText: String {
        let digits = String(caseNumber)
        return String(repeating: "0", count: max(0, 8 - digits.count)) + digits
    }
}

/// Who owns a record, created it and changed it last: User serials, one byte each (an org has a
/// handful of users), so that a million contacts cost three bytes more.
struct RecordUsers: Sendable {
    var owner: UInt8
    var createdBy: UInt8
    var lastModifiedBy: UInt8

    /// A record the org's own user (the one the access token stands for) made.
    static let orgUser = RecordUsers(owner: 1, createdBy: 1, lastModifiedBy: 1)
}

struct UserRecord: Sendable {
    var name: String
    var username: String
    var email: String
    var isActive: Bool
    var createdDate: Int64
}
