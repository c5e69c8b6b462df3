import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Replaces a file whole: the bytes go to a new file beside it (created with `mode`, never the
/// umask's wider one), are flushed, and the new file is renamed over the old one. A reader sees
/// the old file or the new one, never half of one; a full disk leaves the old file as it was.
public enum FileReplacement {
    /// Writes `bytes` over `path`; the system's error when it could not.
    public static func replace(_ path: String, with bytes: some Collection<UInt8>, mode: mode_t) throws(POSIXError) {
        let folder = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        let temporary = (folder.isEmpty ? "" : folder + "/") + ".\(name).\(getpid()).partial"
        unlink(temporary)
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
        guard descriptor >= 0 else { throw Self.error() }
        var failure: POSIXError?
        Array(bytes).withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = Self.error()
                    return
                }
                offset += written
            }
        }
        if failure == nil, fsync(descriptor) != 0 { failure = Self.error() }
        if close(descriptor) != 0, failure == nil { failure = Self.error() }
        if failure == nil, rename(temporary, path) != 0 { failure = Self.error() }
        if let failure {
            unlink(temporary)
            throw failure
        }
    }

    private static func error() -> POSIXError { POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
}
