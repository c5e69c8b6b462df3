import Foundation
import Glibc

/// Sends raw bytes to a loopback port and reads what comes back until the peer closes or the
/// timeout passes: for requests no HTTP client would send (garbage, huge headers, wrong tokens)
/// and for timing a server with no client library's overhead in the way.
package enum RawSocket {
    /// The exchange of a request written as text, with the reply as text.
    package static func exchange(port: Int, text: String) async throws -> String {
        String(decoding: try await exchange(port: port, bytes: Array(text.utf8)), as: UTF8.self)
    }

    /// The exchange, with its blocking socket calls on a thread of their own: on a pool thread
    /// they could starve the in-process server that has to answer them.
    package static func exchange(port: Int, bytes: [UInt8], timeoutSeconds: Int = 10) async throws -> [UInt8] {
        let result = await withCheckedContinuation {
            (continuation: CheckedContinuation<Result<[UInt8], TestSupportFailure>, Never>) in
            Thread {
                continuation.resume(
                    returning: Result { () throws(TestSupportFailure) in
                        try blockingExchange(port: port, bytes: bytes, timeoutSeconds: timeoutSeconds)
                    })
            }.start()
        }
        return try result.get()
    }

    /// A TCP connection to 127.0.0.1:`port` whose reads and writes give up after
    /// `timeoutSeconds`; the caller closes it.
    package static func connect(port: Int, timeoutSeconds: Int = 10) throws(TestSupportFailure) -> Int32 {
        let connection = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard connection >= 0 else { throw TestSupportFailure("socket() failed") }
        var timeout = timeval(tv_sec: timeoutSeconds, tv_usec: 0)
        setsockopt(connection, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(connection, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(connection, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            close(connection)
            throw TestSupportFailure("cannot connect to 127.0.0.1:\(port)")
        }
        return connection
    }

    /// The same exchange on the calling thread.
    package static func blockingExchange(
        port: Int, bytes: [UInt8], timeoutSeconds: Int = 10
    ) throws(TestSupportFailure) -> [UInt8] {
        let connection = try connect(port: port, timeoutSeconds: timeoutSeconds)
        defer { close(connection) }
        sendAll(bytes, to: connection)
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { recv(connection, $0.baseAddress, $0.count, 0) }
            if count <= 0 { break }
            received.append(contentsOf: chunk[0..<count])
        }
        return received
    }

    /// Writes all of `bytes` to a connected socket, stopping early if the peer goes away
    /// (MSG_NOSIGNAL: a closed peer makes `send` fail instead of raising SIGPIPE).
    package static func sendAll(_ bytes: [UInt8], to connection: Int32) {
        var sent = 0
        while sent < bytes.count {
            let written = bytes[sent...].withUnsafeBytes {
                send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            if written <= 0 { return }
            sent += written
        }
    }
}
