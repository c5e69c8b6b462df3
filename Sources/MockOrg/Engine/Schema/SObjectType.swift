/// The objects this org stores.
enum SObjectType: String, CaseIterable, Sendable {
    case account = "Account"
    case contact = "Contact"
    case supportCase = "Case"
    /// The org's users: read-only here, referenced by every record's owner and audit fields.
    case user = "User"

    /// The objects that hold the org's data: what a SOSL search without RETURNING searches, and
    /// what the Recycle Bin takes.
    static let dataObjects: [SObjectType] = [.account, .contact, .supportCase]

    /// The 3-character key prefix of this object's ids.
    var keyPrefix: String {
        switch self {
        case .account: "001"
        case .contact: "003"
        case .supportCase: "500"
        case .user: "005"
        }
    }

    var name: String { rawValue }

    var labelPlural: String {
        switch self {
        case .account: "Accounts"
        case .contact: "Contacts"
        case .supportCase: "Cases"
        case .user: "Users"
        }
    }

    /// The object named `name`, case-insensitively, as SOQL and URLs accept it.
    init?(named name: some StringProtocol) {
        let lowered = name.lowercased()
        guard let match = Self.allCases.first(where: { $0.rawValue.lowercased() == lowered }) else { return nil }
        self = match
    }

    /// The object whose ids start with `prefix`.
    init?(keyPrefix prefix: String) {
        guard let match = Self.allCases.first(where: { $0.keyPrefix == prefix }) else { return nil }
        self = match
    }

    var fields: [FieldSpec] {
        switch self {
        case .account: AccountSchema.fields
        case .contact: ContactSchema.fields
        case .supportCase: CaseSchema.fields
        case .user: UserSchema.fields
        }
    }

    /// The field named `name` (case-insensitive).
    func field(named name: some StringProtocol) -> FieldSpec? {
        let lowered = name.lowercased()
        return fields.first { $0.name.lowercased() == lowered }
    }

    /// The reference field whose relationship is called `name` (case-insensitive), e.g. `Account`.
    func relationship(named name: some StringProtocol) -> FieldSpec? {
        let lowered = name.lowercased()
        return fields.first { $0.relationshipName?.lowercased() == lowered }
    }
}
