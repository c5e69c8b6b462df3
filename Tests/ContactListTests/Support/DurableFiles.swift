import ContactList
import Foundation
import Replica
import TestSupport
import Testing

/// What the app keeps on disk across processes, in files of the test's own: the durable outbox
/// and the replica of the list's rows, written from the model's effects as `AppLoop` writes them.
/// `restart` stands for a new process after `kill -9`: the files stay, and the new journal, whose
/// entries are its own, takes up what the old one left.
final class DurableFiles {
    let folder: TemporaryFolder
    let outbox: OutboxStore
    let replica: ReplicaStore
    /// The journal of the process running now.
    private(set) var journal: OutboxJournal

    init() throws {
        folder = try TemporaryFolder()
        outbox = try #require(OutboxStore.open(at: folder.file("outbox.sqlite")).store)
        replica = try #require(ReplicaStore.open(at: folder.file("rows.sqlite")).store)
        journal = OutboxJournal(store: outbox)
    }

    /// Writes the outbox's and the replica's effects among `effects`, in order.
    func perform(_ effects: [ContactListEffect]) throws {
        for effect in effects where try !journal.perform(effect) {
            _ = try replica.perform(effect)
        }
    }

    /// Starts `model` as the app does after a crash: it takes up what the outbox holds (reads
    /// only), shows the replica's rows, then asks for its first page. Returns the effects to
    /// perform.
    func start(_ model: inout ContactListModel) throws -> [ContactListEffect] {
        journal = OutboxJournal(store: outbox)
        model.journalsChanges = true
        let reads = try journal.resumeLeftChanges(in: &model)
        model.keepsRows = true
        if let cached = try replica.cachedRecords(of: model.query) {
            model.showCachedRows(cached.records, age: CachedRowsStatus.age(seconds: 0))
        }
        return reads + model.start()
    }
}
