/// Where the selection was, by record rather than by position: the selected record's id, then
/// its neighbours' (those after it first, then those before). Taken before rows change and
/// restored after, so that the selection follows its record and, when the record is gone, lands
/// on its nearest neighbour still there, never on row 1. The scroll position stays as it was
/// (moved only as far as the selection needs), so a row put back on top shows there.
struct SelectionAnchor: Sendable {
    /// The selected record's id first, then its neighbours' in order of preference.
    let ids: [String]
    /// The selection's position when the anchor was taken: a neighbour is looked for near it first.
    var position = 0

    /// How many neighbours on each side are remembered: more than a bulk delete of one screen.
    static let neighbours = 64
}

extension ContactListModel {
    /// The selection as a record and its neighbours; empty when no row is shown.
    func selectionAnchor() -> SelectionAnchor {
        guard viewport.selection < shownCount else { return SelectionAnchor(ids: []) }
        var ids = [shownRecord(at: viewport.selection).id]
        let after = (viewport.selection + 1)..<min(shownCount, viewport.selection + 1 + SelectionAnchor.neighbours)
        let before = max(0, viewport.selection - SelectionAnchor.neighbours)..<viewport.selection
        ids += after.map { shownRecord(at: $0).id }
        ids += before.reversed().map { shownRecord(at: $0).id }
        return SelectionAnchor(ids: ids, position: viewport.selection)
    }

    /// Puts the selection back on the anchor's record, else on its nearest neighbour still shown.
    mutating func restoreSelection(_ anchor: SelectionAnchor) {
        guard let first = anchor.ids.first else { return clampSelection() }
        if viewport.selection < shownCount, shownRecord(at: viewport.selection).id == first { return clampSelection() }
        let rank = Dictionary(anchor.ids.enumerated().map { ($0.element, $0.offset) }) { first, _ in first }
        // A record that left the rows (deleted) is only replaced by a neighbour, which sits near
        // the old place: that window is read first, so a `d` at a million rows reads a few hundred.
        let window = 4 * SelectionAnchor.neighbours
        // Empty when the rows shrank below the old place (the window then starts past the end).
        let start = min(max(0, anchor.position - window), shownCount)
        let near = start..<max(start, min(shownCount, anchor.position + window + 1))
        var best = Self.best(in: near, rank: rank) { shownRecord(at: $0).id }
        if best?.rank != 0, rows.contains(first) || best == nil {
            best = Self.best(in: 0..<shownCount, rank: rank) { shownRecord(at: $0).id }
        }
        if let best { viewport.selection = best.position }
        clampSelection()
    }

    /// The position in `positions` of the best-ranked id, stopping at the record itself (rank 0).
    private static func best(
        in positions: Range<Int>, rank: [String: Int], id: (Int) -> String
    ) -> (rank: Int, position: Int)? {
        var best: (rank: Int, position: Int)?
        for position in positions {
            guard let found = rank[id(position)], found < (best?.rank ?? Int.max) else { continue }
            best = (found, position)
            if found == 0 { break }
        }
        return best
    }
}
