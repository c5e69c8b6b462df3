/// The `?` overlay: every key of `KeyTable`, by section, in a box that scrolls when the
/// terminal is shorter than the list of keys.
package struct HelpOverlay: Widget {
    /// The first line shown.
    var scrollOffset = 0
    /// Whether the session is read-only: the keys that change data are left out.
    var isReadOnly = false

    /// The lines of the help: a heading per section, then its keys in two columns.
    static let lines: [(text: String, style: Style)] = lines(of: KeyTable.sections)
    /// The lines of the help of a read-only session.
    static let readOnlyLines: [(text: String, style: Style)] = lines(of: KeyTable.readOnlySections)

    var lines: [(text: String, style: Style)] { isReadOnly ? Self.readOnlyLines : Self.lines }

    static func lines(of sections: [KeyTable.Section]) -> [(text: String, style: Style)] {
        let keyWidth = sections.flatMap { $0.keys.map { DisplayWidth.of($0.keys) } }.max() ?? 0
        var lines: [(text: String, style: Style)] = []
        for section in sections {
            if !lines.isEmpty { lines.append(("", .plain)) }
            lines.append((section.title, Theme.helpHeading))
            for entry in section.keys {
                lines.append((DisplayWidth.pad(entry.keys, toWidth: keyWidth) + "  " + entry.action, .plain))
            }
        }
        return lines
    }

    /// How many lines of the help the body shows, for a body of `listRows` list rows: the
    /// body also holds the headings row, and the box takes its border and a blank line.
    package static func visibleLines(listRows: Int) -> Int {
        listRows + ListView.headingRows - Panel.chromeRows
    }

    package func render(area: Rect, buffer: inout CellBuffer) {
        let lines = self.lines
        let contentWidth = lines.map { DisplayWidth.of($0.text) }.max() ?? 1
        let shown = max(1, area.height - Panel.chromeRows)
        // Never scrolled past the end, even when the terminal grew since.
        let offset = max(0, min(scrollOffset, lines.count - shown))
        let scrolls = lines.count > shown
        Panel(
            title: "Keys", badge: scrolls ? "\(offset + min(shown, lines.count))/\(lines.count)" : "",
            lines: Array(lines[offset...]), footer: scrolls ? "j/k scroll · other keys close" : "any key closes",
            style: Theme.helpPanel, maxContentWidth: contentWidth
        )
        .render(area: area, buffer: &buffer)
    }
}
