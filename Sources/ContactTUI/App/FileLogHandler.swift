import Foundation
import Glibc
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

        /// Opens `path` for appending, readable by its owner only (0600): the log names hosts,
        /// records and errors. A file that exists is made so too; anything else (`/dev/null`,
        /// a pipe) is left as it is.
        init(path: String) throws {
            let descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
            guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
            var status = stat()
            var made = fstat(descriptor, &status) == 0
            // 0o100000: a regular file (S_IFREG).
            if made, status.st_mode & 0o170000 == 0o100000, status.st_mode & 0o7777 != 0o600 {
                made = fchmod(descriptor, 0o600) == 0
            }
            guard made else {
                let failure = POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
                close(descriptor)
                throw failure
            }
            self.handle = Mutex(FileHandle(fileDescriptor: descriptor, closeOnDealloc: true))
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
