import Synchronization

/// The one fallback of a client whose org does not serve the API version it asked for: the org's
/// list of versions (`GET /services/data/`) is fetched once, shared by every request that got the
/// 404 meanwhile, and never again, so a client cannot loop between versions.
final class APIVersionFallback: Sendable {
    private let versions = Mutex<Task<[String], Never>?>(nil)

    /// The newest version the org lists when it does not list `requested`; nil when it does (the
    /// 404 was about something else) or when the list could not be had.
    func replacement(
        for requested: APIVersion, listing: @escaping @Sendable () async -> [String]
    ) async -> APIVersion? {
        let task = versions.withLock { running in
            if let running { return running }
            let task = Task { await listing() }
            running = task
            return task
        }
        let served = await task.value.compactMap { APIVersion(parsing: $0) }
        guard !served.contains(requested) else { return nil }
        return served.max()
    }

    /// `"/services/data/v66.0/query"` → (v66.0, `"/query"`): the version a data API path names,
    /// as the factories write it, and what follows it.
    static func version(inPath path: String) -> (version: APIVersion, rest: Substring)? {
        guard path.hasPrefix(RestClient.dataRoot) else { return nil }
        let tail = path.dropFirst(RestClient.dataRoot.count)
        let segment = tail.prefix { $0 != "/" && $0 != "?" }
        guard let version = APIVersion(parsing: segment), version.description == segment else { return nil }
        return (version, tail.dropFirst(segment.count))
    }
}
