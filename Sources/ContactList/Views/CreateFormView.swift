/// `c`'s form, centred over the list: a line per field (label, `*` when required, the typed text
/// with the cursor on the focused one), the org's message under the field it names, and
/// "more fields…" while the rest is hidden.
struct CreateFormView: Widget {
    var form: CreateForm
    /// The object's word (`contact`), for the title.
    var noun: String

    static let maxContentWidth = 72

    /// The form's lines as drawn, each with its style.
    var lines: [(text: String, style: Style)] {
        guard !form.isAwaitingDescribe else { return [("Reading the fields of \(form.objectType)…", Theme.alert)] }
        var lines: [(text: String, style: Style)] = []
        if let message = form.message { lines.append(("! " + message, Theme.alert)) }
        let shown = form.shownEntries
        let labelWidth = shown.map { DisplayWidth.of($0.label) + ($0.isRequired ? 2 : 0) }.max() ?? 0
        for (index, entry) in shown.enumerated() {
            let focused = index == form.focus
            let label = entry.label + (entry.isRequired ? " *" : "")
            let padding = String(repeating: " ", count: max(0, labelWidth - DisplayWidth.of(label)))
            var text = entry.text.text
            if case .checkbox = entry.kind {
                text = FieldKind.isTrue(text) ? "[x]" : "[ ]"
            } else if focused {
                var characters = Array(text)
                characters.insert("▏", at: min(entry.text.cursor, characters.count))
                text = String(characters)
            }
            lines.append(
                ((focused ? "▸ " : "  ") + label + padding + " : " + text, focused ? Theme.selectedRow : Theme.alert))
            if let error = entry.error { lines.append(("    ! " + error, Theme.alert)) }
            for (number, choice) in entry.choices.enumerated() {
                lines.append(("    \(number + 1) \(choice.name) (\(choice.id))", Theme.alert))
            }
            if focused, case .picklist(let values) = entry.kind, !values.isEmpty {
                lines.append(("    Space: " + values.joined(separator: " · "), Theme.alert))
            }
            if focused, case .checkbox = entry.kind { lines.append(("    Space toggles", Theme.alert)) }
        }
        if !form.showsMore {
            lines.append(
                (
                    (form.isOnMoreLine ? "▸ " : "  ") + "more fields… (Enter)",
                    form.isOnMoreLine ? Theme.selectedRow : Theme.alert
                ))
        }
        return lines
    }

    func render(area: Rect, buffer: inout CellBuffer) {
        let footer =
            form.isConfirmingCancel
            ? "Discard what you typed? Esc/y discards, any other key goes back"
            : "Tab/⇧Tab move · Enter next · ^S save · Esc cancel"
        Panel(
            title: "New \(noun)", lines: lines, footer: footer, style: Theme.alert,
            maxContentWidth: Self.maxContentWidth
        ).render(area: area, buffer: &buffer)
    }
}
