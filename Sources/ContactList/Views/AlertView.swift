/// The modal alert at the head of the queue, with "1 of N" when more wait.
public struct AlertView: Sendable {
    public init() {}

    public func render(_ alerts: [Alert], into buffer: inout CellBuffer) {
        guard let alert = alerts.first else { return }
        let contentWidth = min(56, max(1, buffer.width - 4))
        let message = TextWrap.lines(SafeText.sanitize(alert.message), width: contentWidth)
        let style = Style(color: .error)
        Panel(
            title: alert.title,
            badge: alerts.count > 1 ? "1 of \(alerts.count)" : "",
            lines: message.map { ($0, style) },
            footer: "Enter dismiss",
            style: style
        ).render(into: &buffer, maxContentWidth: contentWidth)
    }
}
