import RestCore

/// `U` on a delete made in another list than the one shown: the sentence that named its records
/// instead of restoring them, and which delete it named. The screen shows what will happen, and
/// those rows are not on it: a second `U` restores them only while that sentence is still the
/// status line, so `U` never restores records the last frame did not name.
struct UndoOffer: Sendable, Equatable {
    /// The delete entries of the records the sentence named.
    let keys: [RestRequestID]
    /// The status line that named them.
    let sentence: String
}
