import SOQL

/// How wide the list draws each column: as wide as its content, the room left to Name.
///
/// Each column wants the width of its widest loaded value (`ContactListModel.contentWidths`,
/// measured when a page arrives, up to `measuredCap`) or of its heading, whichever is wider.
/// When they all fit, the room left over goes to the Name column (the first column when the
/// query does not select Name). When they do not, the widest columns give way first, down
/// to one width they share, so a phone number keeps its cells. The widths depend on the
/// loaded rows and the terminal only, never on the rows scrolled into view, so they stay
/// still while scrolling and change only when a page or a resize arrives.
enum ColumnLayout {
    /// The widest a value is measured: longer values are cut with "…" anyway.
    static let measuredCap = 40
    /// Cells between two columns.
    static let gap = 2

    /// The cells `value` takes on screen (as drawn, after sanitising), up to `measuredCap`.
    static func measure(_ value: String) -> Int {
        var plain = true
        for byte in value.utf8 where byte < 0x20 || byte >= 0x7F {
            plain = false
            break
        }
        let width = plain ? value.utf8.count : DisplayWidth.of(SafeText.sanitize(value))
        return min(width, measuredCap)
    }

    /// The widths of `columns` in `totalWidth` cells, `gap` cells apart. A column with a width
    /// in `fixed` (set with `<` `>`) keeps it; while none has one, the widest give way when all
    /// do not fit (else the list scrolls sideways, `placements`).
    static func widths(for columns: [Column], contentWidths: [Int], totalWidth: Int, fixed: [Int?] = []) -> [Int] {
        guard !columns.isEmpty else { return [] }
        let available = max(columns.count, totalWidth - gap * (columns.count - 1))
        let fixed = columns.indices.map { $0 < fixed.count ? fixed[$0] : nil }
        let wanted = columns.indices.map { index in
            fixed[index]
                ?? max(1, DisplayWidth.of(columns[index].title), index < contentWidths.count ? contentWidths[index] : 0)
        }
        var widths = wanted
        let free = columns.indices.filter { fixed[$0] == nil }
        // Once the user set a width, columns that do not fit scroll sideways instead of giving way.
        if wanted.reduce(0, +) > available, free.count == columns.count {
            // The highest level every column may reach so that all fit: narrow columns keep their width.
            var level = available / columns.count
            while wanted.map({ min($0, level + 1) }).reduce(0, +) <= available { level += 1 }
            widths = wanted.map { min($0, level) }
        }
        let taker = roomTaker(of: columns)
        if fixed[taker] == nil { widths[taker] += max(0, available - widths.reduce(0, +)) }
        return widths
    }

    /// Where a column is drawn: its index in the list's columns, its first cell from the list's
    /// left edge, and its width (cut at the right edge).
    struct Placement: Hashable, Sendable {
        var column: Int
        var x: Int
        var width: Int
    }

    /// The shown columns of `columns` placed in `totalWidth` cells, as `settings` arranges them.
    ///
    /// When they fit, they are drawn in order. When they do not (widths set wider than the
    /// terminal), the Name column (`roomTaker`) is drawn first and stays there, and the others
    /// scroll sideways from the first that keeps the column under `cursor` in view.
    static func placements(
        for columns: [Column], contentWidths: [Int], settings: ColumnSettings, totalWidth: Int, cursor: Int
    ) -> [Placement] {
        let pinned = columns.isEmpty ? 0 : roomTaker(of: columns)
        let shown = columns.indices.filter { $0 == pinned || !settings.hides(columns[$0]) }
        let widths = Self.widths(
            for: shown.map { columns[$0] },
            contentWidths: shown.map { $0 < contentWidths.count ? contentWidths[$0] : 0 }, totalWidth: totalWidth,
            fixed: shown.map { settings.width(of: columns[$0]) })
        let width = Dictionary(uniqueKeysWithValues: zip(shown, widths))
        let whole = widths.reduce(0, +) + gap * max(0, shown.count - 1)
        var order = shown
        if whole > totalWidth, let pinnedWidth = width[pinned] {
            let others = shown.filter { $0 != pinned }
            var first = 0
            if let target = others.firstIndex(of: cursor) {
                // The fewest columns scrolled off that show the cursor's whole (or from its left edge).
                let room = totalWidth - pinnedWidth - gap
                first = target
                while first > 0, others[(first - 1)...target].map({ width[$0]! + gap }).reduce(0, +) - gap <= room {
                    first -= 1
                }
            }
            order = [pinned] + others[first...]
        }
        var placements: [Placement] = []
        var x = 0
        for column in order where x < totalWidth {
            placements.append(Placement(column: column, x: x, width: min(width[column]!, totalWidth - x)))
            x += width[column]! + gap
        }
        return placements
    }

    /// The column that takes the room left over: Name, else the first.
    static func roomTaker(of columns: [Column]) -> Int {
        columns.firstIndex { $0.path.count == 1 && FieldLookup.keyMatches($0.path[0], "Name") } ?? 0
    }
}
