import Foundation
import Replica

/// The queries run from `:`, kept per org so that ↑ in the query bar finds them in the next
/// session, failed ones too (so that they can be fixed).
///
/// One file, `$XDG_STATE_HOME/contact-tui/history` (default `~/.local/state/contact-tui/history`),
/// owner-only (0600, in a 0700 folder): one JSON object per line, `{"org": …, "query": …}`,
/// oldest first. No token or record is ever written to it.
struct QueryHistoryFile: Sendable {
    let url: URL
    /// The org the entries belong to (its host and port).
    let org: String

    /// The queries kept per org.
    static let limit = 200

    /// The history file of `org` under the XDG state folder; nil without a home to put it in.
    static func standard(
        org: String, environment: [String: String] = ProcessInfo.processInfo.environment
    )
        -> QueryHistoryFile?
    {
        stateFolder(environment: environment).map {
            QueryHistoryFile(url: $0.appendingPathComponent("history"), org: org)
        }
    }

    /// The app's folder under the XDG state folder (`~/.local/state/contact-tui` by default);
    /// nil without a home to put it in.
    static func stateFolder(environment: [String: String]) -> URL? {
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
            return URL(fileURLWithPath: state).appendingPathComponent("contact-tui")
        } else if let home = environment["HOME"], home.hasPrefix("/") {
            return URL(fileURLWithPath: home).appendingPathComponent(".local/state/contact-tui")
        }
        return nil
    }

    /// The org's queries, newest first, each once; empty when there is no file or it cannot be read.
    func load() -> [String] {
        Self.newestFirst(entries().filter { $0.org == org }.map(\.query))
    }

    /// Adds `query` as the org's newest, keeping at most `limit` per org, and writes the file anew
    /// (through a temporary file, so that a full disk never leaves half a history).
    func remember(_ query: String) throws {
        var all = entries().filter { !($0.org == org && $0.query == query) }
        all.append((org, query))
        let mine = all.indices.filter { all[$0].org == org }
        if mine.count > Self.limit {
            let dropped = Set(mine.prefix(mine.count - Self.limit))
            all = all.indices.filter { !dropped.contains($0) }.map { all[$0] }
        }
        var text = Data()
        for entry in all {
            let line = try JSONSerialization.data(withJSONObject: ["org": entry.org, "query": entry.query])
            text.append(line)
            text.append(UInt8(ascii: "\n"))
        }
        try Self.replace(url, with: text)
    }

    /// Writes `text` as the owner-only file at `url` (in an owner-only folder), through a
    /// temporary file, so that a full disk never leaves half a file.
    static func replace(_ url: URL, with text: Data) throws {
        let folder = url.deletingLastPathComponent()
        try FileManager.default.createDirectory(
            at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        do {
            try FileReplacement.replace(url.path, with: text, mode: 0o600)
        } catch {
            // The system's words, for the one sentence the status line shows.
            let reason = String(cString: strerror(error.code.rawValue))
            throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: reason])
        }
    }

    private func entries() -> [(org: String, query: String)] {
        guard let data = FileManager.default.contents(atPath: url.path) else { return [] }
        return data.split(separator: UInt8(ascii: "\n")).compactMap { line in
            guard let object = try? JSONSerialization.jsonObject(with: Data(line)) as? [String: Any],
                let org = object["org"] as? String, let query = object["query"] as? String
            else { return nil }
            return (org, query)
        }
    }

    private static func newestFirst(_ oldestFirst: [String]) -> [String] {
        var seen = Set<String>()
        return oldestFirst.reversed().filter { seen.insert($0).inserted }
    }
}
