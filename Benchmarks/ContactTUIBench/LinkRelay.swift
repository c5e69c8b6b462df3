import Foundation
import Glibc
import Synchronization
import TestSupport

/// A loopback link like a user's: a port that forwards each connection to another port, each
/// direction through its own shared line of `rate` bytes per second (every connection queues
/// on it, as on one network link), then `delay` later, as over distance. netem is not available
/// on these machines, so the bench carries this.
///
/// A chunk read at time t finishes crossing the line at max(t, line free) + size / rate and is
/// written delay after that; reading never waits for writing, so the delay holds for every
/// byte, not once per chunk. Toward the server, the relay's own address in a request's Host is
/// made the server's, as a reverse proxy does: the mock org refuses a Host that names another
/// port (against DNS rebinding). Both are loopback ports of five digits, so the bytes keep their
/// length.
final class LinkRelay: Sendable {
    /// One direction of the link: when its line is free next, and the bytes it carried.
    final class Line: Sendable {
        let bytesPerSecond: Double
        private let state = Mutex<(free: Double, bytes: Int)>((0, 0))

        init(bytesPerSecond: Double) { self.bytesPerSecond = bytesPerSecond }

        /// Takes `count` bytes read at `now`; when they are through the line.
        func carry(_ count: Int, at now: Double) -> Double {
            state.withLock { state in
                state.free = max(now, state.free) + Double(count) / bytesPerSecond
                state.bytes += count
                return state.free
            }
        }

        var bytes: Int { state.withLock { $0.bytes } }
    }

    private let relay: LoopbackRelay
    let delay: Double
    /// Toward the server and toward the client.
    let up: Line
    let down: Line

    var port: Int { relay.port }
    /// One round trip's delay.
    var roundTrip: Double { 2 * delay }

    /// A link to `target` with `delay` seconds each way and `bitsPerSecond` each way.
    init(forwardingTo target: Int, delay: Double, bitsPerSecond: Double) throws {
        let (up, down) = (Line(bytesPerSecond: bitsPerSecond / 8), Line(bytesPerSecond: bitsPerSecond / 8))
        (self.delay, self.up, self.down) = (delay, up, down)
        // The relay's own Host and the target's, once the relay has its port.
        let hosts = Mutex<([UInt8], [UInt8])?>(nil)
        relay = try LoopbackRelay(forwardingTo: target) { client, server in
            Self.carry(client, server, up: up, down: down, delay: delay, hosts: hosts.withLock { $0 })
        }
        let relayHost = Array("127.0.0.1:\(relay.port)".utf8)
        let targetHost = Array("127.0.0.1:\(target)".utf8)
        if relayHost.count == targetHost.count { hosts.withLock { $0 = (relayHost, targetHost) } }
    }

    /// Stops accepting; connections in progress finish by themselves.
    func stop() {
        relay.stop()
    }

    /// Moves one connection's bytes both ways over the lines, each chunk at its time.
    private static func carry(
        _ client: Int32, _ server: Int32, up: Line, down: Line, delay: Double, hosts: ([UInt8], [UInt8])?
    ) {
        var on: Int32 = 1
        setsockopt(client, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size))
        setsockopt(server, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size))
        let pair = Pair(client, server)
        for (source, destination, line) in [(client, server, up), (server, client, down)] {
            let rewrite = line === up ? hosts : nil
            let queue = ChunkQueue()
            Thread {
                var chunk = [UInt8](repeating: 0, count: 1 << 14)
                while true {
                    let count = chunk.withUnsafeMutableBytes { recv(source, $0.baseAddress, $0.count, 0) }
                    guard count > 0 else { break }
                    let through = line.carry(count, at: now())
                    var bytes = Array(chunk[0..<count])
                    if let (from, to) = rewrite { replace(from, with: to, in: &bytes) }
                    queue.push((through + delay, bytes))
                }
                queue.push(nil)
            }.start()
            Thread {
                while let (due, bytes) = queue.pop() {
                    let wait = due - now()
                    if wait > 0 { usleep(useconds_t(wait * 1e6)) }
                    RawSocket.sendAll(bytes, to: destination)
                }
                pair.end(writingTo: destination)
            }.start()
        }
    }

    /// Replaces each `pattern` in `bytes` by `replacement`, of the same length.
    private static func replace(_ pattern: [UInt8], with replacement: [UInt8], in bytes: inout [UInt8]) {
        guard bytes.count >= pattern.count else { return }
        var index = 0
        while index <= bytes.count - pattern.count {
            if bytes[index] == pattern[0], bytes[index..<(index + pattern.count)].elementsEqual(pattern) {
                bytes.replaceSubrange(index..<(index + pattern.count), with: replacement)
                index += pattern.count
            } else {
                index += 1
            }
        }
    }

    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// Chunks waiting for their time, in order; nil ends the direction.
    private final class ChunkQueue: Sendable {
        private let chunks = Mutex<[(Double, [UInt8])?]>([])
        private let ready = DispatchSemaphore(value: 0)

        func push(_ chunk: (Double, [UInt8])?) {
            chunks.withLock { $0.append(chunk) }
            ready.signal()
        }

        func pop() -> (Double, [UInt8])? {
            ready.wait()
            return chunks.withLock { $0.removeFirst() }
        }
    }

    /// Two connected sockets, closed when both directions have ended.
    private final class Pair: Sendable {
        let sockets: (Int32, Int32)
        let ended = Atomic<Int>(0)

        init(_ first: Int32, _ second: Int32) { sockets = (first, second) }

        func end(writingTo destination: Int32) {
            shutdown(destination, Int32(SHUT_WR))
            if ended.add(1, ordering: .sequentiallyConsistent).newValue == 2 {
                close(sockets.0)
                close(sockets.1)
            }
        }
    }
}
