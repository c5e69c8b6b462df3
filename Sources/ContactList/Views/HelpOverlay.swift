/// The `?` overlay: every key of the list, in a box.
package struct HelpOverlay: Widget {
    static let keys: [(keys: String, action: String)] = [
        ("j k ↓ ↑", "move the selection"),
        ("PgDn PgUp ^F ^B", "move a page"),
        ("g G Home End", "first or last row"),
        ("Enter", "open the record's details"),
        ("d Delete", "delete the contact"),
        ("/", "filter the loaded rows"),
        ("n N", "next or previous match"),
        ("Esc", "clear the filter, go back"),
        ("r", "refresh from the server"),
        ("?", "this help"),
        ("q ^C", "quit"),
        ("click, 2 clicks", "select, open details"),
        ("← → ^U ^W", "edit the filter's text"),
        ("a", "in an alert: dismiss all"),
        ("^Z ^L", "suspend, repaint"),
    ]

    package func render(area: Rect, buffer: inout CellBuffer) {
        let keyWidth = Self.keys.map { DisplayWidth.of($0.keys) }.max() ?? 0
        let lines = Self.keys.map { entry in
            (DisplayWidth.pad(entry.keys, toWidth: keyWidth) + "  " + entry.action, Style.plain)
        }
        let contentWidth = lines.map { DisplayWidth.of($0.0) }.max() ?? 1
        Panel(
            title: "Keys", lines: lines, footer: "any key closes", style: Theme.helpPanel, maxContentWidth: contentWidth
        )
        .render(area: area, buffer: &buffer)
    }
}
