import Foundation
import Synchronization

/// The client's live configuration and the one shared session refresh.
///
/// When requests hit `401 INVALID_SESSION_ID`, the first one starts a refresh through
/// `POST /services/oauth2/token`; every other request that failed with the same (old) token
/// waits for that same refresh instead of starting its own, then replays once with the new token.
final class Session: Sendable {
    private struct State {
        var configuration: RestClientConfiguration
        var refresh: Task<Result<String, RestClientError>, Never>?
        var refreshCount = 0
        /// The token endpoint's refusal of the current token's refresh (a revoked refresh token,
        /// say): later requests that hit the 401 with the same token fail with it at once
        /// instead of asking again.
        var refusal: (staleToken: String, error: RestClientError)?
    }

    private let state: Mutex<State>
    private let transport: any RestTransport

    init(configuration: RestClientConfiguration, transport: any RestTransport) {
        self.state = Mutex(State(configuration: configuration))
        self.transport = transport
    }

    var configuration: RestClientConfiguration {
        state.withLock { $0.configuration }
    }

    /// How many refreshes this session has started (for logs and tests).
    var refreshCount: Int {
        state.withLock { $0.refreshCount }
    }

    /// A token to replace `staleToken`, which the server just refused: the current one when
    /// another request already refreshed, else the result of the one shared refresh.
    func token(replacing staleToken: String) async -> Result<String, RestClientError> {
        enum Next {
            case current(String)
            case refused(RestClientError)
            case refresh(Task<Result<String, RestClientError>, Never>)
        }
        let next: Next = state.withLock { state in
            if state.configuration.accessToken != staleToken {
                return .current(state.configuration.accessToken)
            }
            if let refusal = state.refusal, refusal.staleToken == staleToken {
                return .refused(refusal.error)
            }
            if let running = state.refresh {
                return .refresh(running)
            }
            let configuration = state.configuration
            state.refreshCount += 1
            let task = Task { await self.refresh(with: configuration) }
            state.refresh = task
            return .refresh(task)
        }
        switch next {
        case .current(let token): return .success(token)
        case .refused(let error): return .failure(error)
        case .refresh(let task): return await task.value
        }
    }

    private func refresh(with configuration: RestClientConfiguration) async -> Result<String, RestClientError> {
        let (result, isRefusal) = await requestNewToken(with: configuration)
        state.withLock { state in
            state.refresh = nil
            switch result {
            case .success(let token):
                state.configuration.accessToken = token
                state.refusal = nil
            case .failure(let error) where isRefusal:
                state.refusal = (configuration.accessToken, error)
            case .failure:
                break  // a transport failure or timeout: the next 401 may try again
            }
        }
        return result
    }

    /// A new access token, or the failure and whether it was a refusal (an answer saying no,
    /// rather than no answer).
    private func requestNewToken(
        with configuration: RestClientConfiguration
    ) async -> (Result<String, RestClientError>, isRefusal: Bool) {
        guard let refreshToken = configuration.refreshToken, !refreshToken.isEmpty else {
            return (.failure(.authenticationFailed("the session expired and no refresh token is configured.")), true)
        }
        var form = [(name: "grant_type", value: "refresh_token"), (name: "refresh_token", value: refreshToken)]
        if let clientID = configuration.clientID, !clientID.isEmpty {
            form.append((name: "client_id", value: clientID))
        }
        let endpoint = Endpoint(instanceURL: configuration.instanceURL)
        let request = TransportRequest(
            method: .POST, url: endpoint.base + "/services/oauth2/token", host: endpoint.host,
            headers: [.contentType: "application/x-www-form-urlencoded", .accept: "application/json"],
            body: Array(PercentEncoding.encodePairs(form).utf8), timeout: configuration.timeout)
        let response: RestResponse
        do {
            response = try await withTimeout(configuration.timeout) { () async throws(RestClientError) in
                try await self.transport.execute(request)
            }
        } catch .cancelled {
            return (.failure(.cancelled), false)
        } catch .timedOut {
            return (.failure(.authenticationFailed("the session expired and the token refresh timed out.")), false)
        } catch {
            return (
                .failure(.authenticationFailed("the session expired and the token refresh failed: \(error)")), false
            )
        }
        guard (200...299).contains(response.status) else {
            return (.failure(.authenticationFailed(Self.refusal(response))), true)
        }
        guard let grant = try? response.decode(TokenGrant.self), !grant.accessToken.isEmpty else {
            return (.failure(.authenticationFailed("the token endpoint answered without an access token.")), true)
        }
        return (.success(grant.accessToken), false)
    }

    /// The OAuth error of a refused refresh: `{"error": "invalid_grant", "error_description": "…"}`.
    private static func refusal(_ response: RestResponse) -> String {
        if let failure = try? response.decode(OAuthFailure.self) {
            let detail = failure.errorDescription ?? failure.error
            return "the session expired and the refresh was refused (\(failure.error)): \(detail)"
        }
        return "the session expired and the refresh was refused with HTTP \(response.status)."
    }

    private struct TokenGrant: Decodable {
        var accessToken: String
        enum CodingKeys: String, CodingKey { case accessToken = "access_token" }
    }

    private struct OAuthFailure: Decodable {
        var error: String
        var errorDescription: String?
        enum CodingKeys: String, CodingKey {
            case error
            case errorDescription = "error_description"
        }
    }
}
