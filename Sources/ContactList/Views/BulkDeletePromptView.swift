/// The question `d` asks before deleting several marked contacts: "Delete N contacts? y/N".
package struct BulkDeletePromptView: Widget {
    var count: Int

    /// The question, as the box shows it.
    var question: String { "Delete \(count) contacts? y/N" }

    package func render(area: Rect, buffer: inout CellBuffer) {
        Panel(
            title: "Delete", lines: [(question, Theme.alert)], footer: "y delete · other keys cancel",
            style: Theme.alert, maxContentWidth: DisplayWidth.of(question)
        ).render(area: area, buffer: &buffer)
    }
}
