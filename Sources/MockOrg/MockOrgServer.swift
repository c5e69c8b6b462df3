import Foundation
import Logging
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
    /// Raised when the org stops, so that a query in progress gives up at once.
    private let stopping = StopFlag()

    /// Makes a server; nothing is generated or bound until `start()`.
    public init(configuration: MockOrgConfiguration) {
        self.configuration = configuration
    }

    /// Starts serving in the background; returns once the socket is listening.
    public func start() async throws -> MockOrgEndpoint {
        if case .running(_, _, let endpoint) = phase.withLock({ $0 }) { return endpoint }
        let (endpoints, continuation) = AsyncStream<MockOrgEndpoint>.makeStream()
        let service = OrgService(
            configuration: configuration, stopping: stopping, logger: Self.logger, onGenerating: { _ in }
        ) {
            endpoint in
            continuation.yield(endpoint)
            continuation.finish()
        }
        let group = ServiceGroup(configuration: .init(services: [service], logger: Self.logger))
        let failure = LockedValue<(any Error)?>(nil)
        let task = Task {
            do {
                try await group.run()
            } catch {
                failure.value = error
            }
            continuation.finish()
        }
        var iterator = endpoints.makeAsyncIterator()
        guard let endpoint = await iterator.next() else {
            await task.value
            throw startFailure(failure.value)
        }
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

    /// Serves in the foreground until SIGINT or SIGTERM, then stops gracefully, as Hummingbird
    /// applications do: the org is a service of a ServiceGroup that takes those signals (from the
    /// start, so a signal while the data is generated stops it at once). `onGenerating` runs when the
    /// data starts to be generated, with the signal handlers already in place; `onListening` once the
    /// socket listens.
    public func runUntilInterrupted(
        onGenerating: @escaping @Sendable (Int) -> Void = { _ in },
        onListening: @escaping @Sendable (MockOrgEndpoint) -> Void
    ) async throws {
        let listening = LockedValue(false)
        // The signal raises the flag from a Dispatch queue of its own: the graceful shutdown's
        // handler needs a worker of the cooperative pool, which queries may all be holding.
        let watch = StopSignals([SIGTERM, SIGINT], raising: stopping)
        defer { watch.cancel() }
        let service = OrgService(
            configuration: configuration, stopping: stopping, logger: Self.logger, onGenerating: onGenerating
        ) {
            endpoint in
            listening.value = true
            onListening(endpoint)
        }
        let group = ServiceGroup(
            configuration: .init(
                services: [service], gracefulShutdownSignals: [.sigterm, .sigint], logger: Self.logger))
        do {
            try await group.run()
        } catch  where !listening.value {
            throw startFailure(error)
        }
    }

    /// Stops serving and closes the socket; returns once stopped. Safe to call twice.
    public func stop() async {
        let current = phase.withLock { phase -> Phase in
            let current = phase
            phase = .stopped
            return current
        }
        stopping.raise()
        guard case .running(let group, let task, _) = current else { return }
        // A graceful shutdown waits for the answers in progress, held ones too.
        configuration.answerGate?.open()
        await group.triggerGracefulShutdown()
        await task.value
    }

    private static let logger = Logger(label: "mock-org") { _ in SwiftLogNoOpLogHandler() }

    private func startFailure(_ error: (any Error)?) -> MockOrgError {
        if let error = error as? MockOrgError { return error }
        return .startFailed(
            host: configuration.host, port: configuration.port, reason: error.map { "\($0)" } ?? "the server stopped")
    }
}

/// Why a mock org could not start.
public enum MockOrgError: Error, Sendable, CustomStringConvertible {
    case startFailed(host: String, port: Int, reason: String)
    /// The TLS certificate or key could not be made or read; the text is the whole sentence.
    case tlsFailed(String)

    public var description: String {
        switch self {
        case .startFailed(let host, let port, let reason):
            "The mock org could not listen on \(host):\(port): \(reason)."
        case .tlsFailed(let sentence):
            sentence
        }
    }
}
