/// A parent-to-child subquery of a query's SELECT list (`(SELECT Id FROM Contacts LIMIT 200)`),
/// resolved: each parent record of a page lists its children under `relationshipName`.
struct ChildQuery: Sendable {
    /// The relationship as the describe spells it (`Contacts`), the key of the nested result.
    let relationshipName: String
    /// The child object (`Contact`).
    let object: SObjectType
    /// The child's reference to the parent (`Contact.AccountId`).
    let parentField: FieldSpec
    let fields: [FieldPath]
    let filter: SOQLCondition?
    let ordering: [SOQLOrdering]
    let limit: Int?
}
