/// The bottom row: the keys that matter now, or the filter being typed.
///
/// When the terminal is narrow, the optional hints are dropped from the end so
/// that the ones that always matter (help and quit) stay whole.
public struct KeyHintBar: Sendable {
    public init() {}

    /// The hints for the model's state: those shown while room remains, then those always shown.
    func hints(for model: ContactListModel) -> (optional: [String], always: [String]) {
        if !model.alerts.isEmpty { return ([], ["Enter/Esc/Space dismiss", "^C quit"]) }
        switch model.mode {
        case .help: return ([], ["any key closes the help"])
        case .detail: return (["j/k scroll"], ["Esc/q back", "^C quit"])
        case .list where model.filter != nil:
            return (["n/N next/prev", "Enter open", "d delete"], ["Esc clear filter", "q quit"])
        case .list:
            return (["j/k move", "Enter open", "d delete", "/ filter", "r refresh"], ["? help", "q quit"])
        }
    }

    /// The hint line that fits in `width` columns.
    public func text(for model: ContactListModel, width: Int) -> String {
        let (optional, always) = hints(for: model)
        let line = { (items: [String]) in " " + items.joined(separator: "  ") }
        var kept = optional
        while !kept.isEmpty, DisplayWidth.of(line(kept + always)) > width { kept.removeLast() }
        return line(kept + always)
    }

    public func render(_ model: ContactListModel, into buffer: inout CellBuffer, row: Int) {
        buffer.clearRow(row)
        if model.isEditingFilter {
            FilterBar().render(model, into: &buffer, row: row)
        } else {
            buffer.write(text(for: model, width: buffer.width), x: 0, y: row, style: Style(color: .muted))
        }
    }
}
