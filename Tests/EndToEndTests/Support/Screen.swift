/// Reading a captured screen of the list.
enum Screen {
    /// The lines of the list area: below the header and headings, above the status and hints.
    static func listLines(_ screen: String) -> [String] {
        let lines = screen.components(separatedBy: "\n")
        guard lines.count > 4 else { return [] }
        return Array(lines[2..<(lines.count - 3)])
    }

    /// The list lines that hold something.
    static func filledListLines(_ screen: String) -> [String] {
        listLines(screen).filter { line in line.contains { $0 != " " } }
    }

    /// Whether the list area shows `text`.
    static func listShows(_ screen: String, _ text: String) -> Bool {
        listLines(screen).contains { $0.contains(text) }
    }

    /// The status line (second to last; capture-pane ends with a newline).
    static func statusLine(_ screen: String) -> String {
        let lines = screen.components(separatedBy: "\n")
        return lines.count >= 3 ? lines[lines.count - 3] : ""
    }

    /// A prefix of a name short enough to be drawn untruncated in the Name column at 100 columns.
    static func shownPrefix(_ name: String) -> String { String(name.prefix(14)) }
}
