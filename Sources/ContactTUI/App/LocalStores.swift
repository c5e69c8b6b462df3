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
    /// Set when the owner came from the token's digest, before any request answered: asks
    /// `userinfo` in the background, and names why the stores must be dropped if it names
    /// another owner (nil when it names the same one, or does not answer).
    var ownerCheck: (@Sendable () async -> String?)?

    /// Opens the files of the owner remembered for the session's token at once; otherwise asks
    /// the org who the user is (`userinfo`), remembers it under the token's digest, then opens
    /// that user's files. `offline` (`--offline`) asks nothing: the owner must be remembered
    /// (`known-owners`, written by an earlier session with this token), and is not checked.
    static func open(
        client: RestClient, environment: [String: String], keepsRows: Bool, offline: Bool = false
    ) async -> LocalStores {
        guard let location = ReplicaLocation(environment: environment) else {
            return LocalStores(
                notices: ["Changes are not kept on disk: neither XDG_STATE_HOME nor HOME is set."])
        }
        let knownOwners = KnownOwnersFile(location: location)
        let digest = client.digestOfAccessToken(TokenDigest.of)
        if let owner = knownOwners.owner(forDigest: digest) {
            var stores = opened(for: owner, at: location, keepsRows: keepsRows)
            if !offline { stores.ownerCheck = { await confirm(owner, client: client, knownOwners: knownOwners) } }
            return stores
        }
        if offline {
            return LocalStores(
                notices: [
                    "Offline, and this token's user is not known on this machine: no rows to show, and changes are not kept; open the list once without --offline."
                ])
        }
        let info: UserInfo
        do {
            info = try await client.userInfo()
        } catch {
            return LocalStores(
                notices: ["Changes are not kept on disk: the org did not say who you are (\(error))."])
        }
        guard let owner = remember(info, client: client, knownOwners: knownOwners) else {
            return LocalStores(
                notices: ["Changes are not kept on disk: the org named its user with ids that are not ids."])
        }
        return opened(for: owner, at: location, keepsRows: keepsRows)
    }

    /// The owner's outbox, and replica when `keepsRows`.
    private static func opened(for owner: ReplicaOwner, at location: ReplicaLocation, keepsRows: Bool) -> LocalStores {
        var stores = LocalStores(owner: owner)
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

    /// The owner `userinfo` names, remembered under the digest of the token the session holds
    /// once it answered (a renewed token's digest, after a renewal); nil for ids that are not ids.
    /// A file that cannot be written costs only the instant start.
    private static func remember(_ info: UserInfo, client: RestClient, knownOwners: KnownOwnersFile) -> ReplicaOwner? {
        guard let owner = ReplicaOwner(orgID: info.organizationID, userID: info.userID) else { return nil }
        try? knownOwners.remember(owner, forDigest: client.digestOfAccessToken(TokenDigest.of))
        return owner
    }

    /// Asks `userinfo` whether the session's user is `expected`; the sentence to drop the stores
    /// with when it names anyone else (or ids that are not ids), nil when it agrees or does not answer.
    private static func confirm(
        _ expected: ReplicaOwner, client: RestClient, knownOwners: KnownOwnersFile
    ) async -> String? {
        guard let info = try? await client.userInfo() else { return nil }
        guard remember(info, client: client, knownOwners: knownOwners) != expected else { return nil }
        return "The org says this session belongs to another user: the local rows and outbox are not used."
    }
}
