import RestCore

/// What the answer to a DELETE says about the record, told apart by what the server said
/// or did not say.
enum DeleteOutcome: Sendable {
    /// The server deleted it.
    case deleted
    /// The record was gone before this DELETE (deleted elsewhere): as good as deleted.
    case alreadyDeleted
    /// The server refused, or the request never left: the record is still there.
    case refused(RestClientError)
    /// The request may have reached the server, but no answer says what it did.
    case unknown

    /// The error codes of a 404 that mean the record no longer exists.
    static let goneErrorCodes: Set<String> = ["ENTITY_IS_DELETED", "NOT_FOUND"]

    init(_ result: Result<RestResponse, RestClientError>) {
        switch result {
        case .success:
            self = .deleted
        case .failure(let error):
            self = Self.classify(error)
        }
    }

    private static func classify(_ error: RestClientError) -> DeleteOutcome {
        switch error {
        case .apiInvocationFailed(let status, _, let errors, _):
            if status == 404, errors.contains(where: { goneErrorCodes.contains($0.errorCode) }) {
                return .alreadyDeleted
            }
            return RestClientError.edgeStatuses.contains(status) ? .unknown : .refused(error)
        case .timedOut:
            return .unknown
        case .transportFailed:
            return error.wasNeverSent ? .refused(error) : .unknown
        case .connectionPoolBusy, .apiResponseIsEmpty, .decodingFailed, .jsonSerialization, .invalidRequest,
            .blockedByGate,
            .authenticationFailed, .cancelled:
            return .refused(error)
        }
    }
}
