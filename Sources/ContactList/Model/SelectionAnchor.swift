/// Where the selection was, by record rather than by position: the selected record's id, then
/// its neighbours' (those after it first, then those before), and the screen row it was drawn
/// on. Taken before rows change and restored after, so that the selection follows its record
/// and, when the record is gone, lands on its nearest neighbour still there, never on row 1.
struct SelectionAnchor: Sendable {
    /// The selected record's id first, then its neighbours' in order of preference.
    let ids: [String]
    /// The row of the list area the selection was drawn on (`selection - scrollOffset`).
    let screenRow: Int

    /// How many neighbours on each side are remembered: more than a bulk delete of one screen.
    static let neighbours = 64
}

extension ContactListModel {
    /// The selection as a record and its neighbours; empty when no row is shown.
    func selectionAnchor() -> SelectionAnchor {
        guard selection < shownCount else { return SelectionAnchor(ids: [], screenRow: 0) }
        var ids = [shownRecord(at: selection).id]
        let after = (selection + 1)..<min(shownCount, selection + 1 + SelectionAnchor.neighbours)
        let before = max(0, selection - SelectionAnchor.neighbours)..<selection
        ids += after.map { shownRecord(at: $0).id }
        ids += before.reversed().map { shownRecord(at: $0).id }
        return SelectionAnchor(ids: ids, screenRow: selection - scrollOffset)
    }

    /// Puts the selection back on the anchor's record, else on its nearest neighbour still shown,
    /// keeping it on the same screen row where the list allows.
    mutating func restoreSelection(_ anchor: SelectionAnchor) {
        guard let first = anchor.ids.first else { return clampSelection() }
        if selection < shownCount, shownRecord(at: selection).id == first {
            return keepScreenRow(anchor.screenRow)
        }
        let rank = Dictionary(anchor.ids.enumerated().map { ($0.element, $0.offset) }) { first, _ in first }
        var best: (rank: Int, position: Int)?
        for position in 0..<shownCount {
            guard let found = rank[shownRecord(at: position).id], found < (best?.rank ?? Int.max) else { continue }
            best = (found, position)
            if found == 0 { break }
        }
        guard let best else { return clampSelection() }
        selection = best.position
        keepScreenRow(anchor.screenRow)
    }

    /// Scrolls so that the selection is drawn on `screenRow`, as far as the list allows.
    private mutating func keepScreenRow(_ screenRow: Int) {
        scrollOffset = max(0, selection - max(0, screenRow))
        clampSelection()
    }
}
