import RestCore

/// A child relationship whose records a delete of the parent takes with it, as the describe's
/// `childRelationships` says (`cascadeDelete`): the Contacts of an Account, say.
///
/// Only children a user works with count. The describe also lists the record's own history,
/// share and feed entries, and join records, which go with any record and which nobody means
/// when asking "what else goes?"; those are left out by their object's name, since the describe
/// of the parent does not say whether a child object is queryable and searchable.
struct CascadingRelationship: Sendable, Hashable {
    /// The name a subquery uses (`Contacts`), and the key of its result in a record.
    let relationshipName: String
    /// The child object's API name (`Contact`).
    let childObject: String

    /// How many children of each relationship a page's subquery reads at most: enough to say
    /// "its 200+ Contacts" without a page of children per record.
    static let countLimit = 200

    /// The suffixes of objects that belong to the record itself rather than being records of
    /// their own: history, sharing, feeds, and change events.
    private static let ownRecordSuffixes = ["History", "Share", "Feed", "ChangeEvent", "__hd", "__Share", "__Feed"]

    /// The relationships of a describe's `childRelationships` that count.
    static func all(inDescribe json: JSONValue) -> [CascadingRelationship] {
        var found = [CascadingRelationship]()
        for case .object(let members) in json["childRelationships"]?.arrayValue ?? [] {
            guard case .bool(true)? = members["cascadeDelete"], case .string(let name)? = members["relationshipName"],
                case .string(let child)? = members["childSObject"],
                !ownRecordSuffixes.contains(where: { child.hasSuffix($0) }),
                !found.contains(where: { $0.relationshipName == name })
            else { continue }
            found.append(CascadingRelationship(relationshipName: name, childObject: child))
        }
        return found
    }

    /// `(SELECT Id FROM Contacts LIMIT 200)`, the subquery that counts them with the page.
    var subquery: String {
        "(SELECT Id FROM \(relationshipName) LIMIT \(Self.countLimit))"
    }
}
