/// The question `d` asks before deleting several marked records, or a record that takes others
/// with it, with what it will delete: the records as they were when it was asked, how many of
/// them the screen does not show, what goes with them, and whether their whole list is open (`l`).
public struct BulkDeletePrompt: Hashable, Sendable {
    /// The marked records, in the list's order.
    public let records: [ContactRecord]
    /// Their names as messages give them, row for row (`ContactListModel.labels(of:)`).
    public let labels: [String]
    /// How many of them are not shown: hidden by the filter, or on pages not loaded.
    public let hiddenCount: Int
    /// Whether a filter is set, which is then why they are not shown (else: pages not loaded).
    public let hiddenByFilter: Bool
    /// The nouns of the list's object ("contact", "contacts").
    public let noun: ObjectNoun
    /// What the delete takes with it: the records' children whose delete cascades.
    public var dependents: DeleteDependents = .none
    /// Whether the records are the marked ones (else the one highlighted row `d` was pressed on).
    public var fromMarks = true
    /// Whether the whole list of names is open, and its first line shown.
    public internal(set) var isListing = false
    public internal(set) var scrollOffset = 0

    /// How many names the question itself shows before "and N more".
    static let namesShown = 3

    /// `Delete 12 contacts (9 hidden by the filter)? y/N`; `Delete Soylent and its 6 Contacts? y/N`.
    public var question: String {
        let reason = hiddenByFilter ? "hidden by the filter" : "not on screen"
        let hidden = hiddenCount == 0 ? "" : " (\(hiddenCount) \(reason))"
        let single = records.count == 1
        let what = single ? (labels.first ?? noun.count(1)) : noun.count(records.count)
        switch dependents {
        case .none:
            return "Delete \(what)\(hidden)? y/N"
        case .counted(let counted):
            return "Delete \(what)\(hidden) and \(counted.phrase(single ? "its" : "their"))? y/N"
        case .uncounted(let relationships):
            let which =
                relationships.isEmpty ? "" : " (\(single ? "its" : "their") \(relationships.joined(separator: ", ")))"
            let belongs =
                single ? "What belongs to it\(which) goes with it" : "What belongs to them\(which) goes with them"
            return "Delete \(what)\(hidden)? \(belongs). y/N"
        }
    }

    /// The first few names, then how many more: `Ann Lee, Bob Ray, Chloé Li and 9 more`.
    public var namesLine: String {
        let names = labels.prefix(Self.namesShown)
        let more = records.count - names.count
        return names.joined(separator: ", ") + (more > 0 ? " and \(more) more" : "")
    }
}
