/// The question `d` asks before deleting several marked records, with what it will delete: the
/// records as they were when it was asked, how many of them the screen does not show, and
/// whether their whole list is open (`l`).
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
    /// Whether the whole list of names is open, and its first line shown.
    public internal(set) var isListing = false
    public internal(set) var scrollOffset = 0

    /// How many names the question itself shows before "and N more".
    static let namesShown = 3

    /// `Delete 12 contacts (9 hidden by the filter)? y/N`.
    public var question: String {
        let reason = hiddenByFilter ? "hidden by the filter" : "not on screen"
        let hidden = hiddenCount == 0 ? "" : " (\(hiddenCount) \(reason))"
        return "Delete \(noun.count(records.count))\(hidden)? y/N"
    }

    /// The first few names, then how many more: `Ann Lee, Bob Ray, Chloé Li and 9 more`.
    public var namesLine: String {
        let names = labels.prefix(Self.namesShown)
        let more = records.count - names.count
        return names.joined(separator: ", ") + (more > 0 ? " and \(more) more" : "")
    }
}
