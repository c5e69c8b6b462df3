/// The modal alert at the head of the queue, with "1 of N" when more wait.
package struct AlertView: Widget {
    var alerts: [Alert]

    package func render(area: Rect, buffer: inout CellBuffer) {
        guard let alert = alerts.first else { return }
        let contentWidth = min(56, max(1, area.width - 4))
        let message = TextWrap.lines(SafeText.sanitize(alert.message), width: contentWidth)
        Panel(
            title: alert.title,
            badge: alerts.count > 1 ? "1 of \(alerts.count)" : "",
            lines: message.map { ($0, Theme.alert) },
            footer: alerts.count > 1 ? "Enter dismiss · a dismiss all" : "Enter dismiss",
            style: Theme.alert,
            maxContentWidth: contentWidth
        ).render(area: area, buffer: &buffer)
    }
}
