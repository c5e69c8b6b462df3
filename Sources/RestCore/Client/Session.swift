import Foundation
import Synchronization

/// The client's live configuration and the one shared session renewal.
///
/// When requests hit `401 INVALID_SESSION_ID`, the first one starts a renewal through the
/// configuration's `TokenProvider` (the refresh-token grant when only a refresh token is set);
/// every other request that failed with the same (old) token waits for that same renewal
/// instead of starting its own, then replays once with the new token. The renewal is decided
/// under the lock and awaited outside it.
final class Session: Sendable {
    private struct State {
        var configuration: RestClientConfiguration
        var renewal: Task<Result<String, RestClientError>, Never>?
        var renewalCount = 0
        /// The provider's refusal to renew the current token (a revoked refresh token, say):
        /// later requests that hit the 401 with the same token fail with it at once instead of
        /// asking again.
        var refusal: (staleToken: String, error: RestClientError)?
        /// The tokens the org has taken at least once: a 401 for one of them is an expiry, for
        /// any other a token the org never took.
        var acceptedTokens: Set<String> = []
    }

    private let state: Mutex<State>
    private let transport: any RestTransport
    /// Chosen once, so that a refresh grant keeps its rotated refresh token between renewals.
    private let provider: (any TokenProvider)?

    init(configuration: RestClientConfiguration, transport: any RestTransport) {
        self.state = Mutex(State(configuration: configuration))
        self.transport = transport
        self.provider = Self.provider(for: configuration)
    }

    var configuration: RestClientConfiguration {
        state.withLock { $0.configuration }
    }

    /// The API version requests built without one use now: one field, read without copying the
    /// whole configuration (the list's header asks on every frame).
    var apiVersion: APIVersion {
        state.withLock { $0.configuration.apiVersion }
    }

    /// What must never appear in a message: the configuration's tokens and client secret, and
    /// whatever the provider holds now (a refresh token it rotated to).
    var secrets: [String] {
        let configured = state.withLock { $0.configuration.secrets }
        return configured + (provider?.secrets ?? [])
    }

    /// How many renewals this session has started (for logs and tests).
    var refreshCount: Int {
        state.withLock { $0.renewalCount }
    }

    /// Makes `version` the one every later request built without a version uses, when the
    /// configured one is `replaced`.
    func useAPIVersion(_ version: APIVersion, insteadOf replaced: APIVersion) {
        state.withLock { state in
            if state.configuration.apiVersion == replaced {
                state.configuration.apiVersion = version
            }
        }
    }

    /// Notes that the org answered a request sent with `token` (not with a 401).
    func noteAccepted(_ token: String) {
        state.withLock { state in
            if !state.acceptedTokens.contains(token) { state.acceptedTokens.insert(token) }
        }
    }

    /// A token to replace `staleToken`, which the server just refused: the current one when
    /// another request already renewed it, else the result of the one shared renewal.
    func token(replacing staleToken: String) async -> Result<String, RestClientError> {
        enum Next {
            case current(String)
            case refused(RestClientError)
            case renewal(Task<Result<String, RestClientError>, Never>)
        }
        let next: Next = state.withLock { state in
            if state.configuration.accessToken != staleToken {
                return .current(state.configuration.accessToken)
            }
            if let refusal = state.refusal, refusal.staleToken == staleToken {
                return .refused(refusal.error)
            }
            if let running = state.renewal {
                return .renewal(running)
            }
            let timeout = state.configuration.timeout
            state.renewalCount += 1
            let task = Task { await self.renew(replacing: staleToken, timeout: timeout) }
            state.renewal = task
            return .renewal(task)
        }
        switch next {
        case .current(let token): return .success(token)
        case .refused(let error): return .failure(error)
        case .renewal(let task): return await task.value
        }
    }

    private func renew(replacing staleToken: String, timeout: Duration) async -> Result<String, RestClientError> {
        let outcome: Result<String, TokenRenewalError>
        if let provider {
            outcome = await renewRetrying(with: provider, replacing: staleToken, timeout: timeout)
        } else {
            // A token the org took before has expired; one it never took was wrong from the start.
            let wasAccepted = state.withLock { $0.acceptedTokens.contains(staleToken) }
            outcome = .failure(
                TokenRenewalError(
                    message: wasAccepted
                        ? "the session expired (INVALID_SESSION_ID) and no refresh token is configured; sign in again."
                        : "the org refused the access token (INVALID_SESSION_ID): it is wrong, revoked or expired, "
                            + "and no refresh token is configured to renew it.",
                    isRefusal: true))
        }
        // Read before the lock: the provider's secrets sit behind a lock of its own.
        let providerSecrets = provider?.secrets ?? []
        return state.withLock { state in
            state.renewal = nil
            switch outcome {
            case .success(let token):
                state.configuration.accessToken = token
                state.refusal = nil
                return .success(token)
            case .failure(let error):
                let failure = RestClientError.authenticationFailed(error.message).redacting(
                    [staleToken] + state.configuration.secrets + providerSecrets)
                // A lost answer or a timeout is not remembered: the next 401 may try again.
                if error.isRefusal { state.refusal = (staleToken, failure) }
                return .failure(failure)
            }
        }
    }

    /// The provider's new token; a transient failure (not a refusal: a 5xx, a 429, a lost
    /// answer) is tried again with the reads' back-off (`RetryPolicy`), every try within `timeout`.
    private func renewRetrying(
        with provider: any TokenProvider, replacing staleToken: String, timeout: Duration
    ) async -> Result<String, TokenRenewalError> {
        let policy = configuration.retryPolicy
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        var retries = 0
        while true {
            let outcome: Result<String, TokenRenewalError>
            do throws(TokenRenewalError) {
                let token = try await provider.renewToken(
                    replacing: staleToken, transport: transport, timeout: deadline - clock.now)
                outcome =
                    token.isEmpty
                    ? .failure(
                        TokenRenewalError(
                            message: "the session expired and no new token came; sign in again.", isRefusal: true))
                    : .success(token)
            } catch {
                outcome = .failure(error)
            }
            guard case .failure(let error) = outcome, !error.isRefusal, retries < policy.maximumRetries else {
                return outcome
            }
            let delay = policy.delay(beforeRetry: retries + 1, retryAfter: nil)
            guard clock.now + delay < deadline, (try? await Task.sleep(for: delay)) != nil, deadline > clock.now else {
                return outcome
            }
            retries += 1
        }
    }

    /// The configuration's provider, or the refresh-token grant when only refresh settings are given.
    private static func provider(for configuration: RestClientConfiguration) -> (any TokenProvider)? {
        if let provider = configuration.tokenProvider { return provider }
        guard let refresh = configuration.refresh, !refresh.refreshToken.isEmpty else { return nil }
        return RefreshTokenGrant(refresh, instanceURL: configuration.instanceURL)
    }
}
