import Foundation
import RestCore
import Synchronization

/// A transport that answers from a closure and records every request it was given.
final class InMemoryTransport: RestTransport {
    typealias Handler = @Sendable (TransportRequest) async throws(RestClientError) -> RestResponse

    private let handler: Handler
    private let log = Mutex<[TransportRequest]>([])

    init(_ handler: @escaping Handler) {
        self.handler = handler
    }

    /// Answers every request with the same status and body.
    convenience init(status: Int = 200, body: String = "{}") {
        self.init { _ throws(RestClientError) in
            RestResponse(status: status, headers: [:], body: Array(body.utf8))
        }
    }

    var requests: [TransportRequest] {
        log.withLock { $0 }
    }

    func execute(_ request: TransportRequest) async throws(RestClientError) -> RestResponse {
        log.withLock { $0.append(request) }
        return try await handler(request)
    }

    func shutdown() async {}
}

/// A client over `transport` with a fixed fake instance and token.
func makeClient(
    _ transport: any RestTransport, instance: String = "https://example.my.salesforce.com",
    configure: (inout RestClientConfiguration) -> Void = { _ in }
) -> RestClient {
    var configuration = RestClientConfiguration(instanceURL: URL(string: instance)!, accessToken: "token-1")
    configure(&configuration)
    return RestClient(configuration: configuration, transport: transport)
}
