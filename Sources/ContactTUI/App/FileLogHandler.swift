import Foundation
import Logging
import RecordOutput
import Synchronization

/// A swift-log handler that appends one line per message to a file: the terminal
/// belongs to the UI, so `--log-file` is where requests and outcomes go. Control characters
/// and backslashes in every part of a line are escaped (`TSVEscaper`).
struct FileLogHandler: LogHandler {
    /// The open file, shared by copies of the handler; writes are serialised by the lock.
    final class Sink: Sendable {
        private let handle: Mutex<FileHandle>

        init(path: String) throws {
            if !FileManager.default.fileExists(atPath: path) {
                guard FileManager.default.createFile(atPath: path, contents: nil) else {
                    throw CocoaError(.fileWriteNoPermission)
                }
            }
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
            handle.seekToEndOfFile()
            self.handle = Mutex(handle)
        }

        func write(_ line: String) {
            handle.withLock { $0.write(Data(line.utf8)) }
        }
    }

    let label: String
    let sink: Sink
    var logLevel: Logger.Level = .info
    var metadata: Logger.Metadata = [:]
    var metadataProvider: Logger.MetadataProvider?

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        let timestamp = Date().formatted(.iso8601)
        var merged = metadata
        if let extra = event.metadata { merged.merge(extra) { _, new in new } }
        // Server text (a record's name, an error's message) is escaped as `list` escapes TSV, so
        // that an entry is one line and `tail -f` prints its escape sequences as text.
        let fields = merged.sorted { $0.key < $1.key }.map {
            " \(TSVEscaper.escaped($0.key))=\(TSVEscaper.escaped($0.value.description))"
        }.joined()
        sink.write(
            "\(timestamp) \(event.level) \(TSVEscaper.escaped(label)): \(TSVEscaper.escaped("\(event.message)"))\(fields)\n"
        )
    }
}
