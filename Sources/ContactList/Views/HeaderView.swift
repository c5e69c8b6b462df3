import RestCore

/// The top row: the app and the org (host and API version), or what is shown below; on the
/// right, the org's API usage as the last answer reported it (`Sforce-Limit-Info`), in the
/// warning colour from 90% of the limit.
package struct HeaderView: Widget {
    var title: String
    var usage: APIUsage? = nil

    package func render(area: Rect, buffer: inout CellBuffer) {
        let row = area.row(0)
        buffer.fill(row, style: Theme.header)
        var titleWidth = row.width
        if let usage {
            let text = " " + Self.label(usage) + " "
            let width = text.utf8.count  // digits, commas, spaces and ASCII letters only
            // The title keeps at least half the row; the figure gives way first.
            if width <= row.width / 2 {
                let style = usage.fraction >= 0.9 ? Theme.headerWarning : Theme.header
                buffer.write(text, x: row.right - width, y: row.y, in: row, style: style)
                titleWidth = row.width - width
            }
        }
        buffer.write(" \(title)", x: row.x, y: row.y, in: row, maxWidth: titleWidth, style: Theme.header)
    }

    /// `API 1,204/15,000`.
    static func label(_ usage: APIUsage) -> String {
        "API \(GroupedNumber.text(usage.used))/\(GroupedNumber.text(usage.max))"
    }
}
