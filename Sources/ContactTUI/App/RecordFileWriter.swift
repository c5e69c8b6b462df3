import ContactList
import Foundation
import Glibc
import RecordOutput
import Replica
import RestCore
import SOQL

/// Carries out `w` (`ContactListEffect.export`): reads the records again by id with the list's
/// own SELECT list and writes them with `list`'s `RecordWriter`, so that the file holds the bytes
/// `contact-tui list` prints for the same records, in the order the list showed them.
///
/// The file is written beside its destination under a temporary name and renamed over it in one
/// step, so that a full disk or a failed read never leaves half a file, nor loses the old one.
struct RecordFileWriter: Sendable {
    let client: RestClient
    let environment: [String: String]

    /// Ids per `WHERE Id IN (…)`: well under the length of a URL the org accepts.
    static let idsPerQuery = 200

    /// Writes `export`, or says in one sentence why nothing was written.
    func write(_ export: RecordExport) async -> RecordExport.Outcome {
        let path = resolvedPath(export.path)
        let folder = (path as NSString).deletingLastPathComponent
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.isEmpty ? "." : folder, isDirectory: &isFolder),
            isFolder.boolValue
        else {
            return .failed("Nothing written: there is no folder \(folder).")
        }
        if !export.overwrite, FileManager.default.fileExists(atPath: path) { return .exists(export) }
        let chunks = RestClient.collectionChunks(of: export.ids, limit: Self.idsPerQuery)
        let queries = chunks.compactMap { SOQLIdRestriction.restricting(export.query, toIDs: Array($0)) }
        guard queries.count == chunks.count else {
            return .failed("Nothing written: the list's query cannot be read again by id.")
        }
        let records: [JSONValue]
        do throws(RestClientError) {
            records = try await read(queries, inTheOrderOf: export.ids)
        } catch {
            return .failed(
                "Nothing written: the records could not be read (\(error.description.withoutFinalFullStop)).")
        }
        var writer = RecordWriter(
            format: export.format == .jsonLines ? .json : .tsv, selectList: SelectList(soql: export.query))
        var bytes: [UInt8] = []
        writer.write(records, into: &bytes)
        writer.finish(into: &bytes)
        if let failure = Self.replace(path, with: bytes) {
            return .failed("Nothing written to \(export.path): \(failure).")
        }
        return .written(path: export.path, count: records.count)
    }

    /// `~/` is the home folder; a relative path is relative to the folder the app started in.
    func resolvedPath(_ typed: String) -> String {
        if typed == "~" || typed.hasPrefix("~/"), let home = environment["HOME"] {
            return home + typed.dropFirst()
        }
        return typed
    }

    /// The records the queries read, as the org has them now, in the order of `ids`; a record
    /// deleted meanwhile is left out.
    private func read(_ queries: [String], inTheOrderOf ids: [String]) async throws(RestClientError) -> [JSONValue] {
        var byID: [String: JSONValue] = [:]
        for soql in queries {
            for try await page in client.pages(startingWith: client.request(forQuery: soql), as: QueryPageBytes.self) {
                for record in try page.parsedRecords() {
                    if let id = FieldLookup.value(at: ["Id"], in: record, fields: \.objectValue)?.stringValue {
                        byID[id] = record
                    }
                }
            }
        }
        return ids.compactMap { byID[$0] }
    }

    /// Writes `bytes` over `path` (`FileReplacement`, with the mode a new file gets from the
    /// umask); the reason it failed (the system's words), or nil.
    static func replace(_ path: String, with bytes: [UInt8]) -> String? {
        do {
            try FileReplacement.replace(path, with: bytes, mode: 0o666)
            return nil
        } catch {
            return String(cString: strerror(error.code.rawValue))
        }
    }
}
