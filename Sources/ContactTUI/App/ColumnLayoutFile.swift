import ContactList
import Foundation

/// How the user arranged the columns of each list (`-`, `+`, `<`, `>`), kept per org and query
/// so that a list opens as it was left, in this session and the next.
///
/// One file beside the query history, `$XDG_STATE_HOME/contact-tui/columns`, owner-only (0600,
/// in a 0700 folder): one JSON object per line, `{"org": …, "query": …, "hidden": […],
/// "widths": {…}}`. No token or record is ever written to it.
struct ColumnLayoutFile: Sendable {
    let url: URL
    /// The org the layouts belong to (its host and port).
    let org: String

    /// The layouts file of `org` under the XDG state folder; nil without a home to put it in.
    static func standard(
        org: String, environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> ColumnLayoutFile? {
        QueryHistoryFile.stateFolder(environment: environment).map {
            ColumnLayoutFile(url: $0.appendingPathComponent("columns"), org: org)
        }
    }

    /// The org's layouts by query; empty when there is no file or it cannot be read.
    func load() -> [String: ColumnSettings] {
        var layouts: [String: ColumnSettings] = [:]
        for entry in entries() where entry.org == org { layouts[entry.query] = entry.settings }
        return layouts
    }

    /// Keeps `settings` as the layout of the org's `query`, and writes the file anew.
    func remember(_ settings: ColumnSettings, forQuery query: String) throws {
        var all = entries().filter { !($0.org == org && $0.query == query) }
        all.append((org, query, settings))
        var text = Data()
        for entry in all {
            let object: [String: Any] = [
                "org": entry.org, "query": entry.query, "hidden": entry.settings.hidden.sorted(),
                "widths": entry.settings.widths,
            ]
            text.append(try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]))
            text.append(UInt8(ascii: "\n"))
        }
        try QueryHistoryFile.replace(url, with: text)
    }

    private func entries() -> [(org: String, query: String, settings: ColumnSettings)] {
        guard let data = FileManager.default.contents(atPath: url.path) else { return [] }
        return data.split(separator: UInt8(ascii: "\n")).compactMap { line in
            guard let object = try? JSONSerialization.jsonObject(with: Data(line)) as? [String: Any],
                let org = object["org"] as? String, let query = object["query"] as? String
            else { return nil }
            let hidden = Set(object["hidden"] as? [String] ?? [])
            let widths = (object["widths"] as? [String: Int]) ?? [:]
            return (org, query, ColumnSettings(hidden: hidden, widths: widths))
        }
    }
}
