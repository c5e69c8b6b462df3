import AsyncHTTPClient
import NIOCore

/// A 200 answer's body, read as it arrives and decoded (`RestClient.stream`): however long the
/// body, only the chunk in hand is held, and the connection reads no further ahead than the
/// reader asks. A transport that returned the body whole hands it over as one chunk.
///
/// The body has no time limit: a reader may pause for as long as it likes (`list --bulk | less`
/// left on one page), which a limit on the connection's silence could not tell from a stalled
/// org. Cancelling the reading task ends the read (`.cancelled`); a failed read fails again.
public struct RestBodyReader: ~Copyable {
    private enum Source {
        case whole([UInt8])
        case arriving(HTTPClientResponse.Body.AsyncIterator, gzip: GzipStream?, host: String)
        case ended
        case failed(RestClientError)
    }

    /// The answer's status and headers (its `body` is empty: it is read here).
    public let head: RestResponse
    private var source: Source

    init(_ response: RestResponse) {
        head = RestResponse(status: response.status, headers: response.headers, body: [])
        if let arriving = response.arrivingBody {
            source = .arriving(
                arriving.chunks.makeAsyncIterator(), gzip: arriving.isGzip ? GzipStream(limit: .max) : nil,
                host: arriving.host)
        } else {
            source = response.body.isEmpty ? .ended : .whole(response.body)
        }
    }

    /// The body's next bytes, never empty; nil once it has ended whole.
    public mutating func next() async throws(RestClientError) -> [UInt8]? {
        do throws(RestClientError) {
            return try await read()
        } catch {
            source = .failed(error)
            throw error
        }
    }

    private mutating func read() async throws(RestClientError) -> [UInt8]? {
        let current = source
        switch current {
        case .ended:
            return nil
        case .failed(let error):
            throw error
        case .whole(let body):
            source = .ended
            return body
        case .arriving(var chunks, let gzip, let host):
            source = .ended
            while true {
                let chunk: ByteBuffer?
                do {
                    chunk = try await chunks.next()
                } catch {
                    throw AsyncHTTPClientTransport.classify(error, host: host)
                }
                if Task.isCancelled { throw .cancelled }
                guard let chunk else {
                    do throws(GzipDecoder.Failure) {
                        try gzip?.finish()
                    } catch {
                        throw AsyncHTTPClientTransport.failure(error, host: host)
                    }
                    return nil
                }
                guard let gzip else {
                    source = .arriving(chunks, gzip: nil, host: host)
                    return Array(chunk.readableBytesView)
                }
                var decoded: [UInt8] = []
                do throws(GzipDecoder.Failure) {
                    try gzip.decode(chunk, into: &decoded)
                } catch {
                    throw AsyncHTTPClientTransport.failure(error, host: host)
                }
                if !decoded.isEmpty {
                    source = .arriving(chunks, gzip: gzip, host: host)
                    return decoded
                }
            }
        }
    }
}
