import Foundation

/// The replicas and outboxes on this machine, for `contact-tui cache list` and `cache clear`.
public struct ReplicaCatalog: Sendable {
    public let location: ReplicaLocation

    public init(location: ReplicaLocation) { self.location = location }

    /// Every owner with a replica or an outbox, in file-name order.
    public func owners() -> [ReplicaOwner] {
        let files = FileManager.default
        let names = [location.cacheDirectory, location.stateDirectory].flatMap {
            (try? files.contentsOfDirectory(atPath: $0.path)) ?? []
        }
        return Set(names.compactMap(ReplicaOwner.init(fileName:))).sorted { $0.fileName < $1.fileName }
    }

    /// The bytes the owner's replica takes on disk (the database, its WAL and shared memory).
    public func replicaSize(of owner: ReplicaOwner) -> Int {
        let path = location.rowsFile(of: owner).path
        return ["", "-wal", "-shm"].reduce(0) { total, suffix in
            let size = (try? FileManager.default.attributesOfItem(atPath: path + suffix)[.size] as? NSNumber)
            return total + (size?.intValue ?? 0)
        }
    }

    /// Whether the owner has a replica file.
    public func hasReplica(_ owner: ReplicaOwner) -> Bool {
        FileManager.default.fileExists(atPath: location.rowsFile(of: owner).path)
    }

    /// Whether the owner has an outbox file.
    public func hasOutbox(_ owner: ReplicaOwner) -> Bool {
        FileManager.default.fileExists(atPath: location.outboxFile(of: owner).path)
    }

    /// Removes the owner's replica (with its WAL, shared memory and files moved aside beside it).
    public func removeReplica(of owner: ReplicaOwner) throws {
        try remove(location.rowsFile(of: owner))
    }

    /// Removes the owner's outbox: its unsent changes are gone.
    public func removeOutbox(of owner: ReplicaOwner) throws {
        try remove(location.outboxFile(of: owner))
    }

    private func remove(_ file: URL) throws {
        let files = FileManager.default
        let folder = file.deletingLastPathComponent()
        let names = (try? files.contentsOfDirectory(atPath: folder.path)) ?? []
        for name in names where name.hasPrefix(file.lastPathComponent) {
            try files.removeItem(at: folder.appendingPathComponent(name))
        }
    }
}
