import ArgumentParser
import Foundation
import Replica
import RestCore

/// `contact-tui cache list | clear`: the local replicas and outboxes on this machine.
struct CacheCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cache",
        abstract: "List or clear the local replicas of the orgs' lists.",
        discussion: """
            Rows are kept in $XDG_CACHE_HOME/contact-tui (default ~/.cache/contact-tui), changes not yet \
            settled in $XDG_STATE_HOME/contact-tui (default ~/.local/state/contact-tui), one file per org and user.
            """,
        subcommands: [CacheListCommand.self, CacheClearCommand.self]
    )

    /// The catalog of the folders the environment names; a usage failure without HOME.
    static func catalog() throws(CommandFailure) -> ReplicaCatalog {
        guard let location = ReplicaLocation(environment: ProcessInfo.processInfo.environment) else {
            throw .usage("neither XDG_CACHE_HOME, XDG_STATE_HOME nor HOME is set, so there is no cache to read.")
        }
        return ReplicaCatalog(location: location)
    }

    /// The unsent changes of `owner`, one line each; none when it has no outbox.
    static func unsentChanges(of owner: ReplicaOwner, in catalog: ReplicaCatalog) -> [String] {
        guard catalog.hasOutbox(owner) else { return [] }
        let opening = OutboxStore.open(at: catalog.location.outboxFile(of: owner))
        guard let outbox = opening.store else { return opening.notice.map { [$0] } ?? [] }
        defer { try? outbox.close() }
        let entries = (try? outbox.entries()) ?? []
        return entries.map { entry in
            let name = entry.payload["name"]?.stringValue ?? ""
            return
                "\(entry.kind.rawValue) of \(entry.objectType) \(name) (\(entry.recordID ?? "new")), \(entry.state.rawValue)"
        }
    }
}

/// `contact-tui cache list`: each replica with its org, user, lists, rows, size and last sync.
struct CacheListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "Show each local replica: org, user, lists, rows, size, last sync, unsent changes.")

    func run() async throws {
        let catalog = try CacheCommand.catalog()
        var lines = ["ORG\tUSER\tLISTS\tROWS\tSIZE\tLAST SYNC\tUNSENT"]
        let dates = ISO8601DateFormatter()
        for owner in catalog.owners() {
            var summary = ReplicaSummary(lists: 0, rows: 0, lastSync: nil)
            if catalog.hasReplica(owner) {
                let opening = ReplicaStore.open(at: catalog.location.rowsFile(of: owner))
                if let notice = opening.notice { StandardError.report(notice) }
                if let store = opening.store {
                    summary = (try? store.summary()) ?? summary
                    try? store.close()
                }
            }
            let unsent = CacheCommand.unsentChanges(of: owner, in: catalog).count
            lines.append(
                [
                    owner.orgID, owner.userID, "\(summary.lists)", "\(summary.rows)",
                    ByteCountFormatter.string(fromByteCount: Int64(catalog.replicaSize(of: owner)), countStyle: .file),
                    summary.lastSync.map(dates.string(from:)) ?? "never", "\(unsent)",
                ].joined(separator: "\t"))
        }
        let text = lines.joined(separator: "\n") + "\n"
        do {
            try StandardOutput().write(Array(text.utf8))
        } catch {
            throw CommandFailure.runtime("The list of replicas was not printed: \(error.sentence)")
        }
    }
}

/// `contact-tui cache clear [--target-org ALIAS] [--discard-unsent]`: removes replicas; an outbox
/// with unsent changes is kept, and the command refuses, unless `--discard-unsent` is given.
struct CacheClearCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "clear",
        abstract:
            "Remove the local replicas (of one org with --target-org); never unsent changes without --discard-unsent.")

    @OptionGroup(title: "Org options") var target: TargetOrgOption

    @Flag(help: "Also remove changes not yet sent or settled, listing them first.")
    var discardUnsent = false

    func run() async throws {
        let catalog = try CacheCommand.catalog()
        var owners = catalog.owners()
        if let alias = target.targetOrg {
            let owner = try await Self.owner(ofTargetOrg: alias)
            owners = owners.filter { $0 == owner }
        }
        let unsent = owners.flatMap { owner in
            CacheCommand.unsentChanges(of: owner, in: catalog).map { "\(owner.orgID) \(owner.userID): \($0)" }
        }
        if !unsent.isEmpty {
            StandardError.write(lines: unsent)
            guard discardUnsent else {
                throw CommandFailure.runtime(
                    "\(unsent.count) changes above are not settled, so nothing was removed; --discard-unsent removes them too."
                )
            }
        }
        for owner in owners {
            do {
                try catalog.removeReplica(of: owner)
                if discardUnsent { try catalog.removeOutbox(of: owner) }
            } catch {
                throw CommandFailure.runtime(
                    "The replica of \(owner.orgID) could not be removed: \(error.localizedDescription)")
            }
        }
        // Their owners' tokens no longer open files at once: the next start asks the org first.
        try? KnownOwnersFile(location: catalog.location).forget(Set(owners))
        StandardError.report(
            "Removed \(owners.count) replicas\(discardUnsent && !unsent.isEmpty ? " and \(unsent.count) unsent changes" : "")."
        )
    }

    /// The org and user `--target-org` signs in as, from the org's `userinfo`.
    private static func owner(ofTargetOrg alias: String) async throws -> ReplicaOwner {
        // The org options' defaults: only --target-org names the org here.
        let configuration = try await OrgOptions.parse([]).resolvedConfiguration(targetOrg: alias)
        let client = try AppClient.make(configuration, proxied: true)
        let answer: Result<UserInfo, RestClientError>
        do {
            answer = .success(try await client.userInfo())
        } catch {
            answer = .failure(error)
        }
        await client.shutdown()
        let info: UserInfo
        switch answer {
        case .success(let answered): info = answered
        case .failure(let error): throw CommandFailure.runtime("The org \(alias) did not say who you are: \(error)")
        }
        guard let owner = ReplicaOwner(orgID: info.organizationID, userID: info.userID) else {
            throw CommandFailure.runtime("The org \(alias) named its user with ids that are not Salesforce ids.")
        }
        return owner
    }
}
