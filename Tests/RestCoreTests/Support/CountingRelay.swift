import Foundation
import Glibc
import Synchronization
import TestSupport

/// A loopback port that forwards each connection to another port byte for byte and counts the
/// connections it accepted: how many times a client tried to connect, with no clock involved.
final class CountingRelay: Sendable {
    private let relay: LoopbackRelay
    private let accepted: Counter

    var port: Int { relay.port }

    /// The connections accepted so far.
    var connections: Int { accepted.value.load(ordering: .sequentiallyConsistent) }

    init(forwardingTo target: Int) throws {
        let accepted = Counter()
        self.accepted = accepted
        relay = try LoopbackRelay(
            forwardingTo: target, accepted: { accepted.value.add(1, ordering: .sequentiallyConsistent) }
        ) { client, server in
            let pair = Pair(client, server)
            Thread { pair.pump(from: client, to: server) }.start()
            Thread { pair.pump(from: server, to: client) }.start()
        }
    }

    /// Stops accepting; connections in progress finish by themselves.
    func stop() {
        relay.stop()
    }

    private final class Counter: Sendable {
        let value = Atomic<Int>(0)
    }

    /// Two connected sockets, closed when both directions have ended.
    private final class Pair: Sendable {
        let sockets: (Int32, Int32)
        let ended = Atomic<Int>(0)

        init(_ first: Int32, _ second: Int32) { sockets = (first, second) }

        func pump(from source: Int32, to destination: Int32) {
            var chunk = [UInt8](repeating: 0, count: 1 << 14)
            while true {
                let count = chunk.withUnsafeMutableBytes { recv(source, $0.baseAddress, $0.count, 0) }
                if count <= 0 { break }
                RawSocket.sendAll(Array(chunk[0..<count]), to: destination)
            }
            shutdown(destination, Int32(SHUT_WR))
            if ended.add(1, ordering: .sequentiallyConsistent).newValue == 2 {
                close(sockets.0)
                close(sockets.1)
            }
        }
    }
}
