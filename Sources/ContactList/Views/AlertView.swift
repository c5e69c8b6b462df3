/// The modal alert at the head of the queue, with "1 of N" when more wait; a long one (a bulk
/// delete's refusals) scrolls.
package struct AlertView: Widget {
    var alerts: [Alert]
    /// The first line shown.
    var scrollOffset = 0

    /// The widest the alert's text runs.
    static let maxContentWidth = 56

    /// The alert's text as drawn: the message, then a paragraph per detail line.
    static func lines(of alert: Alert, width: Int) -> [String] {
        let paragraphs = alert.details.isEmpty ? [alert.message] : [alert.message, ""] + alert.details
        return paragraphs.flatMap { TextWrap.lines(SafeText.sanitize($0), width: width) }
    }

    /// How many lines of text an alert shows on a screen `height` rows tall.
    package static func visibleLines(screenHeight height: Int) -> Int {
        max(1, height - Panel.chromeRows)
    }

    /// How many lines of text an alert shows on the screen of a list of `listRows` rows.
    package static func visibleLines(listRows: Int) -> Int {
        visibleLines(screenHeight: ScreenLayout.screenHeight(listRows: listRows))
    }

    package func render(area: Rect, buffer: inout CellBuffer) {
        guard let alert = alerts.first else { return }
        let contentWidth = min(Self.maxContentWidth, max(1, area.width - 4))
        let message = Self.lines(of: alert, width: contentWidth)
        let shown = Self.visibleLines(screenHeight: area.height)
        // Never scrolled past the end, even when the terminal grew since.
        let offset = max(0, min(scrollOffset, message.count - shown))
        let scrolls = message.count > shown
        let badges =
            (alerts.count > 1 ? ["1 of \(alerts.count)"] : [])
            + (scrolls ? ["\(offset + shown)/\(message.count)"] : [])
        let footers =
            (scrolls ? ["j/k scroll"] : []) + ["Enter dismiss"] + (alert.conflict != nil ? ["o overwrite"] : [])
            + (alert.deleteConflict != nil ? ["o delete anyway"] : []) + (alerts.count > 1 ? ["a dismiss all"] : [])
        Panel(
            title: alert.title,
            badge: badges.joined(separator: " · "),
            lines: message[offset...].map { ($0, Theme.alert) },
            footer: footers.joined(separator: " · "),
            style: Theme.alert,
            maxContentWidth: contentWidth
        ).render(area: area, buffer: &buffer)
    }
}
