/// What one bulk delete has come to so far, over all its collection requests: the status line
/// is drawn from it, so a request that settles later never hides what an earlier one did.
struct BulkDeleteTally: Sendable, Equatable {
    /// The records the bulk delete sent.
    var total: Int
    /// The words for them ("contacts", "accounts").
    var noun = ObjectNoun(objectType: "Contact")
    var deleted = 0
    var notDeleted = 0
    /// Records that got no answer and could not be read back.
    var unknown = 0
    /// Records whose request never reached the org: their deletes queue in the outbox.
    var queued = 0

    /// Records whose outcome the org gave, or could not.
    var settled: Int { deleted + notDeleted + unknown }
    /// Records whose outcome is still to come.
    var pending: Int { total - settled - queued }

    /// The status line: how many were deleted (with `U`'s hint once nothing of the bulk delete is
    /// in flight, whatever else of it queued or failed), not deleted, and of unknown outcome, with
    /// `note` (what is under way) after them. Without a note, the records that queued are named
    /// after the rest, so that a request answered after another queued never hides it.
    func status(note: String? = nil) -> String {
        var parts: [String] = []
        if deleted > 0 || (notDeleted == 0 && unknown == 0 && queued == 0 && note == nil) {
            parts.append("Deleted \(noun.count(deleted))")
        }
        if notDeleted > 0 {
            parts.append(
                parts.isEmpty
                    ? "Could not delete \(noun.count(notDeleted))" : "\(notDeleted) not deleted")
        }
        if unknown > 0 {
            parts.append(
                "whether \(noun.countWere(unknown)) deleted is unknown; r shows the server's list")
        }
        var text = parts.joined(separator: "; ")
        // `U` takes back what was deleted; what queued has `x` (in its note, or below).
        if pending == 0, deleted > 0 { text += ContactListModel.undoHint }
        let note = note ?? (queued > 0 ? queuedNote : nil)
        if let note { text = text.isEmpty ? note : text + "; " + note }
        return text.prefix(1).uppercased() + text.dropFirst()
    }

    /// The records of it that queued, when a later answer draws the status line.
    private var queuedNote: String {
        "\(noun.count(queued)) queued until the org answers (\(ContactListModel.discardHint(count: queued)))"
    }
}
