/// What a terminal under the minimum size shows instead of the list.
package struct TooSmallNotice: Widget {
    var minimumWidth: Int
    var minimumHeight: Int

    package func render(area: Rect, buffer: inout CellBuffer) {
        let lines = [
            "Terminal too small",
            "need \(minimumWidth)×\(minimumHeight)",
            "have \(area.width)×\(area.height)",
        ]
        let top = area.y + max(0, (area.height - lines.count) / 2)
        for (offset, line) in lines.enumerated() {
            let x = area.x + max(0, (area.width - DisplayWidth.of(line)) / 2)
            let style = offset == 0 ? Theme.tooSmallTitle : Theme.tooSmall
            buffer.write(line, x: x, y: top + offset, in: area, style: style)
        }
    }
}
