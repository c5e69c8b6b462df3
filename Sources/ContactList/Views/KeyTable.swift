/// Every key of the app and what it does, by where it acts: the help is drawn from this
/// table alone, so a new key is listed by adding its row here, next to its handling in
/// `ContactListModel+Keys`.
package enum KeyTable {
    /// A group of keys that act in one place (the list, the filter, …).
    package struct Section: Sendable {
        package var title: String
        package var keys: [(keys: String, action: String)]
    }

    /// The keys that change data, left out of a read-only session's help.
    static let changingKeys: Set<String> = ["d Delete", "U", "c", "e", "Space", "*", "u", "d with marks"]

    /// The help of a read-only session: every section without the keys that change data.
    package static var readOnlySections: [Section] {
        sections.compactMap { section in
            let keys = section.keys.filter { !changingKeys.contains($0.keys) }
            return keys.isEmpty ? nil : Section(title: section.title, keys: keys)
        }
    }

    package static let sections: [Section] = [
        Section(
            title: "List",
            keys: [
                ("j k ↓ ↑", "move the selection"),
                ("wheel", "move three rows"),
                ("click, 2 clicks", "select, open details"),
                ("PgDn PgUp ^F ^B", "move a page"),
                ("g G Home End", "first or last row"),
                ("Enter", "open the record's details"),
                ("d Delete", "delete the row"),
                ("/", "filter; search the org"),
                ("n N", "next or previous match"),
                ("Esc", "clear the filter"),
                ("r", "refresh from the server"),
                (":", "run another query"),
                ("v", "the object's list views"),
                ("h l ← →", "move the column cursor"),
                ("s", "sort by it; again flips"),
                ("o", "open in Lightning"),
                ("y", "copy the Id"),
                ("G, pages left", "asks to load them all"),
                ("e", "edit the cursor's field"),
                ("c", "create a record"),
                ("U", "undo the last delete"),
                ("!, click status", "the last messages, whole"),
                ("p", "the changes not settled"),
                ("x", "discard a queued change"),
                ("?", "this help"),
                ("q", "quit"),
            ]),
        Section(
            title: "Marks",
            keys: [
                ("Space", "mark or unmark the row"),
                ("*", "mark every shown row"),
                ("u", "clear the marks"),
                ("d with marks", "ask, then delete marked"),
            ]),
        Section(
            title: "Columns and files",
            keys: [
                ("w", "write the rows to a file"),
                ("- +", "hide column; show all"),
                ("< >", "narrow or widen column"),
                ("click a heading", "sort by it"),
            ]),
        Section(
            title: "Filter",
            keys: [
                ("text", "narrow the loaded rows"),
                ("paste", "insert it on one line"),
                ("Backspace Del", "delete a character"),
                ("← → Home End", "move the cursor"),
                ("^U ^W", "delete to start, a word"),
                ("↓ ↑", "move the selection"),
                ("↓ on the last", "load the next page"),
                ("Enter", "keep the filter"),
                ("Esc", "clear the filter"),
            ]),
        Section(
            title: "Details and help",
            keys: [
                ("j k ↓ ↑ wheel", "scroll a line"),
                ("PgDn PgUp Space", "scroll a page"),
                ("g G Home End", "top or bottom"),
                ("e", "edit the selected field"),
                ("Esc q Backspace", "back to the list"),
            ]),
        Section(
            title: "Alerts",
            keys: [
                ("Enter Esc Space", "dismiss the alert"),
                ("a", "dismiss all alerts"),
                ("o", "write yours over theirs"),
                ("j k PgDn PgUp", "scroll a long alert"),
            ]),
        Section(
            title: "Anywhere",
            keys: [
                ("^C", "quit, as q does"),
                ("^Z", "suspend; fg comes back"),
                ("^L", "repaint the screen"),
            ]),
    ]
}
