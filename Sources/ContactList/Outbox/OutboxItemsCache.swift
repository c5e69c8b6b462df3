import Synchronization

/// `p`'s rows as made from one state of the model's changes and queue, kept for every frame that
/// draws that state (the spinner redraws often while `p` is open, and making them reads every
/// record's name and sorts).
///
/// Invariant: a cache holds only rows made from the state of the model that holds it. The model
/// takes a new, empty cache whenever `changes` or `offline` change (their `didSet`); copies of a
/// model share one only while they share that state. So the rows are made at most once a state,
/// on the first frame that draws them, and never shown stale.
final class OutboxItemsCache: Sendable {
    private let made = Mutex<[OutboxItem]?>(nil)

    /// The rows, made by `make` the first time they are asked for.
    func items(_ make: () -> [OutboxItem]) -> [OutboxItem] {
        made.withLock { made in
            if let made { return made }
            let items = make()
            made = items
            return items
        }
    }

    /// Whether the rows were made (and are kept).
    var isMade: Bool { made.withLock { $0 != nil } }
}
