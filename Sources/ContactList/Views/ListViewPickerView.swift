/// `v`: the object's list views in a box, the narrowing text on its first line and the view
/// Enter opens marked with ▸.
package struct ListViewPickerView: Widget {
    var picker: ListViewPicker

    /// The widest the box's text runs.
    static let maxContentWidth = 50

    package func render(area: Rect, buffer: inout CellBuffer) {
        let matches = picker.matches
        var lines: [(text: String, style: Style)] = [("› " + picker.field.text + "▏", Theme.filterPrompt)]
        // The lines under the text, scrolled so that the highlighted view stays in the box.
        let room = max(1, area.height - Panel.chromeRows - 2)
        let first = max(0, min(picker.selection - room + 1, matches.count - room))
        for (index, view) in matches.enumerated().dropFirst(first).prefix(room) {
            let chosen = index == picker.selection
            lines.append(((chosen ? "▸ " : "  ") + view.label, chosen ? Theme.helpHeading : Theme.helpPanel))
        }
        if matches.isEmpty {
            let empty =
                !picker.isComplete ? "reading the list views…" : picker.views.isEmpty ? "no list views" : "no match"
            lines.append((empty, Theme.notice))
        }
        let footer =
            picker.isWaiting
            ? "opening… Esc cancels" : picker.isComplete ? "Enter open · Esc close" : "reading… Esc close"
        Panel(
            title: "List views · \(picker.object)",
            badge: matches.isEmpty ? "" : "\(picker.selection + 1)/\(matches.count)",
            lines: lines, footer: footer, style: Theme.helpPanel,
            maxContentWidth: min(Self.maxContentWidth, max(1, area.width - 4))
        ).render(area: area, buffer: &buffer)
    }
}
