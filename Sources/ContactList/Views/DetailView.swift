/// The details of one record: every field the retrieve returned, one per line.
package struct DetailView: Widget {
    var detail: DetailState
    var spinnerFrame: Int
    /// The field editor open on the selected line, if any.
    var editor: FieldEditor? = nil

    package func render(area: Rect, buffer: inout CellBuffer) {
        switch detail.content {
        case .loading:
            let text = "\(Spinner.frame(spinnerFrame)) Loading every field…"
            buffer.write(text, x: area.x + 1, y: area.y, in: area, style: Theme.notice)
        case .failed(let message):
            let text = area.inner(horizontal: 1)
            let lines = TextWrap.lines(SafeText.sanitize(message), width: text.width)
            for (offset, line) in lines.prefix(text.height).enumerated() {
                buffer.write(line, x: text.x, y: text.y + offset, in: text, style: Theme.failure)
            }
        case .fields(let fields):
            let nameWidth = min(max(10, area.width / 3), (fields.map { DisplayWidth.of($0.name) }.max() ?? 0))
            // Never scrolled past the end, even when the terminal grew since.
            let offset = max(0, min(detail.scrollOffset, fields.count - area.height))
            for line in 0..<area.height {
                let index = offset + line
                guard index < fields.count else { break }
                let y = area.y + line
                if index == detail.selectedLine, let editor {
                    FieldEditorLine(editor: editor).render(area: area.row(line), buffer: &buffer)
                    continue
                }
                let selected = index == detail.selectedLine
                if selected { buffer.fill(area.row(line), style: Theme.selectedRow) }
                buffer.write(
                    fields[index].name, x: area.x + 1, y: y, in: area, maxWidth: nameWidth,
                    style: selected ? Theme.selectedRow : Theme.fieldName)
                buffer.write(
                    fields[index].value, x: area.x + nameWidth + 3, y: y, in: area,
                    style: selected ? Theme.selectedRow : .plain)
            }
        }
    }
}
