import Foundation
import Glibc

/// A loopback port that nothing listens on and nothing else can take while this value lives:
/// the socket is bound but never listens, so connections to it are refused at once. A stopped
/// server's port is no such guarantee: parallel tests may be given it again right away.
/// `listen()` opens it later, for a server that comes up while a client keeps trying.
package final class ReservedPort: Sendable {
    package let port: Int
    private let descriptor: Int32

    package init() throws {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let descriptor = self.descriptor
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(descriptor, pointer, length) == 0 && getsockname(descriptor, pointer, &length) == 0
            }
        }
        guard descriptor >= 0, bound else {
            if descriptor >= 0 { close(descriptor) }
            throw TestSupportFailure("cannot reserve a port on 127.0.0.1")
        }
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    package var url: URL { URL(string: "http://127.0.0.1:\(port)")! }

    /// Starts listening: from now on the system accepts connections to the port, which wait
    /// unanswered until `accept()` takes them.
    package func listen() {
        _ = Glibc.listen(descriptor, 16)
    }

    /// The next connection to the listening port, waited for; nil once `stopListening()` ran.
    package func accept() -> Int32? {
        let connection = Glibc.accept(descriptor, nil, nil)
        return connection >= 0 ? connection : nil
    }

    /// Ends `accept()`'s wait and refuses connections again.
    package func stopListening() {
        shutdown(descriptor, Int32(SHUT_RDWR))
    }

    deinit { close(descriptor) }
}
