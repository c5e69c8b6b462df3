/// Every style the views draw with, named by what it is for.
///
/// Views take their styles from here only, never from one another. Styles
/// name colour roles, not colours: the terminal decides what a role looks like
/// and drops colour altogether under `--no-color` or `NO_COLOR`, so each style
/// that must stay visible without colour (the header, the selection, the
/// status line) also carries an attribute.
package enum Theme {
    /// The top row: the app and the org, or the record shown.
    package static let header = Style(color: .accent, bold: true, reverse: true)
    /// The header's API usage from 90% of the org's limit.
    package static let headerWarning = Style(color: .warning, bold: true, reverse: true)
    /// The list's column headings.
    package static let columnHeading = Style(bold: true)
    /// The heading under the column cursor: reversed, so it shows without colour too.
    package static let cursorColumnHeading = Style(color: .accent, bold: true, reverse: true)
    /// The selected row, across the whole width.
    package static let selectedRow = Style(color: .accent, bold: true, reverse: true)
    /// The glyph of a marked row (bold, so it shows without colour).
    package static let mark = Style(color: .accent, bold: true)
    /// A line that says there is nothing to show, or that something is loading.
    package static let notice = Style(color: .muted)
    /// The divider above the rows the org search found.
    package static let orgDivider = Style(color: .muted, bold: true)
    /// The status line.
    package static let status = Style(color: .muted, reverse: true)
    /// The key hints at the bottom.
    package static let keyHints = Style(color: .muted)
    /// The `/` before the filter being typed.
    package static let filterPrompt = Style(color: .accent, bold: true)
    /// The cursor after the filter being typed.
    package static let filterCursor = Style(color: .accent)
    /// The character under the cursor inside the filter being typed.
    package static let filterCursorCell = Style(reverse: true)
    /// The match count at the right end of the filter being typed.
    package static let filterCount = Style(color: .muted)
    /// A field's name in the detail view.
    package static let fieldName = Style(bold: true)
    /// Why something failed, in the detail view and in alerts.
    package static let failure = Style(color: .error)
    /// The frame and text of an alert.
    package static let alert = Style(color: .error)
    /// The frame of the help.
    package static let helpPanel = Style(color: .accent)
    /// A section's title in the help.
    package static let helpHeading = Style(bold: true)
    /// The first line of the notice of a terminal under the minimum size.
    package static let tooSmallTitle = Style(color: .warning, bold: true)
    /// The rest of that notice.
    package static let tooSmall = Style(color: .warning)
}
