/// How a read is sent again after a transient failure: capped exponential back-off with full
/// jitter (a random wait between zero and `min(maximumDelay, baseDelay × 2ⁿ⁻¹)` before the
/// n-th retry), or the server's own `Retry-After` when it gives one. Writes are never retried.
public struct RetryPolicy: Sendable {
    /// How many times one read may be sent again (0 turns retries off).
    public var maximumRetries: Int
    public var baseDelay: Duration
    public var maximumDelay: Duration
    /// A number in `0..<1` for each wait; tests pass a fixed one to make the waits known.
    public var random: @Sendable () -> Double

    public init(
        maximumRetries: Int = 4, baseDelay: Duration = .milliseconds(200), maximumDelay: Duration = .seconds(5),
        random: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) }
    ) {
        self.maximumRetries = maximumRetries
        self.baseDelay = baseDelay
        self.maximumDelay = maximumDelay
        self.random = random
    }

    /// Four retries from 200 ms, each wait at most 5 s.
    public static let standard = RetryPolicy()
    /// Every failure is reported at once.
    public static let never = RetryPolicy(maximumRetries: 0)

    /// The wait before retry `number` (1 for the first): `retryAfter` when the server asked
    /// for one, else the jittered back-off.
    func delay(beforeRetry number: Int, retryAfter: Duration?) -> Duration {
        if let retryAfter { return retryAfter }
        let growth = Double(1 << min(max(number - 1, 0), 30))
        let ceiling = min(maximumDelay / .seconds(1), baseDelay / .seconds(1) * growth)
        return .seconds(ceiling * min(max(random(), 0), 1))
    }
}

/// One retry about to happen, as `RestClientConfiguration.onRetry` hears of it.
public struct RestRetry: Sendable {
    /// 1 for the first retry of a request.
    public var number: Int
    /// How long the client waits before sending again.
    public var delay: Duration
    /// The failure that is being retried.
    public var error: RestClientError
}
