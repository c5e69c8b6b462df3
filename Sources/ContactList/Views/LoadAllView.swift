/// `G` with pages left: the question "Load all 48,000 remaining? y/N", then the progress of the
/// load with a bar, until the last page arrives or Esc stops it.
package struct LoadAllView: Widget {
    var loadAll: LoadAll
    /// Whether the pages are loading (else the question is asked).
    var isLoading: Bool
    /// Rows loaded now, and the org's count.
    var loaded: Int
    var total: Int
    var noun: ObjectNoun

    /// The bar's width in cells.
    static let barWidth = 30

    /// `[██████░░░░░░]`, filled in proportion to the rows loaded since the question.
    static func bar(done: Int, of total: Int) -> String {
        ProgressBar.text(done: done, of: total, width: barWidth)
    }

    var lines: [String] {
        guard isLoading else {
            return ["Load all \(GroupedNumber.text(loadAll.remaining)) remaining \(noun.plural)? y/N"]
        }
        return [
            "Loading \(GroupedNumber.text(loaded)) of \(GroupedNumber.text(total)) \(noun.plural)…",
            Self.bar(done: loaded - loadAll.loadedAtStart, of: loadAll.remaining),
        ]
    }

    package func render(area: Rect, buffer: inout CellBuffer) {
        let lines = lines
        let footer = isLoading ? "Esc stops" : "y load all · other keys: the last loaded row"
        let width = max(DisplayWidth.of(footer) + 2, lines.map(DisplayWidth.of).max() ?? 1)
        Panel(
            title: "Load all", lines: lines.map { ($0, Theme.alert) }, footer: footer, style: Theme.alert,
            maxContentWidth: width
        ).render(area: area, buffer: &buffer)
    }

}
