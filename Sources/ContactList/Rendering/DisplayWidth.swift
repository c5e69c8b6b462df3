/// Terminal display width of text, measured per grapheme.
///
/// The width follows `wcwidth` semantics (East Asian Wide and Fullwidth
/// characters and emoji with emoji presentation take two columns, marks and
/// format characters none) from a table of our own, so that the result does
/// not depend on the process locale and frames compare equal in tests.
public enum DisplayWidth {
    /// Columns a grapheme occupies: 0, 1 or 2.
    public static func of(_ grapheme: Character) -> Int {
        guard let first = grapheme.unicodeScalars.first else { return 0 }
        if first.value < 0x7F { return first.value < 0x20 ? 0 : 1 }
        return width(of: first)
    }

    /// Columns a string occupies.
    public static func of(_ text: some StringProtocol) -> Int {
        var total = 0
        for grapheme in text { total += of(grapheme) }
        return total
    }

    /// Cuts text to at most `limit` columns, ending in "…" when something was cut.
    public static func truncate(_ text: String, toWidth limit: Int) -> String {
        guard limit > 0 else { return "" }
        var used = 0
        var end = text.startIndex
        var fitsWhole = true
        for index in text.indices {
            let columns = of(text[index])
            if used + columns > limit {
                fitsWhole = false
                break
            }
            used += columns
            end = text.index(after: index)
        }
        if fitsWhole { return text }
        // Make room for the ellipsis, which takes one column.
        var kept = text[..<end]
        var keptWidth = used
        while keptWidth + 1 > limit, let last = kept.last {
            keptWidth -= of(last)
            kept = kept.dropLast()
        }
        return kept + "…"
    }

    /// Pads text with spaces (or cuts it) to exactly `columns` columns.
    public static func pad(_ text: String, toWidth columns: Int) -> String {
        let fitted = truncate(text, toWidth: columns)
        let width = of(fitted)
        return width >= columns ? fitted : fitted + String(repeating: " ", count: columns - width)
    }

    static func width(of scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format, .control:
            return 0
        default:
            break
        }
        if scalar.properties.isEmojiPresentation { return 2 }
        return isWide(value) ? 2 : 1
    }

    /// East Asian Wide and Fullwidth ranges (Unicode 15), as `wcwidth` treats them.
    private static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF,
        0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F,
        0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F,
        0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x16FE0...0x16FE4, 0x17000...0x18AFF,
        0x1AFF0...0x1B2FF, 0x1F200...0x1F251, 0x20000...0x2FFFD, 0x30000...0x3FFFD,
    ]

    private static func isWide(_ value: UInt32) -> Bool {
        guard value >= 0x1100 else { return false }
        for range in wideRanges {
            if value < range.lowerBound { return false }
            if range.contains(value) { return true }
        }
        return false
    }
}
