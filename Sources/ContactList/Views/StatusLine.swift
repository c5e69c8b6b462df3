/// The status line: loaded / total, pending deletes with a spinner, the filter, the last message.
public struct StatusLine: Sendable {
    static let spinner: [Character] = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]
    static let style = Style(color: .muted, reverse: true)

    public init() {}

    /// The text of the status line.
    public func text(for model: ContactListModel) -> String {
        var parts = ["\(model.dataRows.count) of \(model.totalSize) loaded"]
        if let filter = model.filter, !filter.query.isEmpty {
            parts.append("/\(filter.query): \(filter.matches.count) match\(filter.matches.count == 1 ? "" : "es")")
        }
        let spinner = Self.spinner[model.spinnerFrame % Self.spinner.count]
        if model.isLoading { parts.append("\(spinner) loading") }
        let pending = model.deleteRequests.count
        if pending > 0 { parts.append("\(spinner) \(pending) delete\(pending == 1 ? "" : "s") pending") }
        if !model.statusMessage.isEmpty { parts.append(model.statusMessage) }
        return " " + parts.joined(separator: " · ")
    }

    public func render(_ model: ContactListModel, into buffer: inout CellBuffer, row: Int) {
        buffer.clearRow(row, style: Self.style)
        buffer.write(text(for: model), x: 0, y: row, style: Self.style)
    }
}
