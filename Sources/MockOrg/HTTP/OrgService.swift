import Foundation
import Hummingbird
import HummingbirdTLS
import Logging
import ServiceLifecycle

/// The org as a ServiceLifecycle service: generates its data, then serves it with a Hummingbird
/// application (over TLS when configured) until the group it runs in shuts down gracefully.
struct OrgService: Service {
    let configuration: MockOrgConfiguration
    let logger: Logger
    /// Called once the socket listens, with the port actually bound.
    let onListening: @Sendable (MockOrgEndpoint) -> Void

    func run() async throws {
        let configuration = self.configuration
        // The certificate first: a bad key file is reported before any data is generated.
        var identity: TLSIdentity?
        if let tls = configuration.tls { identity = try await TLSIdentity.make(tls) }
        defer { identity?.removeTemporaryFiles() }
        let tlsIdentity = identity
        let boundURL = LockedValue("")
        let instance = MockOrgInstance(configuration: configuration, instanceURL: { boundURL.value })
        // A signal while the data was generated stops the org before it listens.
        guard !Task.isShuttingDownGracefully else { return }
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
                        refreshToken: instance.refreshToken, caCertificateFile: tlsIdentity?.caCertificateFile))
            },
            logger: logger
        )
        try await application.run()
    }

    private static func urlHost(_ host: String) -> String {
        host.contains(":") ? "[" + host + "]" : host
    }
}
