#if canImport(Glibc)
    import Glibc
    private let systemWrite = Glibc.write
#else
    import Darwin
    private let systemWrite = Darwin.write
#endif

/// Writes whole buffers to standard output with `write(2)`: one system call per page of
/// records rather than one per field, and nothing left in a buffer at exit.
struct StandardOutput: Sendable {
    var fileDescriptor: Int32 = 1

    func write(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = systemWrite(fileDescriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return  // standard output is gone (e.g. a closed pipe): nothing more can be shown
                }
                offset += written
            }
        }
    }
}
