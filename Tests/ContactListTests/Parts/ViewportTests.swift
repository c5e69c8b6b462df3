import Testing

@testable import ContactList

/// The viewport keeps the selection on a shown row and in view.
@Suite struct ViewportTests {
    @Test(arguments: [(0, 0), (5, 4), (100, 10), (3, 0)])
    func clampPutsTheSelectionOnAShownRowInView(rows: Int, rowsShownBefore: Int) {
        for selection in [-3, 0, 2, 7, 50, 200] {
            for visible in [1, 3, 10] {
                for divider in [false, true] {
                    var viewport = Viewport(visibleRowCount: visible)
                    viewport.selection = selection
                    viewport.scrollOffset = rowsShownBefore
                    viewport.clamp(shownCount: rows, hasDivider: divider)
                    let fit = max(visible - (divider ? 1 : 0), 1)
                    #expect(rows == 0 ? viewport.selection == 0 : (0..<rows).contains(viewport.selection))
                    #expect(viewport.scrollOffset <= viewport.selection)
                    #expect(viewport.selection < viewport.scrollOffset + fit)
                    #expect(viewport.scrollOffset >= 0)
                }
            }
        }
    }
}
