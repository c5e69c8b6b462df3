import AsyncHTTPClient

/// An answer's body that is still arriving, as the transport hands it over for `RestBodyReader`:
/// async-http-client's stream, which reads no further than its reader asks.
struct ArrivingBody: Sendable {
    let chunks: HTTPClientResponse.Body
    /// Whether the body is gzip, to be decoded as it arrives (`GzipStream`).
    let isGzip: Bool
    /// The host to name in a failure.
    let host: String
}
