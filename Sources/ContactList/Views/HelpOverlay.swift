/// The `?` overlay: every key of the list.
public struct HelpOverlay: Sendable {
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
    ]

    public init() {}

    /// Draws the help in place of the list: below the header, above the status line.
    public func render(into buffer: inout CellBuffer) {
        HeaderView(title: "contact-tui · Keys").render(into: &buffer)
        let keyWidth = Self.keys.map { DisplayWidth.of($0.keys) }.max() ?? 0
        let lines = Self.keys.map { entry in
            (DisplayWidth.pad(entry.keys, toWidth: keyWidth) + "  " + entry.action, Style())
        }
        let contentWidth = lines.map { DisplayWidth.of($0.0) }.max() ?? 1
        Panel(title: "Keys", lines: lines, footer: "any key closes", style: Style(color: .accent))
            .render(into: &buffer, maxContentWidth: contentWidth, areaTop: 1, areaHeight: buffer.height - 3)
    }
}
