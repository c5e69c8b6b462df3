/// One entry of an object's describe `childRelationships`: a reference field of another object
/// that points at this one, and what a delete of this record does to the records on it.
///
/// The list names objects the org does not store (histories, shares, feeds), as a real org's
/// describe does; only relationships to stored objects (`child` set) can be queried.
struct ChildRelationship: Sendable {
    /// The child object's API name (`Contact`, `AccountHistory`).
    let childObjectName: String
    /// The reference field on the child (`AccountId`).
    let field: String
    /// The name a parent-to-child subquery uses (`Contacts`).
    let relationshipName: String
    /// Whether deleting the parent deletes these children with it.
    let cascadeDelete: Bool
    /// Whether such children keep the parent from being deleted.
    let restrictedDelete: Bool

    /// The stored child object, when the org has it.
    var child: SObjectType? { SObjectType(named: childObjectName) }

    /// The reference field on the child that holds the parent's id, when the child is stored.
    var childField: FieldSpec? { child?.field(named: field) }
}

extension SObjectType {
    /// The describe's `childRelationships`, as a plain org has them for these objects: deleting an
    /// Account takes its Contacts (and its own history, shares and feed) with it; Cases keep an
    /// Account or a Contact from being deleted (`OrgStore.deletion(of:in:gone:)` does the same).
    var childRelationships: [ChildRelationship] {
        switch self {
        case .account:
            [
                ChildRelationship(
                    childObjectName: "Contact", field: "AccountId", relationshipName: "Contacts", cascadeDelete: true,
                    restrictedDelete: false),
                ChildRelationship(
                    childObjectName: "Case", field: "AccountId", relationshipName: "Cases", cascadeDelete: false,
                    restrictedDelete: true),
            ] + Self.ownRecordsOf("Account")
        case .contact:
            [
                ChildRelationship(
                    childObjectName: "Case", field: "ContactId", relationshipName: "Cases", cascadeDelete: false,
                    restrictedDelete: true)
            ] + Self.ownRecordsOf("Contact")
        case .supportCase:
            Self.ownRecordsOf("Case")
        case .user:
            // Users are deactivated, never deleted; their records stay with them.
            []
        }
    }

    /// The history, share and feed records every standard object has, which go with it.
    private static func ownRecordsOf(_ object: String) -> [ChildRelationship] {
        [
            ChildRelationship(
                childObjectName: object + "History", field: object + "Id", relationshipName: "Histories",
                cascadeDelete: true, restrictedDelete: false),
            ChildRelationship(
                childObjectName: object + "Share", field: object + "Id", relationshipName: "Shares",
                cascadeDelete: true, restrictedDelete: false),
            ChildRelationship(
                childObjectName: object + "Feed", field: "ParentId", relationshipName: "Feeds", cascadeDelete: true,
                restrictedDelete: false),
        ]
    }

    /// The child relationship a subquery names (`Contacts`), case-insensitively.
    func childRelationship(named name: some StringProtocol) -> ChildRelationship? {
        let lowered = name.lowercased()
        return childRelationships.first { $0.relationshipName.lowercased() == lowered }
    }
}
