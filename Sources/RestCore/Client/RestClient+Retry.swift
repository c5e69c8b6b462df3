import Foundation

extension RestClient {
    /// Sends with `token`, and sends a read again after a transient failure (see
    /// `RestClientError.isTransient`), waiting as the configuration's `RetryPolicy` says. All
    /// attempts share the request's timeout: no wait ends past it, and when the next one would,
    /// the last failure is reported. Cancelling ends a wait at once. Writes are sent once.
    func attempt(_ request: RestRequest, token: String) async -> Result<RestResponse, RestClientError> {
        let configuration = session.configuration
        let policy = configuration.retryPolicy
        let timeout = request.timeout ?? configuration.timeout
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        var retries = 0
        var result = await attemptOnce(request, token: token, timeout: timeout)
        while case .failure(let error) = result, !request.method.isWrite, retries < policy.maximumRetries,
            error.isTransient(hostHasAnswered: hostHasAnswered.load(ordering: .relaxed))
        {
            let delay = policy.delay(beforeRetry: retries + 1, retryAfter: error.retryAfter)
            guard clock.now + delay < deadline else { break }
            retries += 1
            configuration.onRetry?(request, RestRetry(number: retries, delay: delay, error: error))
            do {
                try await Task.sleep(for: delay)
            } catch {
                return .failure(.cancelled)
            }
            let remaining = deadline - clock.now
            guard remaining > .zero else { break }
            result = await attemptOnce(request, token: token, timeout: remaining)
        }
        return result
    }

    /// Notes that the host answered, and the API usage the answer reports (a malformed
    /// `Sforce-Limit-Info` leaves the last good value).
    func record(_ response: RestResponse) {
        hostHasAnswered.store(true, ordering: .relaxed)
        if let info = response.headers[.sforceLimitInfo], let usage = APIUsage(limitInfo: info) {
            latestAPIUsage.withLock { $0 = usage }
        }
    }
}
