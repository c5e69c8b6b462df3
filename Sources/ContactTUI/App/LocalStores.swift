import Foundation
import Replica
import RestCore

/// The org user's local files, opened at start: the durable outbox (always, unless the org will
/// not say who the user is), and the replica of rows unless `--no-cache`. What could not be opened
/// is left out, with the sentence why; the app goes on without it.
struct LocalStores {
    var owner: ReplicaOwner?
    var journal: OutboxJournal?
    var replica: ReplicaStore?
    var notices: [String] = []

    /// Asks the org who the user is (`userinfo`), then opens that user's files.
    static func open(client: RestClient, environment: [String: String], keepsRows: Bool) async -> LocalStores {
        var stores = LocalStores()
        guard let location = ReplicaLocation(environment: environment) else {
            stores.notices.append("Changes are not kept on disk: neither XDG_STATE_HOME nor HOME is set.")
            return stores
        }
        let info: UserInfo
        do {
            info = try await client.userInfo()
        } catch {
            stores.notices.append("Changes are not kept on disk: the org did not say who you are (\(error)).")
            return stores
        }
        guard let owner = ReplicaOwner(orgID: info.organizationID, userID: info.userID) else {
            stores.notices.append("Changes are not kept on disk: the org named its user with ids that are not ids.")
            return stores
        }
        stores.owner = owner
        let outbox = OutboxStore.open(at: location.outboxFile(of: owner))
        stores.journal = outbox.store.map { OutboxJournal(store: $0) }
        if let notice = outbox.notice { stores.notices.append(notice) }
        if keepsRows {
            let replica = ReplicaStore.open(at: location.rowsFile(of: owner))
            stores.replica = replica.store
            if let notice = replica.notice { stores.notices.append(notice) }
        }
        return stores
    }
}
