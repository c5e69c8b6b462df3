import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Sends raw bytes to a loopback port and reads what comes back until the peer closes (or 5 s pass).
/// The blocking socket calls run on a thread of their own: on a pool thread they could starve the
/// in-process server that has to answer them.
enum RawSocket {
    struct Failure: Error {
        let reason: String
    }

    static func exchange(port: Int, bytes: [UInt8]) async throws -> String {
        let result = await withCheckedContinuation {
            (continuation: CheckedContinuation<Result<String, Failure>, Never>) in
            let thread = Thread {
                continuation.resume(
                    returning: Result { () throws(Failure) in try blockingExchange(port: port, bytes: bytes) })
            }
            thread.start()
        }
        return try result.get()
    }

    private static func blockingExchange(port: Int, bytes: [UInt8]) throws(Failure) -> String {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Failure(reason: "socket") }
        defer { close(fd) }
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else { throw Failure(reason: "connect") }
        _ = bytes.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        var received = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count <= 0 { break }
            received += buffer[0..<count]
        }
        return String(decoding: received, as: UTF8.self)
    }
}
