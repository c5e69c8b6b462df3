/// A framed box centred on the screen, for the alert and the help.
struct Panel: Sendable {
    var title: String
    /// Text at the right end of the top border, e.g. "1 of 3".
    var badge: String = ""
    var lines: [(text: String, style: Style)]
    var footer: String
    var style: Style

    /// Draws the box, as wide as its content allows, centred in the rows
    /// `areaTop ..< areaTop + areaHeight` (the whole buffer by default).
    func render(into buffer: inout CellBuffer, maxContentWidth: Int, areaTop: Int = 0, areaHeight: Int? = nil) {
        let areaHeight = min(areaHeight ?? buffer.height, buffer.height - areaTop)
        let contentWidth = min(maxContentWidth, max(1, buffer.width - 4))
        let boxWidth = contentWidth + 4
        let boxHeight = min(areaHeight, lines.count + 4)
        guard boxHeight >= 2 else { return }
        let left = max(0, (buffer.width - boxWidth) / 2)
        let top = areaTop + max(0, (areaHeight - boxHeight) / 2)
        let bottom = top + boxHeight - 1
        for y in top...bottom {
            for x in left..<min(buffer.width, left + boxWidth) { buffer[x, y] = Cell(grapheme: " ", style: style) }
            let edge = y == top || y == bottom
            buffer.write(edge ? (y == top ? "┌" : "└") : "│", x: left, y: y, style: style)
            buffer.write(edge ? (y == top ? "┐" : "┘") : "│", x: left + boxWidth - 1, y: y, style: style)
            if edge {
                for x in (left + 1)..<(left + boxWidth - 1) { buffer.write("─", x: x, y: y, style: style) }
            }
        }
        var titleStyle = style
        titleStyle.bold = true
        let titleWidth = buffer.write(" \(title) ", x: left + 2, y: top, maxWidth: boxWidth - 4, style: titleStyle)
        if !badge.isEmpty {
            let badgeText = " \(badge) "
            let x = left + boxWidth - 2 - DisplayWidth.of(badgeText)
            if x > left + 2 + titleWidth { buffer.write(badgeText, x: x, y: top, style: style) }
        }
        for (offset, line) in lines.enumerated() where top + 2 + offset < bottom {
            var lineStyle = line.style
            lineStyle.reverse = style.reverse
            buffer.write(line.text, x: left + 2, y: top + 1 + offset + 1, maxWidth: contentWidth, style: lineStyle)
        }
        let footerText = " \(footer) "
        let footerX = left + max(2, boxWidth - 2 - DisplayWidth.of(footerText))
        buffer.write(footerText, x: footerX, y: bottom, maxWidth: boxWidth - 4, style: style)
    }
}
