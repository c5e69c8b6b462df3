/// The list: the column headings, then the visible slice of the rows.
///
/// Only the rows on screen are read, so a frame costs the same with a thousand
/// or a million rows loaded.
package struct ListView: Widget {
    /// Rows above the records: the column headings.
    static let headingRows = 1
    /// Drawn in the left margin of a marked row: ASCII, so every terminal shows it, and bold.
    static let markGlyph = "*"
    /// Drawn in the left margin of a new record the org has not answered for yet.
    static let pendingGlyph = "+"

    var model: ContactListModel

    package init(model: ContactListModel) {
        self.model = model
    }

    package func render(area: Rect, buffer: inout CellBuffer) {
        let (headings, rows) = area.split(top: Self.headingRows)
        let columns = model.headedColumns
        let placements = model.columnPlacements(totalWidth: area.width - 1)
        let cursor = model.shownColumnCursor
        for placement in placements {
            let style = placement.column == cursor ? Theme.cursorColumnHeading : Theme.columnHeading
            buffer.write(
                columns[placement.column].title, x: area.x + 1 + placement.x, y: headings.y, in: headings,
                maxWidth: placement.width, style: style)
        }

        let shown = model.shownCount
        // The divider takes a line of its own above the org search's first row.
        var divider = model.hasOrgDivider ? model.localMatchCount : nil
        var position = model.viewport.scrollOffset
        for line in 0..<rows.height {
            let row = rows.row(line)
            if position == divider {
                OrgDivider().render(area: row, buffer: &buffer)
                divider = nil
                continue
            }
            guard position < shown else { break }
            defer { position += 1 }
            let record = model.shownRecord(at: position)
            let selected = position == model.viewport.selection
            if selected, let editor = model.fieldEditor, !editor.inDetail {
                // The editor takes the selected row's line, wherever the divider put it.
                FieldEditorLine(editor: editor).render(area: row, buffer: &buffer)
                continue
            }
            let style = selected ? Theme.selectedRow : .plain
            if selected { buffer.fill(row, style: style) }
            if model.isMarked(record.id) {
                buffer.write(Self.markGlyph, x: row.x, y: row.y, in: row, style: selected ? style : Theme.mark)
            } else if let badge = model.offline.badge(ofRecord: record.id) {
                buffer.write(
                    badge.glyph(in: buffer.repertoire), x: row.x, y: row.y, in: row,
                    style: selected ? style : Theme.mark)
            } else if record.id.hasPrefix(PendingCreate.idPrefix) {
                buffer.write(Self.pendingGlyph, x: row.x, y: row.y, in: row, style: selected ? style : Theme.mark)
            }
            for placement in placements {
                buffer.write(
                    record.value(at: placement.column), x: row.x + 1 + placement.x, y: row.y, in: row,
                    maxWidth: placement.width, style: style)
            }
        }
        if shown == 0 && !model.isLoading {
            let noun = model.noun
            let notice =
                model.offline.isOffline && model.filter == nil
                ? "Offline: this machine keeps no rows of this list; open it once while the org answers."
                : model.filter == nil
                    ? "No \(noun.plural)."
                    : model.run.nextRecordsURL == nil
                        ? "No \(noun.singular) matches the filter."
                        : "No loaded \(noun.singular) matches the filter; ↓ loads the next page."
            buffer.write(notice, x: rows.x + 1, y: rows.y, in: rows, style: Theme.notice)
        }
    }
}
