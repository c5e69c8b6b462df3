extension RestClient {
    /// Hands the session's current access token (the renewed one after a renewal) to `digest`
    /// and returns only what it makes of it, so that a caller can key data by a digest of the
    /// token without ever holding the token.
    public func digestOfAccessToken<Digest>(_ digest: (String) -> Digest) -> Digest {
        digest(session.configuration.accessToken)
    }
}
