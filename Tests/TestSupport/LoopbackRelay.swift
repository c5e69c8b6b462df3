import Foundation
import Glibc

/// A loopback port of its own whose every connection is connected on to another port: what a
/// relay between a client and a server needs before it moves a byte. `accepted` hears of each
/// connection the port took, `connected` gets both sockets of each one the target took too (a
/// connection the target refuses is closed).
package final class LoopbackRelay: Sendable {
    private let listener: ReservedPort

    package var port: Int { listener.port }

    package init(
        forwardingTo target: Int, accepted: @escaping @Sendable () -> Void = {},
        connected: @escaping @Sendable (_ client: Int32, _ server: Int32) -> Void
    ) throws {
        listener = try ReservedPort()
        listener.listen()
        Thread { [listener] in
            while true {
                guard let client = listener.accept() else { return }
                accepted()
                guard let server = try? RawSocket.connect(port: target, timeoutSeconds: 30) else {
                    close(client)
                    continue
                }
                connected(client, server)
            }
        }.start()
    }

    /// Stops accepting; connections in progress finish by themselves.
    package func stop() {
        listener.stopListening()
    }
}
