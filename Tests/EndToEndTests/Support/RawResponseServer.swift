import Foundation
import Glibc
import Synchronization
import TestSupport

/// A loopback server that answers every request with exactly the bytes it is given, so that
/// tests can send what no HTTP library would: a wrong Content-Length, a cut-off body, HTML.
///
/// It accepts on a thread of its own (never one of the concurrency pool's), reads each request
/// head, writes the scripted bytes and closes the connection. Call `stop()` when done.
final class RawResponseServer: Sendable {
    let port: Int
    private let listener: Int32
    private let requests = Mutex<[String]>([])
    private let stopped = Mutex(false)

    /// The request heads received so far.
    var receivedHeads: [String] { requests.withLock { $0 } }

    var url: URL { URL(string: "http://127.0.0.1:\(port)")! }

    init(reply: [UInt8]) throws {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard listener >= 0 else { throw TestSupportFailure("socket() failed") }
        var one: Int32 = 1
        setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(listener, pointer, length) == 0 && listen(listener, 64) == 0
                    && getsockname(listener, pointer, &length) == 0
            }
        }
        guard bound else {
            close(listener)
            throw TestSupportFailure("cannot listen on 127.0.0.1")
        }
        self.listener = listener
        port = Int(UInt16(bigEndian: address.sin_port))
        let reply = reply
        // The thread holds the server until `stop()` shuts the socket down and `accept` fails.
        let thread = Thread { [self] in
            while true {
                let connection = accept(listener, nil, nil)
                if connection < 0 {
                    if errno == EINTR { continue }
                    // Shut down by stop(): only this thread closes the descriptor, so it can
                    // never close one that another test has since been given.
                    close(listener)
                    return
                }
                requests.withLock { $0.append(Self.readHead(connection)) }
                RawSocket.sendAll(reply, to: connection)
                shutdown(connection, Int32(SHUT_WR))
                close(connection)
            }
        }
        thread.start()
    }

    /// A reply made of a status line, headers and a body, with nothing corrected.
    static func reply(status: String = "200 OK", headers: [String], body: [UInt8]) -> [UInt8] {
        Array(("HTTP/1.1 \(status)\r\n" + headers.map { $0 + "\r\n" }.joined() + "\r\n").utf8) + body
    }

    /// Stops accepting; the accepting thread then closes the socket.
    func stop() {
        guard
            stopped.withLock({ wasStopped in
                defer { wasStopped = true }; return !wasStopped
            })
        else { return }
        shutdown(listener, Int32(SHUT_RDWR))
    }

    private static func readHead(_ connection: Int32) -> String {
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(connection, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var head: [UInt8] = []
        var byte: UInt8 = 0
        while read(connection, &byte, 1) == 1 {
            head.append(byte)
            if head.count >= 4 && head.suffix(4) == [13, 10, 13, 10] { break }
        }
        return String(decoding: head, as: UTF8.self)
    }
}
