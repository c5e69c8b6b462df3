import Foundation
import HTTPTypes

/// Where and how a `RestClient` talks to an org: endpoint and credentials, plus RestUtils-style
/// behaviour (default headers, a gate, success and failure hooks, dispatch order).
public struct RestClientConfiguration: Sendable {
    /// The org's base URL, e.g. `http://127.0.0.1:PORT` or `https://x.my.salesforce.com`.
    public var instanceURL: URL
    public var accessToken: String
    /// Lets the client renew an expired session by itself, through `RefreshTokenGrant`, when no
    /// `tokenProvider` is given.
    public var refresh: RefreshSettings?
    /// How an expired session is renewed; nil means the refresh grant when a refresh token is
    /// set, else no renewal.
    public var tokenProvider: (any TokenProvider)?
    /// Used by every factory that is given no version, e.g. `"v66.0"`.
    public var apiVersion: APIVersion
    /// The version asked for when nothing says which (the org falls back from it if need be).
    public static let defaultAPIVersion = APIVersion(66, 0)
    /// How long one request may take, from sending to the last byte of the answer.
    public var timeout: Duration
    /// Headers sent with every request (a request's own headers win).
    public var defaultHeaders: HTTPFields
    /// Parallel (the default) or strictly one at a time in the order sent.
    public var dispatch: RestDispatchMode
    /// Asked before anything is sent; `false` fails the request with `.blockedByGate`.
    public var shouldMakeRequest: (@Sendable (RestRequest) -> Bool)?
    /// Called once for every request that succeeds, before its caller hears of it.
    public var onSuccess: (@Sendable (RestRequest, RestResponse) -> Void)?
    /// Called once for every request that fails, before its caller hears of it.
    public var onFailure: (@Sendable (RestRequest, RestClientError) -> Void)?
    /// How reads are sent again after a transient failure (writes never are).
    public var retryPolicy: RetryPolicy
    /// Called before each retry of a read, e.g. to log it.
    public var onRetry: (@Sendable (RestRequest, RestRetry) -> Void)?

    public init(
        instanceURL: URL, accessToken: String, refresh: RefreshSettings? = nil,
        tokenProvider: (any TokenProvider)? = nil,
        apiVersion: APIVersion = RestClientConfiguration.defaultAPIVersion, timeout: Duration = .seconds(60),
        defaultHeaders: HTTPFields = [:],
        dispatch: RestDispatchMode = .parallel, shouldMakeRequest: (@Sendable (RestRequest) -> Bool)? = nil,
        onSuccess: (@Sendable (RestRequest, RestResponse) -> Void)? = nil,
        onFailure: (@Sendable (RestRequest, RestClientError) -> Void)? = nil,
        retryPolicy: RetryPolicy = .standard, onRetry: (@Sendable (RestRequest, RestRetry) -> Void)? = nil
    ) {
        self.instanceURL = instanceURL
        self.accessToken = accessToken
        self.refresh = refresh
        self.tokenProvider = tokenProvider
        self.apiVersion = apiVersion
        self.timeout = timeout
        self.defaultHeaders = defaultHeaders
        self.dispatch = dispatch
        self.shouldMakeRequest = shouldMakeRequest
        self.onSuccess = onSuccess
        self.onFailure = onFailure
        self.retryPolicy = retryPolicy
        self.onRetry = onRetry
    }
}

extension RestClientConfiguration {
    /// What must never appear in a message: the tokens and the client secret.
    var secrets: [String] {
        [accessToken, refresh?.refreshToken, refresh?.clientSecret].compactMap { $0 }
    }
}

/// How a `RestClient` dispatches the requests it is given.
public enum RestDispatchMode: Sendable, Hashable {
    /// Every request goes out as soon as it is sent.
    case parallel
    /// One request at a time, in the order `send` was called (FIFO); the next starts when the
    /// previous has completed (including any session refresh and replay).
    case serial
}
