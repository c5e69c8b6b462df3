/// A request sent with a completion closure or a delegate; `cancel()` cancels it.
public final class RestRequestHandle: Sendable {
    /// The id of the request this handle controls.
    public let requestID: RestRequestID
    private let task: Task<Void, Never>

    init(requestID: RestRequestID, task: Task<Void, Never>) {
        self.requestID = requestID
        self.task = task
    }

    /// Cancels the request; its completion (or delegate) then reports `.cancelled` once,
    /// unless it had already completed.
    public func cancel() {
        task.cancel()
    }

    /// Waits until the completion closure or delegate callback has returned.
    public func waitUntilCompleted() async {
        await task.value
    }
}

/// The four callbacks of the Mobile SDK's `RestRequestDelegate`; exactly one fires per request.
public protocol RestRequestDelegate: AnyObject, Sendable {
    /// The request succeeded (2xx).
    func request(_ request: RestRequest, didLoadResponse response: RestResponse)
    /// The request failed for any reason other than cancellation or timeout.
    func request(_ request: RestRequest, didFailLoadWithError error: RestClientError)
    /// The request was cancelled before it completed.
    func requestDidCancelLoad(_ request: RestRequest)
    /// The request did not complete within its timeout.
    func requestDidTimeout(_ request: RestRequest)
}

extension RestClient {
    /// Sends `request` and calls `completion` exactly once with the outcome (on a background task).
    @discardableResult
    public func send(
        _ request: RestRequest, completion: @escaping @Sendable (Result<RestResponse, RestClientError>) -> Void
    ) -> RestRequestHandle {
        let ticket = dispatcher?.takeTicket()
        let task = Task {
            completion(await self.perform(request, ticket: ticket))
        }
        return RestRequestHandle(requestID: request.id, task: task)
    }

    /// Sends `request` and tells `delegate` the outcome through exactly one of its four callbacks.
    @discardableResult
    public func send(_ request: RestRequest, delegate: any RestRequestDelegate) -> RestRequestHandle {
        send(request) { result in
            switch result {
            case .success(let response): delegate.request(request, didLoadResponse: response)
            case .failure(.cancelled): delegate.requestDidCancelLoad(request)
            case .failure(.timedOut): delegate.requestDidTimeout(request)
            case .failure(let error): delegate.request(request, didFailLoadWithError: error)
            }
        }
    }
}
