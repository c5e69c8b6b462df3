/// The bottom row: the keys that matter now.
///
/// When the terminal is narrow, the optional hints are dropped from the end so
/// that the ones that always matter (help and quit) stay whole.
package struct KeyHintBar: Widget {
    var model: ContactListModel

    package init(model: ContactListModel) {
        self.model = model
    }

    /// The hints for the model's state: those shown while room remains, then those always shown.
    var hints: (optional: [String], always: [String]) {
        if !model.alerts.isEmpty {
            return ([], ["Enter/Esc/Space dismiss"] + (model.alerts.count > 1 ? ["a dismiss all"] : []) + ["^C quit"])
        }
        if model.bulkDeletePrompt != nil { return ([], ["y delete", "any other key cancels"]) }
        switch model.mode {
        case .help: return (["j/k scroll"], ["any other key closes the help"])
        case .detail: return (["j/k scroll"], ["Esc/q back", "^C quit"])
        case .list where model.filter != nil:
            return (["n/N next/prev", "Enter open", "d delete"], ["Esc clear filter", "q quit"])
        case .list:
            return (["j/k move", "Enter open", "d delete", "/ filter", "r refresh"], ["? help", "q quit"])
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
