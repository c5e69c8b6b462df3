import Foundation
import Hummingbird
import Logging
import NIOCore
import ServiceLifecycle
import Synchronization

/// A mock Salesforce org served over HTTP on a background task.
///
/// Start it, point any Salesforce REST client at `endpoint.url` with `endpoint.accessToken`,
/// and stop it when done. Many servers may run in one process.
public final class MockOrgServer: Sendable {
    private enum Phase {
        case idle
        case running(group: ServiceGroup, task: Task<Void, Never>, endpoint: MockOrgEndpoint)
        case stopped
    }

    public let configuration: MockOrgConfiguration
    private let phase = Mutex(Phase.idle)

    /// Makes a server; nothing is generated or bound until `start()`.
    public init(configuration: MockOrgConfiguration) {
        self.configuration = configuration
    }

    /// Starts serving in the background; returns once the socket is listening.
    public func start() async throws -> MockOrgEndpoint {
        if case .running(_, _, let endpoint) = phase.withLock({ $0 }) { return endpoint }
        let configuration = self.configuration
        let boundURL = LockedValue("")
        let instance = MockOrgInstance(configuration: configuration, instanceURL: { boundURL.value })

        let (ports, portContinuation) = AsyncStream<Int>.makeStream()
        let logger = Logger(label: "mock-org") { _ in SwiftLogNoOpLogHandler() }
        let application = Application(
            responder: instance.responder,
            configuration: .init(address: .hostname(configuration.host, port: configuration.port)),
            onServerRunning: { channel in
                portContinuation.yield(channel.localAddress?.port ?? 0)
                portContinuation.finish()
            },
            logger: logger
        )
        let group = ServiceGroup(configuration: .init(services: [application], logger: logger))
        let failure = LockedValue<(any Error)?>(nil)
        let task = Task {
            do {
                try await group.run()
            } catch {
                failure.value = error
            }
            portContinuation.finish()
        }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next() else {
            await task.value
            throw MockOrgError.startFailed(
                host: configuration.host, port: configuration.port,
                reason: failure.value.map { "\($0)" } ?? "the server stopped")
        }
        let urlText = "http://" + Self.urlHost(configuration.host) + ":" + String(port)
        boundURL.value = urlText
        let endpoint = MockOrgEndpoint(
            url: URL(string: urlText)!, accessToken: instance.accessToken, refreshToken: instance.refreshToken)
        let previous = phase.withLock { phase -> Phase in
            let previous = phase
            phase = .running(group: group, task: task, endpoint: endpoint)
            return previous
        }
        if case .stopped = previous {
            // stop() ran while starting: honour it.
            await stop()
        }
        return endpoint
    }

    /// Stops serving and closes the socket; returns once stopped. Safe to call twice.
    public func stop() async {
        let current = phase.withLock { phase -> Phase in
            let current = phase
            phase = .stopped
            return current
        }
        guard case .running(let group, let task, _) = current else { return }
        await group.triggerGracefulShutdown()
        await task.value
    }

    private static func urlHost(_ host: String) -> String {
        host.contains(":") ? "[" + host + "]" : host
    }
}

/// Why a mock org could not start.
public enum MockOrgError: Error, Sendable, CustomStringConvertible {
    case startFailed(host: String, port: Int, reason: String)

    public var description: String {
        switch self {
        case .startFailed(let host, let port, let reason):
            "The mock org could not listen on \(host):\(port): \(reason)."
        }
    }
}
