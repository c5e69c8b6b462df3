/// Where the user is in the list: the selected row, the first row drawn, the column cursor, the
/// marks, and how far each scrolling box (help, alert) is scrolled; set by keys and by layout.
///
/// Invariant: after `clamp(shownCount:hasDivider:)` the selection is a shown row (or 0 when none
/// is) and it is drawn: `scrollOffset ≤ selection < scrollOffset + the rows that fit`.
public struct Viewport: Sendable {
    /// The selected position in the shown rows.
    public internal(set) var selection = 0
    /// The first shown position drawn.
    public internal(set) var scrollOffset = 0
    /// The column under the column cursor, an index into the list's columns; it starts on the first.
    public internal(set) var columnCursor = 0
    /// The terminal's width in cells, which places the columns for a click and for `<` `>`; set
    /// by the runner on every layout.
    public internal(set) var screenWidth = 80
    /// Rows the list area shows; set by the view on every layout.
    public internal(set) var visibleRowCount = 10
    /// Whether the terminal is under the minimum size, so that only the too-small notice shows
    /// (then no key acts on what cannot be seen); set by the runner on every layout.
    public internal(set) var isTerminalTooSmall = false
    /// The first line of the help shown, when it is taller than the screen.
    public internal(set) var helpScrollOffset = 0
    /// The first line of the alert shown, when it is taller than the screen.
    public internal(set) var alertScrollOffset = 0
    /// Moves down typed past the last row while its next page loaded, applied when it arrives.
    var queuedMoveDown = 0
    /// The marked records by id (Space, `*`): marks survive filtering, paging and refreshes.
    public internal(set) var marks: [String: ContactRecord] = [:]
    /// Advances while something is in flight, for the spinner.
    public internal(set) var spinnerFrame = 0

    init(visibleRowCount: Int = 10, isTerminalTooSmall: Bool = false) {
        self.visibleRowCount = visibleRowCount
        self.isTerminalTooSmall = isTerminalTooSmall
    }

    /// Puts the selection on a shown row and scrolls it into view.
    mutating func clamp(shownCount: Int, hasDivider: Bool) {
        selection = shownCount == 0 ? 0 : min(max(selection, 0), shownCount - 1)
        scroll(shownCount: shownCount, hasDivider: hasDivider)
    }

    /// Scrolls the least that shows the selection, never past the last row; the org search's
    /// divider takes one of the rows.
    mutating func scroll(shownCount: Int, hasDivider: Bool) {
        let rows = max(visibleRowCount - (hasDivider ? 1 : 0), 1)
        if selection < scrollOffset { scrollOffset = selection }
        if selection >= scrollOffset + rows { scrollOffset = selection - rows + 1 }
        scrollOffset = max(0, min(scrollOffset, max(0, shownCount - rows)))
    }
}
