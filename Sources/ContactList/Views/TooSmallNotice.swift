/// What a terminal under the minimum size shows instead of the list.
public struct TooSmallNotice: Sendable {
    public init() {}

    public func render(into buffer: inout CellBuffer) {
        let lines = [
            "Terminal too small",
            "need \(ListView.minimumSize.width)×\(ListView.minimumSize.height)",
            "have \(buffer.width)×\(buffer.height)",
        ]
        let top = max(0, (buffer.height - lines.count) / 2)
        for (offset, line) in lines.enumerated() {
            let x = max(0, (buffer.width - DisplayWidth.of(line)) / 2)
            buffer.write(line, x: x, y: top + offset, style: Style(color: .warning, bold: offset == 0))
        }
    }
}
