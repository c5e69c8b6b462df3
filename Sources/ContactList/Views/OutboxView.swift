/// `p`: every change not settled, one line each (since when, kind, state, record), in a box that
/// scrolls, as `!`'s messages do.
package struct OutboxView: Widget {
    var items: [OutboxItem]
    var scrollOffset: Int

    /// The widest the text runs.
    static let maxContentWidth = 90

    /// `14:02:07  delete    sent     Ann Lee (003…)`, each record's text made safe and cut to `width`.
    static func lines(of items: [OutboxItem], width: Int) -> [String] {
        guard !items.isEmpty else { return ["Nothing waits: every change is settled."] }
        return items.map { item in
            let time = item.since.map(MessagesView.time) ?? "--:--:--"
            let head = "\(time)  \(pad(item.kindName, 9))\(pad(item.stateName, 9))"
            let name = SafeText.sanitize(item.recordName)
            return head + String(name.prefix(max(1, width - head.count)))
        }
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(1, width - text.count))
    }

    package func render(area: Rect, buffer: inout CellBuffer) {
        let width = min(Self.maxContentWidth, max(1, area.width - 4))
        let lines = Self.lines(of: items, width: width)
        let shown = max(1, area.height - Panel.chromeRows)
        let offset = max(0, min(scrollOffset, lines.count - shown))
        let count = items.isEmpty ? "" : "\(items.count) not settled"
        Panel(
            title: "Outbox", badge: lines.count > shown ? "\(offset + min(shown, lines.count))/\(lines.count)" : count,
            lines: lines[offset...].map { ($0, Theme.helpPanel) },
            footer: lines.count > shown ? "j/k scroll · Esc closes" : "Esc closes", style: Theme.helpPanel,
            maxContentWidth: width
        ).render(area: area, buffer: &buffer)
    }
}
