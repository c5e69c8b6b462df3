/// The details of one record: every field the retrieve returned, one per line.
public struct DetailView: Sendable {
    public init() {}

    /// Draws rows 0 ..< `buffer.height - 2`.
    public func render(_ detail: DetailState, spinnerFrame: Int, into buffer: inout CellBuffer) {
        let record = detail.record
        HeaderView(title: "\(record.objectType) · \(SafeText.sanitize(record.displayName))").render(into: &buffer)
        let top = 2
        let rows = ListView.listRows(forHeight: buffer.height)
        switch detail.content {
        case .loading:
            let spinner = StatusLine.spinner[spinnerFrame % StatusLine.spinner.count]
            buffer.write("\(spinner) Loading every field…", x: 1, y: top, style: Style(color: .muted))
        case .failed(let message):
            for (offset, line) in TextWrap.lines(SafeText.sanitize(message), width: buffer.width - 2).enumerated()
            where offset < rows {
                buffer.write(line, x: 1, y: top + offset, style: Style(color: .error))
            }
        case .fields(let fields):
            let nameWidth = min(max(10, buffer.width / 3), (fields.map { DisplayWidth.of($0.name) }.max() ?? 0))
            for line in 0..<rows {
                let index = detail.scrollOffset + line
                guard index < fields.count else { break }
                buffer.write(fields[index].name, x: 1, y: top + line, maxWidth: nameWidth, style: Style(bold: true))
                buffer.write(fields[index].value, x: nameWidth + 3, y: top + line)
            }
        }
    }
}
