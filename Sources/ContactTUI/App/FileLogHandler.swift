import Foundation
import Logging
import Synchronization

/// A swift-log handler that appends one line per message to a file: the terminal
/// belongs to the UI, so `--log-file` is where requests and outcomes go.
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
        let fields = merged.sorted { $0.key < $1.key }.map { " \($0.key)=\($0.value)" }.joined()
        sink.write("\(timestamp) \(event.level) \(label): \(event.message)\(fields)\n")
    }
}
