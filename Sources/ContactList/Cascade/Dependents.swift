import RestCore

/// The records a delete of one record would take with it, as its page's subqueries counted
/// them: "its 6 Contacts and 2 Opportunities".
public struct Dependents: Hashable, Sendable {
    /// One relationship's children.
    public struct Count: Hashable, Sendable {
        /// The relationship's name, its children's plural (`Contacts`).
        public let relationshipName: String
        /// The child object's name, the singular (`Contact`).
        public let childObject: String
        public let count: Int
        /// Whether the subquery's limit was reached, so that there may be more.
        public let mayBeMore: Bool
    }

    /// The relationships with children, in the describe's order.
    public let counts: [Count]

    /// Whether the delete takes nothing else with it.
    public var isEmpty: Bool { counts.isEmpty }

    /// Reads the subqueries' results of a record: each relationship's `totalSize`, null for none.
    init(record json: JSONValue, relationships: [CascadingRelationship]) {
        var counts = [Count]()
        for relationship in relationships {
            guard let result = json[relationship.relationshipName]?.objectValue else { continue }
            let count = result["records"]?.arrayValue?.count ?? 0
            guard count > 0 else { continue }
            counts.append(
                Count(
                    relationshipName: relationship.relationshipName, childObject: relationship.childObject,
                    count: count, mayBeMore: count >= CascadingRelationship.countLimit))
        }
        self.counts = counts
    }

    init(counts: [Count]) {
        self.counts = counts
    }

    /// The children of several records together, relationship by relationship.
    static func summed(_ all: [Dependents]) -> Dependents {
        var counts = [Count]()
        for count in all.flatMap(\.counts) {
            if let index = counts.firstIndex(where: { $0.relationshipName == count.relationshipName }) {
                let earlier = counts[index]
                counts[index] = Count(
                    relationshipName: earlier.relationshipName, childObject: earlier.childObject,
                    count: earlier.count + count.count, mayBeMore: earlier.mayBeMore || count.mayBeMore)
            } else {
                counts.append(count)
            }
        }
        return Dependents(counts: counts)
    }

    /// `its 6 Contacts and 2 Opportunities` (`its 1 Contact`, `their 200+ Contacts`).
    public func phrase(_ possessive: String = "its") -> String {
        let parts = counts.map { entry in
            let number = GroupedNumber.text(entry.count) + (entry.mayBeMore ? "+" : "")
            let noun = entry.count == 1 && !entry.mayBeMore ? entry.childObject : entry.relationshipName
            return number + " " + noun
        }
        guard let last = parts.last else { return "" }
        let leading = parts.dropLast()
        return possessive + " " + (leading.isEmpty ? last : leading.joined(separator: ", ") + " and " + last)
    }
}
