extension RestClient {
    /// Sends `request` as `send` does, and hands a 200 answer back as soon as its head arrives
    /// (`RestBodyReader.head`), its body to be read as it arrives (`RestBodyReader.next()`): for an answer too large to hold
    /// whole, such as a Bulk API 2.0 job's results. Everything before the body (the session's
    /// refresh, retries of a read, redirects, an error answer and any other status, which are
    /// read whole) is as `send` does it; once the body is being read, a failure is the reader's
    /// to report, never retried. The request's timeout covers the head; the body has none, but
    /// the reader's wait for each chunk is `stallLimit` at most. Under `--serial`
    /// (`RestClientConfiguration.dispatch`), the request's turn ends with its head.
    public func stream(
        _ request: RestRequest, stallLimit: Duration = RestBodyReader.defaultStallLimit
    ) async throws(RestClientError) -> RestBodyReader {
        var streaming = request
        streaming.streamsBody = true
        return RestBodyReader(try await send(streaming), stallLimit: stallLimit)
    }
}
