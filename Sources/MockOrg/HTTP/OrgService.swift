import Foundation
import Hummingbird
import HummingbirdTLS
import Logging
import ServiceLifecycle

/// The org as a ServiceLifecycle service: generates its data, then serves it with a Hummingbird
/// application (over TLS when configured) until the group it runs in shuts down gracefully.
struct OrgService: Service {
    let configuration: MockOrgConfiguration
    /// Raised on a graceful shutdown (and by whoever else stops the org), so that a query in
    /// progress gives up rather than hold the shutdown up.
    let stopping: StopFlag
    let logger: Logger
    /// Called when the data starts to be generated (after the signal handlers are in place), with the
    /// number of contacts.
    let onGenerating: @Sendable (Int) -> Void
    /// Called once the socket listens, with the port actually bound.
    let onListening: @Sendable (MockOrgEndpoint) -> Void

    func run() async throws {
        let configuration = self.configuration
        // The certificate first: a bad key file is reported before any data is generated.
        let tlsIdentity: TLSIdentity? = if let tls = configuration.tls { try await TLSIdentity.make(tls) } else { nil }
        defer { tlsIdentity?.removeTemporaryFiles() }
        let boundURL = LockedValue("")
        onGenerating(configuration.contacts)
        // A signal while the data is generated stops the org at once, before it listens.
        guard
            let instance = await Self.unlessShutDown({
                MockOrgInstance(configuration: configuration, stopping: stopping, instanceURL: { boundURL.value })
            }),
            !Task.isShuttingDownGracefully
        else { return }
        let onListening = self.onListening
        let application = Application(
            responder: instance.responder,
            server: try tlsIdentity.map { try .tls(.http1(), tlsConfiguration: $0.configuration) } ?? .http1(),
            configuration: .init(address: .hostname(configuration.host, port: configuration.port)),
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? 0
                let scheme = tlsIdentity == nil ? "http://" : "https://"
                let urlText = scheme + Self.urlHost(configuration.host) + ":" + String(port)
                boundURL.value = urlText
                onListening(
                    MockOrgEndpoint(
                        url: URL(string: urlText)!, accessToken: instance.accessToken,
                        refreshToken: instance.refreshToken, clientID: instance.clientID,
                        clientSecret: instance.clientSecret, caCertificateFile: tlsIdentity?.caCertificateFile))
            },
            logger: logger
        )
        let stopFlag = stopping
        try await withGracefulShutdownHandler {
            try await application.run()
        } onGracefulShutdown: {
            stopFlag.raise()
        }
    }

    /// Runs `make` on a thread of its own and returns its value, or nil at once when a graceful
    /// shutdown comes first (the thread then finishes unobserved; a stopping process does not wait
    /// for it).
    ///
    /// Generating a million contacts takes seconds of CPU. On the cooperative pool, or any Dispatch
    /// queue, it would hold a worker thread all along, and on a one-core machine (one worker) the
    /// signal that asks to stop would wait until the org had generated everything and listened. A
    /// thread of its own leaves the workers free.
    private static func unlessShutDown<Value: Sendable>(_ make: @escaping @Sendable () -> Value) async -> Value? {
        let first = FirstAnswer<Value?>()
        return await withGracefulShutdownHandler {
            let thread = Thread { first.answer(make()) }
            thread.name = "mock-org data"
            thread.start()
            return await first.value()
        } onGracefulShutdown: {
            first.answer(nil)
        }
    }

    private static func urlHost(_ host: String) -> String {
        host.contains(":") ? "[" + host + "]" : host
    }
}
