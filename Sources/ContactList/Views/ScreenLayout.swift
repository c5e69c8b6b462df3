/// Where each part of the screen goes: computed in this one place from the
/// terminal size and the model's state, then drawn slot by slot by `ContactListScreen`.
///
/// ```
/// row 0        header        the app and the org, or the record shown
/// rows 1..<h-2 body          the list (headings, then rows), the detail, or the help
/// row h-2      status
/// row h-1      key hints     or the filter being typed
/// whole screen alert         on top of everything, while one waits
/// ```
/// Under the minimum size only the too-small notice is placed. A new part of
/// the screen (an editor line, a prompt) is a new `Slot` placed here.
package struct ScreenLayout: Hashable, Sendable {
    /// The parts of the screen, each drawn by one widget.
    package enum Slot: Hashable, Sendable {
        case header
        /// The column headings and the rows (`ListView`).
        case list
        /// The fields of one record, lined up with the list's rows.
        case detail
        /// The key help, centred in the body.
        case help
        case status
        case keyHints
        /// The filter being typed, in place of the key hints.
        case filterBar
        /// A question or a progress over the list ("Delete N contacts? y/N", "Load all…"),
        /// centred on the whole screen.
        case prompt
        /// The alert at the head of the queue, centred on the whole screen.
        case alert
        /// The notice shown alone on a terminal under the minimum size.
        case tooSmall
    }

    /// A slot and the rectangle it gets.
    package struct Placement: Hashable, Sendable {
        package var slot: Slot
        package var area: Rect
    }

    /// The smallest terminal the list is drawn in; below it a notice is shown.
    package static let minimumWidth = 40
    package static let minimumHeight = 8

    /// The rows above the body (the header) and under it (the status and the key hints).
    static let headerRows = 1
    static let bottomRows = 2

    /// The screen row of the list's first record: under the header and the column headings.
    package static let firstListRow = headerRows + ListView.headingRows

    /// The height of a screen whose list shows `listRows` rows: the header, the headings, the
    /// rows, the status and the key hints.
    package static func screenHeight(listRows: Int) -> Int {
        firstListRow + listRows + bottomRows
    }

    /// The slots of this frame, in drawing order (a later one draws over an earlier one).
    package let placements: [Placement]
    /// The number of list rows (and detail lines) shown: what the model pages and scrolls by.
    package let visibleRowCount: Int

    package init(
        screen: Rect, mode: ContactListMode = .list, isEditingFilter: Bool = false, hasAlert: Bool = false,
        hasPrompt: Bool = false
    ) {
        let (header, rest) = screen.split(top: Self.headerRows)
        let (body, bottom) = rest.split(bottom: Self.bottomRows)
        let status = bottom.row(0)
        let bottomLine = bottom.row(1)
        // Detail lines sit under a blank row, level with the list's rows under their headings.
        let rows = body.split(top: ListView.headingRows).rest
        visibleRowCount = max(1, rows.height)

        guard screen.width >= Self.minimumWidth, screen.height >= Self.minimumHeight else {
            placements = [Placement(slot: .tooSmall, area: screen)]
            return
        }
        var placements = [Placement(slot: .header, area: header)]
        switch mode {
        case .list: placements.append(Placement(slot: .list, area: body))
        case .detail: placements.append(Placement(slot: .detail, area: rows))
        case .help: placements.append(Placement(slot: .help, area: body))
        }
        placements.append(Placement(slot: .status, area: status))
        placements.append(Placement(slot: isEditingFilter ? .filterBar : .keyHints, area: bottomLine))
        if hasPrompt { placements.append(Placement(slot: .prompt, area: screen)) }
        if hasAlert { placements.append(Placement(slot: .alert, area: screen)) }
        self.placements = placements
    }

    /// The layout of a frame of the model.
    package init(screen: Rect, model: ContactListModel) {
        self.init(
            screen: screen, mode: model.modes.mode,
            isEditingFilter: model.focus == .filterLine || model.focus == .queryBar || model.focus == .exportPath,
            hasAlert: !model.notices.alerts.isEmpty,
            hasPrompt: model.bulkDeletePrompt != nil || model.loadAll != nil || model.focus == .messages
                || model.focus == .outbox || model.queryBar?.error != nil || model.focus == .createForm
                || model.listViewPicker != nil)
    }

    /// Whether the terminal is under the minimum size.
    package var isTooSmall: Bool { area(of: .tooSmall) != nil }

    /// The rectangle of a slot, nil when this frame does not place it.
    package func area(of slot: Slot) -> Rect? {
        placements.first { $0.slot == slot }?.area
    }
}
