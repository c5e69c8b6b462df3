import Synchronization

/// The one fallback of a client whose org does not serve the API version it asked for: the org's
/// list of versions (`GET /services/data/`) is fetched once, shared by every request that got the
/// 404 meanwhile, and never again, so a client cannot loop between versions.
final class APIVersionFallback: Sendable {
    private let versions = Mutex<Task<[String], Never>?>(nil)

    /// The newest version the org lists (`"v60.0"`) when it does not list `requested`; nil when it
    /// does (the 404 was about something else) or when the list could not be had.
    func replacement(
        for requested: String, listing: @escaping @Sendable () async -> [String]
    ) async -> String? {
        let task = versions.withLock { running in
            if let running { return running }
            let task = Task { await listing() }
            running = task
            return task
        }
        let served = await task.value
        let wanted = requested.hasPrefix("v") ? String(requested.dropFirst()) : requested
        guard !served.isEmpty, !served.contains(wanted) else { return nil }
        return served.compactMap { version in Self.number(version).map { (version, $0) } }
            .max(by: { $0.1 < $1.1 }).map { "v" + $0.0 }
    }

    /// `"/services/data/v66.0/query"` → `"v66.0"`: the version a data API path names, if any.
    static func version(inPath path: String) -> String? {
        let prefix = "/services/data/"
        guard path.hasPrefix(prefix) else { return nil }
        let version = path.dropFirst(prefix.count).prefix { $0 != "/" && $0 != "?" }
        guard version.hasPrefix("v"), number(String(version.dropFirst())) != nil else { return nil }
        return String(version)
    }

    /// `"60.0"` → (60, 0), for comparing versions as numbers.
    private static func number(_ version: String) -> (Int, Int)? {
        let parts = version.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, let major = Int(parts[0]), let minor = Int(parts[1]) else { return nil }
        return (major, minor)
    }
}
