/// The question `d` asks before deleting several marked records, naming them:
/// "Delete 12 contacts (9 hidden by the filter)? y/N", the first names, and with `l` every name
/// in a list that scrolls.
package struct BulkDeletePromptView: Widget {
    var prompt: BulkDeletePrompt

    /// How many names the open list shows on the screen of a list of `listRows` rows: the box
    /// takes its chrome, the question and a blank line.
    package static func visibleNames(listRows: Int) -> Int {
        visibleNames(screenHeight: ScreenLayout.screenHeight(listRows: listRows))
    }

    /// How many names the open list shows in an area `height` rows tall.
    static func visibleNames(screenHeight height: Int) -> Int {
        max(1, height - Panel.chromeRows - 3)
    }

    /// The lines of the box: the question, then the first names, or every name from the scroll offset.
    func lines(height: Int) -> [String] {
        // One record is named in the question itself.
        guard prompt.records.count > 1 else { return [prompt.question] }
        guard prompt.isListing else { return [prompt.question, prompt.namesLine] }
        let shown = Self.visibleNames(screenHeight: height)
        let offset = max(0, min(prompt.scrollOffset, prompt.records.count - shown))
        let names = prompt.labels[offset...].prefix(shown)
        return [prompt.question, ""] + names
    }

    package func render(area: Rect, buffer: inout CellBuffer) {
        let lines = lines(height: area.height)
        let footer =
            prompt.records.count == 1
            ? "y delete · other keys cancel"
            : prompt.isListing
                ? "y delete · j/k scroll · other keys cancel" : "y delete · l list all · other keys cancel"
        let width = max(DisplayWidth.of(footer) + 2, lines.map { DisplayWidth.of(SafeText.sanitize($0)) }.max() ?? 1)
        Panel(
            title: "Delete", badge: prompt.isListing ? "\(prompt.records.count)" : "",
            lines: lines.map { ($0, Theme.alert) }, footer: footer, style: Theme.alert,
            maxContentWidth: min(width, 72)
        ).render(area: area, buffer: &buffer)
    }
}
