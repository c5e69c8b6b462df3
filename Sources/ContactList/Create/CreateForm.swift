/// `c`'s form for a new record, built from the object's describe: the required createable fields
/// first, then the list's createable columns, then "more fields…" for the rest.
///
/// Invariant: `focus` is a shown line (`lineCount`); every typed value stays in `entries` until
/// the record is created, so that a refusal reopens the form with nothing lost.
public struct CreateForm: Hashable, Sendable {
    /// One field of the form.
    public struct Entry: Hashable, Sendable {
        /// The API name (`LastName`).
        public let field: String
        /// The describe's label (`Last Name`).
        public let label: String
        public let isRequired: Bool
        public internal(set) var text: TextField
        /// The org's (or the check's) sentence about this field, shown next to it.
        public internal(set) var error: String?
        /// How it is typed (a checkbox toggles, a date is checked, …).
        var kind = FieldKind.text
        /// A reference's record, once its typed name was looked up (the text then shows its name).
        public internal(set) var resolvedID: String?
        /// A reference's name that matched several records: a digit chooses one.
        public internal(set) var choices: [ReferenceChoice] = []
    }

    /// A record a reference's typed name matched.
    public struct ReferenceChoice: Hashable, Sendable {
        public let id: String
        public let name: String
    }

    public let objectType: String
    /// The fields, the first `primaryCount` shown from the start, the rest behind "more fields…".
    public internal(set) var entries: [Entry]
    let primaryCount: Int
    /// Whether "more fields…" was opened.
    public internal(set) var showsMore = false
    /// The line with the cursor: an entry, or (`primaryCount` while the rest is hidden) the
    /// "more fields…" line.
    public internal(set) var focus = 0
    /// The org's message that names no field (a duplicate), shown above the fields.
    public internal(set) var message: String?
    /// Set after Esc with something typed: the next Esc (or y) discards, any other key goes on.
    public internal(set) var isConfirmingCancel = false
    /// Set while `c` waits for the object's describe: Esc cancels, other keys are dropped.
    public internal(set) var isAwaitingDescribe = false

    init(objectType: String, primary: [Entry], more: [Entry]) {
        self.objectType = objectType
        entries = primary + more
        primaryCount = primary.count
        showsMore = more.isEmpty
    }

    /// A form holding values typed earlier (a create the outbox kept), one entry per field in
    /// name order, each typed as `kinds` says (text when it does not).
    init(objectType: String, typed: [String: String], kinds: ObjectFields? = nil) {
        let entries = typed.keys.sorted().map { field in
            Entry(
                field: field, label: field, isRequired: false, text: TextField(typed[field] ?? ""), error: nil,
                kind: kinds?.field(named: field)?.kind ?? .text)
        }
        self.init(objectType: objectType, primary: entries, more: [])
    }

    /// The wait for `objectType`'s describe, before the form can be built.
    init(awaitingDescribeOf objectType: String) {
        self.init(objectType: objectType, primary: [], more: [])
        isAwaitingDescribe = true
    }

    /// The lines shown: the entries shown, plus "more fields…" while the rest is hidden.
    var lineCount: Int { showsMore ? entries.count : primaryCount + 1 }

    /// Whether the focus is on the "more fields…" line.
    public var isOnMoreLine: Bool { !showsMore && focus == primaryCount }

    /// The entries shown.
    public var shownEntries: ArraySlice<Entry> { showsMore ? entries[...] : entries[..<primaryCount] }

    /// Whether the focus is on the last field shown (where Enter saves).
    var isOnLastField: Bool { showsMore ? focus == entries.count - 1 : focus == primaryCount - 1 }

    /// Whether anything was typed (Esc asks first then).
    var hasTypedText: Bool { entries.contains { !$0.text.text.isEmpty } }

    /// The typed values, by field, leaving out the empty ones.
    var typedValues: [String: String] {
        var values: [String: String] = [:]
        for entry in entries where !entry.text.text.isEmpty { values[entry.field] = entry.text.text }
        return values
    }

    mutating func moveFocus(by delta: Int) {
        focus = (focus + delta + lineCount) % max(lineCount, 1)
    }

    mutating func openMoreFields() {
        showsMore = true
        focus = min(primaryCount, entries.count - 1)
    }

    /// Types into the focused field; its error goes, since the value it was about changed.
    mutating func editFocused(_ change: (inout TextField) -> Void) {
        guard focus < entries.count, !isOnMoreLine else { return }
        change(&entries[focus].text)
        entries[focus].resolvedID = nil
        entries[focus].choices = []
        // Checked as typed: a date that cannot be one says so at once, and nothing typed is lost.
        entries[focus].error = entries[focus].kind.problem(with: entries[focus].text.text, field: entries[focus].label)
    }

    /// The focused entry, unless the focus is on "more fields…".
    var focusedEntry: Entry? { focus < entries.count && !isOnMoreLine ? entries[focus] : nil }

    /// Space on a checkbox or a picklist: its next value.
    mutating func cycleFocused() {
        guard let entry = focusedEntry else { return }
        editFocused { $0 = TextField(entry.kind.next(after: entry.text.text)) }
    }

    /// A digit on a reference with several matches: that record, whose name then shows.
    mutating func choose(_ number: Int) -> Bool {
        guard let entry = focusedEntry, entry.choices.indices.contains(number - 1) else { return false }
        resolve(at: focus, to: entry.choices[number - 1])
        return true
    }

    /// A reference's typed name stands for `choice` now.
    mutating func resolve(at index: Int, to choice: ReferenceChoice) {
        entries[index].text = TextField(choice.name)
        entries[index].resolvedID = choice.id
        entries[index].choices = []
        entries[index].error = nil
    }

    /// The first entry whose text cannot be its field's value, with the sentence why.
    var firstProblem: (index: Int, sentence: String)? {
        for (index, entry) in entries.enumerated() {
            if let sentence = entry.kind.problem(with: entry.text.text, field: entry.label) { return (index, sentence) }
        }
        return nil
    }

    /// The first reference whose text is a name still to look up (not an Id, not resolved).
    var firstUnresolvedReference: Int? {
        entries.indices.first { index in
            let entry = entries[index]
            guard case .reference = entry.kind, !entry.text.text.isEmpty, entry.resolvedID == nil else { return false }
            return !SalesforceID.isValid(entry.text.text)
        }
    }

    /// Puts the focus on entry `index`, opening "more fields…" when it is there.
    mutating func focus(on index: Int) {
        if index >= primaryCount { showsMore = true }
        focus = index
    }

    /// Puts the org's refusal next to the field it names (opening "more fields…" when it is
    /// there), or above the fields when it names none the form has; the focus goes to it.
    mutating func showRefusal(_ sentence: String, fields: [String]) {
        for index in entries.indices { entries[index].error = nil }
        message = nil
        let named = fields.compactMap { name in entries.firstIndex { $0.field.lowercased() == name.lowercased() } }
        guard let first = named.first else {
            message = sentence
            return
        }
        for index in named { entries[index].error = sentence }
        if first >= primaryCount { showsMore = true }
        focus = first
    }
}
