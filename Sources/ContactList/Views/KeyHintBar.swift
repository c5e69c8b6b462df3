/// The bottom row: the keys that matter now.
///
/// When the terminal is narrow, the optional hints are dropped from the end so
/// that the ones that always matter (help and quit) stay whole.
package struct KeyHintBar: Widget {
    var model: ContactListModel

    package init(model: ContactListModel) {
        self.model = model
    }

    /// The hints for the key's focus (the same `focus` that routes the keys): those shown while
    /// room remains, then those always shown.
    var hints: (optional: [String], always: [String]) {
        let changes = !model.isReadOnly && model.rowsAreRecords && model.run.resultsView == nil
        let delete = changes ? ["d delete"] : []
        switch model.focus {
        case .tooSmall: return ([], ["q quit"])
        case .alert:
            return (
                [],
                ["Enter/Esc/Space dismiss"] + (model.notices.alerts.first?.conflict != nil ? ["o overwrite"] : [])
                    + (model.notices.alerts.first?.deleteConflict != nil ? ["o delete anyway"] : [])
                    + (model.notices.alerts.count > 1 ? ["a dismiss all"] : []) + ["^C quit"]
            )
        case .awaitingDescribe: return ([], ["reading the fields…", "Esc cancels"])
        case .editor: return (["^U clear"], ["Enter save", "Esc cancel"])
        case .bulkDeletePrompt:
            let listing = (model.bulkDeletePrompt?.records.count ?? 0) > 1 ? ["l list all"] : []
            return ([], ["y delete"] + listing + ["any other key cancels"])
        case .loadAllPrompt: return ([], ["y load all", "any other key: last loaded row"])
        case .loadingAll: return ([], ["Esc stops loading"])
        case .messages: return (["j/k scroll"], ["any other key closes"])
        case .outbox: return (["j/k scroll", "x discard the row's queued"], ["Esc closes"])
        case .createForm: return (["Tab/⇧Tab move"], ["^S save", "Esc cancel"])
        case .queryBar: return (["↑/↓ history", "Tab object", "^U clear"], ["Enter run", "Esc cancel"])
        case .listViewPicker where model.listViewPicker?.isWaiting == true:
            return ([], ["opening the view…", "Esc cancels"])
        case .listViewPicker: return (["↑/↓ choose", "type to narrow"], ["Enter open", "Esc close"])
        case .exportPath: return (["^U clear", ".jsonl for JSON lines"], ["Enter write", "Esc cancel"])
        case .exportOverwrite: return ([], ["y replace", "any other key cancels"])
        case .help: return (["j/k scroll"], ["any other key closes the help"])
        case .detail: return (["j/k scroll"] + (changes ? ["e edit"] : []), ["Esc/q back", "^C quit"])
        case .filterLine: return ([], [])
        case .list where !model.viewport.marks.isEmpty && changes:
            // What `d` will do leads, among the hints always shown: it acts on rows the screen may not show.
            let marked = model.viewport.marks.count
            return (
                ["Space mark", "w write \(marked)"] + (model.filter != nil ? ["Esc clear filter"] : []),
                ["d delete \(marked) marked", "u unmark all", "? help", "q quit"]
            )
        case .list where model.filter != nil:
            return (["n/N next/prev", "Enter open"] + delete, ["Esc clear filter", "q quit"])
        case .list:
            return (
                ["j/k move", "Enter open"] + delete + ["/ filter", "r refresh", "! messages"], ["? help", "q quit"]
            )
        }
    }

    /// The hint line that fits in `width` columns.
    package func text(width: Int) -> String {
        let (optional, always) = hints
        let line = { (items: [String]) in " " + items.joined(separator: "  ") }
        var kept = optional
        while !kept.isEmpty, DisplayWidth.of(line(kept + always)) > width { kept.removeLast() }
        return line(kept + always)
    }

    package func render(area: Rect, buffer: inout CellBuffer) {
        let row = area.row(0)
        buffer.fill(row)
        buffer.write(text(width: row.width), x: row.x, y: row.y, in: row, style: Theme.keyHints)
    }
}
