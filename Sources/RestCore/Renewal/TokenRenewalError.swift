/// Why no new token could be had: one sentence that says how to sign in again.
public struct TokenRenewalError: Error, Sendable, Hashable, CustomStringConvertible {
    public var message: String
    /// An answer that said no (not a lost answer, a 5xx or a 429): later 401s with the same
    /// token fail at once. Anything else is transient: retried with the read back-off, and
    /// asked again at the next 401.
    public var isRefusal: Bool

    public init(message: String, isRefusal: Bool) {
        self.message = message
        self.isRefusal = isRefusal
    }

    public var description: String { message }
}
