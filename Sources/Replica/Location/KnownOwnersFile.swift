import Foundation

/// Who owns the replica of a session, remembered under a digest of the session's token (made by
/// the app, which holds the token: Replica never sees one), so that a start with a token seen
/// before opens the owner's files before the org answers `userinfo`. A token belongs to one user
/// of one org, so its digest names one owner.
///
/// The file (`known-owners` in the cache folder, mode 0600) holds one line per token,
/// `DIGEST ORGID USERID`, newest last, at most `capacity` lines. A digest is 32 lowercase hex
/// digits (a truncated SHA-256); anything else is never written. A file that cannot be read is an
/// empty memory.
public struct KnownOwnersFile: Sendable {
    /// How many tokens are remembered; the oldest go first.
    public static let capacity = 20

    /// The file.
    public let url: URL

    public init(location: ReplicaLocation) {
        url = location.cacheDirectory.appendingPathComponent("known-owners")
    }

    /// The owner remembered for the token of `digest`, if any.
    public func owner(forDigest digest: String) -> ReplicaOwner? {
        entries().last { $0.digest == digest }?.owner
    }

    /// Remembers `owner` under `digest` (moved to the end when it is there already), dropping
    /// the oldest entries beyond `capacity`. What is not a digest is not written.
    public func remember(_ owner: ReplicaOwner, forDigest digest: String) throws {
        guard Self.isDigest(digest) else { return }
        let all = entries()
        // The newest entry already: nothing to write (every start confirms its owner so).
        if all.last == Entry(digest: digest, owner: owner) { return }
        var kept = all.filter { $0.digest != digest }
        kept.append(Entry(digest: digest, owner: owner))
        try save(kept.suffix(Self.capacity))
    }

    /// Forgets every token of `owners` (their replicas are cleared); the file is left alone when
    /// it names none of them.
    public func forget(_ owners: Set<ReplicaOwner>) throws {
        let all = entries()
        let kept = all.filter { !owners.contains($0.owner) }
        if kept.count < all.count { try save(kept[...]) }
    }

    private func save(_ entries: ArraySlice<Entry>) throws {
        let text = entries.map { "\($0.digest) \($0.owner.orgID) \($0.owner.userID)\n" }.joined()
        try DatabaseFile.makePrivateDirectory(url.deletingLastPathComponent())
        try FileReplacement.replace(url.path, with: Array(text.utf8), mode: 0o600)
    }

    private struct Entry: Equatable {
        let digest: String
        let owner: ReplicaOwner
    }

    /// The file's well-formed lines, oldest first; a line that is not one is skipped.
    private func entries() -> [Entry] {
        guard let data = try? Data(contentsOf: url), let text = String(data: data, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").compactMap { line in
            let parts = line.split(separator: " ")
            guard parts.count == 3, Self.isDigest(String(parts[0])),
                let owner = ReplicaOwner(orgID: String(parts[1]), userID: String(parts[2]))
            else { return nil }
            return Entry(digest: String(parts[0]), owner: owner)
        }
    }

    private static func isDigest(_ text: String) -> Bool {
        text.utf8.count == 32 && text.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }
}
