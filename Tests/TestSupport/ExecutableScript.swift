import Foundation
import Glibc

/// Writes an executable script through a close-on-exec descriptor: a process that a parallel
/// test spawns meanwhile cannot inherit it open for writing (which would make running the
/// script fail with "Text file busy").
package func writeExecutableScript(_ text: String, to path: String) throws {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o755)
    guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    defer { close(descriptor) }
    let bytes = Array(text.utf8)
    guard write(descriptor, bytes, bytes.count) == bytes.count else {
        throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
    }
}
