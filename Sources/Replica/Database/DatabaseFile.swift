import Foundation
import GRDB

/// Opens one of the replica's SQLite files safely: its folder mode 0700 and the file 0600 (SQLite
/// gives the `-wal` and `-shm` files the database file's mode), WAL journaling, the migrator run,
/// and `PRAGMA user_version` set to the number of migrations known.
///
/// A file that is corrupt, from a newer schema (a `user_version` above ours, or migrations this
/// build does not know) or unreadable is moved aside, never deleted and never a crash.
struct DatabaseFile {
    /// What the file is called in sentences: "local replica", "outbox".
    let role: String
    let url: URL
    let migrator: DatabaseMigrator

    /// Why a file is moved aside; the raw value is the suffix of its new name.
    enum Problem: String {
        case corrupt, newer, unreadable

        var sentence: String {
            switch self {
            case .corrupt: return "is not a database that can be read"
            case .newer: return "was written by a newer contact-tui"
            case .unreadable: return "cannot be read"
            }
        }
    }

    /// The schema version a fully migrated file carries in `user_version`.
    var schemaVersion: Int { migrator.migrations.count }

    func open() -> ReplicaOpening<DatabasePool> {
        do {
            try Self.makePrivateDirectory(url.deletingLastPathComponent())
            if let problem = try Self.prepareFile(url) { return moveAside(problem) }
        } catch {
            return .unavailable(notice: "The \(role) \(url.path) cannot be opened (\(error.localizedDescription)).")
        }
        var pool: DatabasePool?
        do {
            var configuration = Configuration()
            configuration.busyMode = .timeout(5)
            configuration.label = role
            // Reads map the file instead of copying it a page at a time through read(2): a start
            // reads a 100,000-row list, and the copies were a quarter of its time. Only reads are
            // mapped (SQLite writes through its journal as before).
            configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA mmap_size = \(Self.mappedBytes)") }
            let opened = try DatabasePool(path: url.path, configuration: configuration)
            pool = opened
            let (version, superseded) = try opened.read { db in
                (try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0, try migrator.hasBeenSuperseded(db))
            }
            if version > schemaVersion || superseded {
                try opened.close()
                return moveAside(.newer)
            }
            try migrator.migrate(opened)
            // Written when the schema moved on, not on every start.
            if version != schemaVersion {
                let schemaVersion = schemaVersion
                try opened.writeWithoutTransaction { db in
                    try db.execute(sql: "PRAGMA user_version = \(schemaVersion)")
                }
            }
            return .opened(opened)
        } catch let error as DatabaseError {
            try? pool?.close()
            switch error.resultCode {
            case .SQLITE_NOTADB, .SQLITE_CORRUPT, .SQLITE_FORMAT: return moveAside(.corrupt)
            case .SQLITE_CANTOPEN, .SQLITE_PERM, .SQLITE_AUTH: return moveAside(.unreadable)
            default:
                return .unavailable(
                    notice: "The \(role) \(url.path) cannot be opened (\(error.message ?? "\(error.resultCode)")).")
            }
        } catch {
            try? pool?.close()
            return .unavailable(notice: "The \(role) \(url.path) cannot be opened (\(error.localizedDescription)).")
        }
    }

    /// The most of a file reads map: more than a million rows' worth.
    static let mappedBytes = 1 << 30

    /// The folder, made mode 0700 (and made so again when it exists with a looser mode).
    static func makePrivateDirectory(_ directory: URL) throws {
        try FileManager.default.createDirectory(
            at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        guard chmod(directory.path, 0o700) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EPERM) }
    }

    /// Creates the file with mode 0600 when it is missing, so SQLite never creates it with the
    /// umask's mode. An existing file that is not a regular file, or whose owner may not read and
    /// write it, is unreadable (checked here because root reads any file); a looser mode is tightened.
    static func prepareFile(_ url: URL) throws -> Problem? {
        var status = stat()
        if lstat(url.path, &status) != 0 {
            guard errno == ENOENT else { return .unreadable }
            try createPrivateFile(url.path)
            return nil
        }
        guard status.st_mode & S_IFMT == S_IFREG, status.st_mode & 0o600 == 0o600 else { return .unreadable }
        for suffix in ["", "-wal", "-shm"] where FileManager.default.fileExists(atPath: url.path + suffix) {
            _ = chmod(url.path + suffix, 0o600)
        }
        return nil
    }

    /// Renames the file (and its `-wal` and `-shm`) to a free `NAME.PROBLEM[-N]` beside it.
    private func moveAside(_ problem: Problem) -> ReplicaOpening<DatabasePool> {
        let files = FileManager.default
        var aside = url.path + "." + problem.rawValue
        var number = 1
        while files.fileExists(atPath: aside) {
            number += 1
            aside = url.path + "." + problem.rawValue + "-\(number)"
        }
        guard rename(url.path, aside) == 0 else {
            return .unavailable(
                notice:
                    "The \(role) \(url.path) \(problem.sentence) and could not be moved aside; the app goes on without it."
            )
        }
        for suffix in ["-wal", "-shm"] where files.fileExists(atPath: url.path + suffix) {
            _ = rename(url.path + suffix, aside + suffix)
        }
        return .movedAside(
            notice:
                "The \(role) \(url.path) \(problem.sentence), so it was moved to \(aside) and the app goes on without it."
        )
    }
}

/// Creates an empty file with mode 0600 (outside the type, whose `open()` would hide libc's).
private func createPrivateFile(_ path: String) throws {
    let descriptor = open(path, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    close(descriptor)
}
