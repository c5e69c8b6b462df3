#if canImport(Glibc)
    import Glibc
    private let systemWrite = Glibc.write
#else
    import Darwin
    private let systemWrite = Darwin.write
#endif

/// Writes whole buffers to standard output with `write(2)`: one system call per page of
/// records rather than one per field, and nothing left in a buffer at exit.
///
/// Every failure is reported, so that `list` never ends as if its output had been written:
/// a reader that went away (`| head -1`) is told apart from output that could not be written
/// (`> /dev/full`, a closed descriptor).
struct StandardOutput: Sendable {
    /// Whether standard output is a terminal.
    static var isTerminal: Bool { isatty(STDOUT_FILENO) == 1 }

    /// Why standard output took no more bytes.
    enum Failure: Error, Equatable {
        /// The reading end of the pipe is closed (EPIPE): the reader has what it wanted.
        case readerGone
        /// Any other error of `write(2)`, with its `errno`.
        case unwritable(Int32)

        /// One sentence for standard error.
        var sentence: String {
            switch self {
            case .readerGone: "standard output was closed by its reader."
            case .unwritable(let code): "could not write to standard output: \(String(cString: strerror(code)))."
            }
        }
    }

    var fileDescriptor: Int32 = 1

    /// `.unwritable(EBADF)` when the descriptor was not open at start (`>&-`), before any request
    /// is sent. The runtime's event loop, set up before any Swift code runs, is then given the
    /// free descriptor (an epoll or eventfd inode), which no shell ever hands a program as its output.
    func checkOpen() throws(Failure) {
        guard fcntl(fileDescriptor, F_GETFD) != -1 else { throw .unwritable(errno) }
        if isAnonymousInode { throw .unwritable(EBADF) }
    }

    private var isAnonymousInode: Bool {
        var target = [UInt8](repeating: 0, count: 64)
        let count = target.withUnsafeMutableBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) {
                readlink("/proc/self/fd/\(fileDescriptor)", $0.baseAddress!, $0.count)
            }
        }
        return count > 0 && target[..<count].starts(with: "anon_inode:".utf8)
    }

    func write(_ bytes: [UInt8]) throws(Failure) {
        let failure: Failure? = bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = systemWrite(fileDescriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written >= 0 {
                    offset += written
                    continue
                }
                switch errno {
                case EINTR: continue
                case EAGAIN, EWOULDBLOCK: waitUntilWritable()
                case EPIPE: return .readerGone
                case let code: return .unwritable(code)
                }
            }
            return nil
        }
        if let failure { throw failure }
    }

    /// Blocks until a non-blocking descriptor (one a terminal program left so) takes bytes again.
    private func waitUntilWritable() {
        var request = pollfd(fd: fileDescriptor, events: Int16(POLLOUT), revents: 0)
        _ = poll(&request, 1, -1)
    }
}
