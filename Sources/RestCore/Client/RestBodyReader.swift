import AsyncHTTPClient
import NIOCore

/// A 200 answer's body, read as it arrives and decoded (`RestClient.stream`): however long the
/// body, only the chunk in hand and the next one are held, and the connection reads no further
/// ahead than the reader asks. A transport that returned the body whole hands it over as one chunk.
///
/// The connection is read, and gzip decoded, on a task of its own, which hands each chunk over
/// (`ChunkHandoff`) while the reader works on the one before. Only the reader's wait for the next
/// chunk counts against `stallLimit`: a reader may pause for as long as it likes (`list --bulk |
/// less` left on one page), and a connection that brings nothing for that long fails the read
/// (`.timedOut`). Cancelling the reading task ends the read (`.cancelled`); a failed read fails again.
public struct RestBodyReader: ~Copyable {
    private enum Source {
        case whole([UInt8])
        case arriving(ChunkHandoff)
        case ended
        case failed(RestClientError)
    }

    /// How long the reader may wait for the next chunk by default.
    public static let defaultStallLimit = Duration.seconds(300)

    /// The answer's status and headers (its `body` is empty: it is read here).
    public let head: RestResponse
    private var source: Source
    private let stallLimit: Duration
    /// The task that reads the connection, cancelled when the reader is done with the body.
    private let producer: Task<Void, Never>?

    init(_ response: RestResponse, stallLimit: Duration = RestBodyReader.defaultStallLimit) {
        head = RestResponse(status: response.status, headers: response.headers, body: [])
        self.stallLimit = stallLimit
        if let arriving = response.arrivingBody {
            let handoff = ChunkHandoff()
            source = .arriving(handoff)
            producer = Task { await Self.produce(arriving, into: handoff) }
        } else {
            source = response.body.isEmpty ? .ended : .whole(response.body)
            producer = nil
        }
    }

    deinit {
        producer?.cancel()
        if case .arriving(let handoff) = source { handoff.close() }
    }

    /// The body's next bytes, never empty; nil once it has ended whole.
    public mutating func next() async throws(RestClientError) -> [UInt8]? {
        switch source {
        case .ended:
            return nil
        case .failed(let error):
            throw error
        case .whole(let body):
            source = .ended
            return body
        case .arriving(let handoff):
            let failure: RestClientError
            switch await handoff.take(within: stallLimit) {
            case .success(.chunk(let bytes)): return bytes
            case .success(.end):
                source = .ended
                return nil
            case .success(.failure(let error)): failure = error
            case .failure(.cancelled): failure = .cancelled
            case .failure(.timedOut):
                producer?.cancel()
                failure = .timedOut
            }
            handoff.close()
            source = .failed(failure)
            throw failure
        }
    }

    /// Reads the connection and hands each decoded chunk over, then the end or the failure.
    private static func produce(_ arriving: ArrivingBody, into handoff: ChunkHandoff) async {
        var chunks = arriving.chunks.makeAsyncIterator()
        let gzip = arriving.isGzip ? GzipStream(limit: .max) : nil
        let host = arriving.host
        do {
            while true {
                guard let chunk = try await chunks.next() else { break }
                if Task.isCancelled { return }
                var decoded: [UInt8]
                if let gzip {
                    decoded = []
                    do throws(GzipDecoder.Failure) {
                        try gzip.decode(chunk, into: &decoded)
                    } catch {
                        _ = await handoff.give(.failure(AsyncHTTPClientTransport.failure(error, host: host)))
                        return
                    }
                    if decoded.isEmpty { continue }
                } else {
                    decoded = Array(chunk.readableBytesView)
                }
                guard await handoff.give(.chunk(decoded)) else { return }
            }
        } catch {
            _ = await handoff.give(.failure(AsyncHTTPClientTransport.classify(error, host: host)))
            return
        }
        // A cancelled read ends its body early: not a whole body.
        if Task.isCancelled { return }
        do throws(GzipDecoder.Failure) {
            try gzip?.finish()
        } catch {
            _ = await handoff.give(.failure(AsyncHTTPClientTransport.failure(error, host: host)))
            return
        }
        _ = await handoff.give(.end)
    }
}
