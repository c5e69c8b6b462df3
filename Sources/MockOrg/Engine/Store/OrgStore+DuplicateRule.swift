/// The standard duplicate rule on Contact, as an org's admin leaves it active: a Contact with the
/// first name, last name and email (compared without case) of a live Contact is refused with
/// `DUPLICATES_DETECTED`, on create and on update. A Contact without an email is never a duplicate
/// (the seed has namesakes; their emails differ). `--no-duplicate-rule` turns it off.
extension OrgStore {
    static let duplicateMessage = "Use one of these records?"

    /// Refuses `values` written to a Contact (`row` nil for a new one) that would duplicate a live one.
    static func checkDuplicate(
        _ object: SObjectType, row: Int?, _ values: [(field: FieldSpec, value: FieldValue)], in tables: OrgTables
    ) throws(APIError) {
        guard object == .contact else { return }
        func written(_ name: String) -> FieldValue? { values.first { $0.field.name == name }?.value }
        let current = row.map { tables.contacts[$0] }
        let first = written("FirstName").map(\.text) ?? current?.firstName
        let last = written("LastName").map(\.text) ?? current?.lastName
        let email = written("Email").map(\.text) ?? current?.email
        guard let email, !email.isEmpty, let last else { return }
        let folded = email.lowercased()
        let (lastFolded, firstFolded) = (last.lowercased(), (first ?? "").lowercased())
        let matches = tables.contacts.indices.filter { other in
            guard other != row else { return false }
            let contact = tables.contacts[other]
            guard let otherEmail = contact.email, otherEmail.utf8.count == email.utf8.count, !contact.isDeleted
            else { return false }
            return otherEmail.lowercased() == folded && contact.lastName.lowercased() == lastFolded
                && (contact.firstName ?? "").lowercased() == firstFolded
        }
        guard !matches.isEmpty else { return }
        var error = APIError(status: 400, "DUPLICATES_DETECTED", duplicateMessage, fields: [])
        error.duplicates = (object, matches.map { SalesforceID.make(keyPrefix: object.keyPrefix, serial: $0 + 1) })
        throw error
    }
}
