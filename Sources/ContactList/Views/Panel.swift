/// A framed box centred in its area, for the alert and the help.
struct Panel: Widget {
    var title: String
    /// Text at the right end of the top border, e.g. "1 of 3".
    var badge: String = ""
    var lines: [(text: String, style: Style)]
    var footer: String
    var style: Style
    /// The widest the text inside may be; the box is as wide as that allows.
    var maxContentWidth: Int

    /// Rows of the box that are not text: the top border, the blank line under it, the bottom border.
    static let chromeRows = 3

    func render(area: Rect, buffer: inout CellBuffer) {
        let contentWidth = min(maxContentWidth, max(1, area.width - 4))
        let boxWidth = contentWidth + 4
        let boxHeight = min(area.height, lines.count + 4)
        guard boxHeight >= 2 else { return }
        let left = area.x + max(0, (area.width - boxWidth) / 2)
        let top = area.y + max(0, (area.height - boxHeight) / 2)
        let right = left + boxWidth - 1
        let bottom = top + boxHeight - 1
        buffer.fill(Rect(x: left, y: top, width: boxWidth, height: boxHeight).intersection(area), style: style)
        for y in top...bottom {
            let edge = y == top || y == bottom
            buffer.write(edge ? (y == top ? "┌" : "└") : "│", x: left, y: y, in: area, style: style)
            buffer.write(edge ? (y == top ? "┐" : "┘") : "│", x: right, y: y, in: area, style: style)
            if edge {
                for x in (left + 1)..<right { buffer.write("─", x: x, y: y, in: area, style: style) }
            }
        }
        var titleStyle = style
        titleStyle.bold = true
        let titleWidth = buffer.write(
            " \(title) ", x: left + 2, y: top, in: area, maxWidth: boxWidth - 4, style: titleStyle)
        if !badge.isEmpty {
            let badgeText = " \(badge) "
            let x = right - 1 - DisplayWidth.of(badgeText)
            if x > left + 2 + titleWidth { buffer.write(badgeText, x: x, y: top, in: area, style: style) }
        }
        for (offset, line) in lines.enumerated() where top + 2 + offset < bottom {
            var lineStyle = line.style
            lineStyle.reverse = style.reverse
            buffer.write(
                line.text, x: left + 2, y: top + 2 + offset, in: area, maxWidth: contentWidth, style: lineStyle)
        }
        let footerText = " \(footer) "
        let footerX = left + max(2, boxWidth - 2 - DisplayWidth.of(footerText))
        buffer.write(footerText, x: footerX, y: bottom, in: area, maxWidth: boxWidth - 4, style: style)
    }
}
