import Foundation

/// Where the replica's files live: rows are a cache (`$XDG_CACHE_HOME/contact-tui`, by default
/// `~/.cache/contact-tui`), unsent changes are state (`$XDG_STATE_HOME/contact-tui`, by default
/// `~/.local/state/contact-tui`), so that clearing a cache never drops a change.
public struct ReplicaLocation: Hashable, Sendable {
    /// The folder of the rows' databases.
    public let cacheDirectory: URL
    /// The folder of the outboxes.
    public let stateDirectory: URL

    public init(cacheDirectory: URL, stateDirectory: URL) {
        self.cacheDirectory = cacheDirectory
        self.stateDirectory = stateDirectory
    }

    /// The folders the XDG base directory variables of `environment` name (a relative path in
    /// them is ignored, as the specification says); nil when neither they nor `HOME` is set.
    public init?(environment: [String: String]) {
        func base(_ variable: String, _ fallback: String) -> URL? {
            if let path = environment[variable], path.hasPrefix("/") {
                return URL(fileURLWithPath: path, isDirectory: true)
            }
            guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
            return URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent(fallback, isDirectory: true)
        }
        guard let cache = base("XDG_CACHE_HOME", ".cache"), let state = base("XDG_STATE_HOME", ".local/state")
        else { return nil }
        self.init(
            cacheDirectory: cache.appendingPathComponent("contact-tui", isDirectory: true),
            stateDirectory: state.appendingPathComponent("contact-tui", isDirectory: true))
    }

    /// The rows' database of `owner`.
    public func rowsFile(of owner: ReplicaOwner) -> URL {
        cacheDirectory.appendingPathComponent(owner.fileName)
    }

    /// The outbox of `owner`.
    public func outboxFile(of owner: ReplicaOwner) -> URL {
        stateDirectory.appendingPathComponent(owner.fileName)
    }
}
