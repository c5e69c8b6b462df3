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

    /// The widths of `columns` in `totalWidth` cells, `gap` cells apart.
    static func widths(for columns: [Column], contentWidths: [Int], totalWidth: Int) -> [Int] {
        guard !columns.isEmpty else { return [] }
        let available = max(columns.count, totalWidth - gap * (columns.count - 1))
        let wanted = columns.indices.map { index in
            max(1, DisplayWidth.of(columns[index].title), index < contentWidths.count ? contentWidths[index] : 0)
        }
        var widths = wanted
        if wanted.reduce(0, +) > available {
            // The highest level every column may reach so that all fit: narrow columns keep their width.
            var level = available / columns.count
            while wanted.map({ min($0, level + 1) }).reduce(0, +) <= available { level += 1 }
            widths = wanted.map { min($0, level) }
        }
        widths[roomTaker(of: columns)] += available - widths.reduce(0, +)
        return widths
    }

    /// The column that takes the room left over: Name, else the first.
    static func roomTaker(of columns: [Column]) -> Int {
        columns.firstIndex { $0.path.count == 1 && FieldLookup.keyMatches($0.path[0], "Name") } ?? 0
    }
}
