import Synchronization

/// The org's list views, by object, and the ones each object had read most recently
/// (`listviews/recent`). The views are fixed when the org starts; only the recent list changes.
final class ListViewCatalog: Sendable {
    let views: [ListView]
    private let recent = Mutex<[String]>([])
    /// How many views one page of `listviews` lists.
    let pageSize: Int

    /// The seeded views, then `added` (validated already), numbered in that order.
    init(added: [MockOrgListView] = [], ownerID: String? = nil, pageSize: Int = 25) {
        var definitions = ListViewSeeds.definitions(ownerID: ownerID)
        for view in added {
            guard let object = SObjectType(named: view.object) else { continue }
            let taken = Set(definitions.filter { $0.object == object }.map { $0.developerName.lowercased() })
            definitions.append(
                ListViewSeeds.Definition(
                    object: object, label: view.label, developerName: Self.developerName(for: view.label, taken: taken),
                    columns: ListViewSeeds.defaultColumns(object), filter: view.filter, scope: "everything",
                    ordering: ListViewSeeds.defaultOrdering(object)))
        }
        views = definitions.enumerated().map { index, definition in
            definition.view(id: SalesforceID.make(keyPrefix: "00B", serial: index + 1))
        }
        self.pageSize = max(1, pageSize)
    }

    /// The views of `object`, in the order they were made.
    func views(of object: SObjectType) -> [ListView] {
        views.filter { $0.object == object }
    }

    /// The view of `object` with `id` (15 or 18 characters); nil for any other.
    func view(_ id: String, of object: SObjectType) -> ListView? {
        guard SalesforceID.isWellFormed(id) else { return nil }
        let full = SalesforceID.eighteenCharacter(id)
        return views.first { $0.id == full && $0.object == object }
    }

    /// Notes that `view` was read, so that it leads `recent(of:)`.
    func markViewed(_ view: ListView) {
        recent.withLock { ids in
            ids.removeAll { $0 == view.id }
            ids.insert(view.id, at: 0)
        }
    }

    /// The views of `object` read most recently, newest first.
    func recent(of object: SObjectType) -> [ListView] {
        let ids = recent.withLock { $0 }
        return ids.compactMap { id in views.first { $0.id == id && $0.object == object } }
    }

    /// A developer name made of the label (`Big Deals` → `Big_Deals`), unique among `taken`.
    static func developerName(for label: String, taken: Set<String>) -> String {
        var name = ""
        for character in label {
            if character.isASCII && (character.isLetter || character.isNumber) {
                name.append(character)
            } else if !name.isEmpty && name.last != "_" {
                name.append("_")
            }
        }
        while name.last == "_" { name.removeLast() }
        if name.isEmpty || name.first!.isNumber { name = "X" + name }
        var unique = name
        var number = 1
        while taken.contains(unique.lowercased()) {
            number += 1
            unique = name + "_" + String(number)
        }
        return unique
    }
}
