/// The one-line field editor, drawn over the row or detail line it edits: `Email: text▏`.
struct FieldEditorLine: Widget {
    var editor: FieldEditor

    func render(area: Rect, buffer: inout CellBuffer) {
        let row = area.row(0)
        guard row.width > 2 else { return }
        let inner = Rect(x: row.x + 1, y: row.y, width: row.width - 1, height: 1)
        buffer.fill(row)
        FilterBar(field: editor.text, matchCount: nil, prompt: editor.field + ": ").render(area: inner, buffer: &buffer)
    }
}
