extension ContactListModel {
    // MARK: - The last messages, whole (`!`)

    /// The screen row of the status line, which a click opens the messages from.
    var statusRow: Int { ScreenLayout.screenHeight(listRows: visibleRowCount) - 2 }

    /// The message list scrolls with the scroll keys; any other key closes it.
    mutating func handleMessages(key: Key) {
        guard case .messages(let offset) = modes.modal else { return }
        let page = MessagesView.visibleLines(listRows: visibleRowCount)
        guard let moved = Self.scrolled(offset, by: key, page: page) else {
            modes.modal = nil
            return
        }
        let lines = MessagesView.lines(of: notices.messages, width: MessagesView.maxContentWidth).count
        modes.modal = .messages(scrollOffset: max(0, min(moved, lines - page)))
    }
}
