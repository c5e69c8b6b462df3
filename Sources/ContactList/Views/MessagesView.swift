import Foundation

/// `!`: the last messages whole, newest first, each with its time, in a box that scrolls.
package struct MessagesView: Widget {
    var messages: MessageLog
    var scrollOffset: Int

    /// The widest the text runs.
    static let maxContentWidth = 72

    /// How many lines the box shows on the screen of a list of `listRows` rows.
    package static func visibleLines(listRows: Int) -> Int {
        max(1, ScreenLayout.screenHeight(listRows: listRows) - Panel.chromeRows)
    }

    /// Each message wrapped to `width`, its first line after its time (`14:02:07 `).
    static func lines(of messages: MessageLog, width: Int) -> [String] {
        guard !messages.entries.isEmpty else { return ["No messages yet."] }
        var lines: [String] = []
        for entry in messages.entries {
            let stamp = Self.time(entry.time) + " "
            let wrapped = TextWrap.lines(SafeText.sanitize(entry.text), width: max(1, width - stamp.count))
            for (index, line) in wrapped.enumerated() {
                lines.append((index == 0 ? stamp : String(repeating: " ", count: stamp.count)) + line)
            }
        }
        return lines
    }

    /// `14:02:07`, in the local time zone.
    static func time(_ date: Date) -> String {
        let seconds = Int(date.timeIntervalSince1970) + TimeZone.current.secondsFromGMT(for: date)
        let day = ((seconds % 86_400) + 86_400) % 86_400
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(two(day / 3600)):\(two(day / 60 % 60)):\(two(day % 60))"
    }

    package func render(area: Rect, buffer: inout CellBuffer) {
        let width = min(Self.maxContentWidth, max(1, area.width - 4))
        let lines = Self.lines(of: messages, width: width)
        let shown = max(1, area.height - Panel.chromeRows)
        let offset = max(0, min(scrollOffset, lines.count - shown))
        Panel(
            title: "Messages", badge: lines.count > shown ? "\(offset + min(shown, lines.count))/\(lines.count)" : "",
            lines: lines[offset...].map { ($0, Theme.helpPanel) },
            footer: lines.count > shown ? "j/k scroll · other keys close" : "any key closes", style: Theme.helpPanel,
            maxContentWidth: width
        ).render(area: area, buffer: &buffer)
    }
}
