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

    /// An org whose first token has expired: the token endpoint answers `token-2` (after
    /// `checkGrant` has seen the request), a request bearing `token-2` gets `{}`, and any other
    /// gets 401 `INVALID_SESSION_ID`.
    static func expiredSession(
        checkGrant: @escaping @Sendable (TransportRequest) -> Void = { _ in }
    ) -> InMemoryTransport {
        InMemoryTransport { request throws(RestClientError) in
            if request.url.hasSuffix("/services/oauth2/token") {
                checkGrant(request)
                return RestResponse(status: 200, headers: [:], body: Array(#"{"access_token":"token-2"}"#.utf8))
            }
            if request.headers[.authorization] == "Bearer token-2" {
                return RestResponse(status: 200, headers: [:], body: Array("{}".utf8))
            }
            return RestResponse(status: 401, headers: [:], body: Array(expiredSessionBody.utf8))
        }
    }

    /// Salesforce's answer to an expired or revoked token.
    static let expiredSessionBody = #"[{"message":"Session expired or invalid","errorCode":"INVALID_SESSION_ID"}]"#

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
