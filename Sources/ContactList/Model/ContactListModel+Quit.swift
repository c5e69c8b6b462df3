import RestCore

extension ContactListModel {
    // MARK: - Quitting with changes in flight

    /// The changes whose outcome the app is still waiting for, deletes and updates, in name order.
    public var changesInFlight: [ChangeInFlight] {
        Self.ordered(unorderedChangesInFlight)
    }

    /// The changes in flight in no particular order: what a look before and after outcomes arrive
    /// needs, without sorting the thousands of a bulk delete on every batch of outcomes.
    public var unorderedChangesInFlight: [ChangeInFlight] { changes.unsettled }

    /// `changes` by the record's name and Id; a delete and an update of one record differ by
    /// kind, then by field.
    public static func ordered(_ changes: [ChangeInFlight]) -> [ChangeInFlight] {
        // Each name is read once: a record kept in the replica's snapshot makes its name from its
        // bytes each time it is asked.
        changes.map { (change: $0, name: $0.record.displayName) }
            .sorted {
                ($0.name, $0.change.record.id, $0.change.kindName, $0.change.field ?? "") < (
                    $1.name, $1.change.record.id, $1.change.kindName, $1.change.field ?? ""
                )
            }
            .map(\.change)
    }

    /// `q` or Ctrl-C: quits now when nothing is in flight or when asked a second time;
    /// otherwise waits for the changes in flight to settle (`quitWhenSettled`).
    public mutating func requestQuit() -> [ContactListEffect] {
        modes.isWaitingToQuit ? [.quit] : beginQuitting()
    }

    /// A quit signal: waits for the changes in flight like `q`, but a second signal
    /// is not needed to end the wait (the runner bounds it). A read of an outcome that got no
    /// answer goes again, so that the wait can end.
    public mutating func beginQuitting() -> [ContactListEffect] {
        if inFlightChangeCount == 0 { return [.quit] }
        modes.isWaitingToQuit = true
        notices.statusMessage = waitingToQuitMessage
        return offline.isOffline ? [] : resendOutcomeReads()
    }

    /// Called after outcomes were applied: quits once the last change in flight has
    /// settled, and keeps the count in the status line up to date meanwhile.
    public mutating func quitWhenSettled() -> [ContactListEffect] {
        guard modes.isWaitingToQuit else { return [] }
        if inFlightChangeCount == 0 { return [.quit] }
        notices.statusMessage = waitingToQuitMessage
        return []
    }

    /// The deletes, updates, creates and undeletes whose outcome is still awaited.
    var inFlightChangeCount: Int {
        deleteRequests.count + updateRequests.count + changes.creates.count + changes.undeletes.count
    }

    var waitingToQuitMessage: String {
        "\(inFlightChangeCount) change\(inFlightChangeCount == 1 ? "" : "s") still in flight — q again to quit now"
    }
}
