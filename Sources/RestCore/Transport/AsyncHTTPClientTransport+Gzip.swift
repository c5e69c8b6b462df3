import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

extension AsyncHTTPClientTransport {
    /// `true` when the answer says it is gzip (`Content-Encoding: gzip`, or the old `x-gzip`).
    static func isGzip(_ headers: HTTPHeaders) -> Bool {
        headers["content-encoding"].contains { value in
            let coding = value.trimmingCharacters(in: .whitespaces).lowercased()
            return coding == "gzip" || coding == "x-gzip"
        }
    }

    /// A gzip body's compressed bytes, at most `maximumBytes` of them: gzip hardly ever makes a
    /// body larger, so more than that is a decoded body above the limit, and is told as one.
    ///
    /// When the body's deflate stream starts with a stored block (a server may send a page's head
    /// ahead of the rest that way), its bytes are shown to `observer` as they arrive, as a plain
    /// body's are; `headSeen` is `true` once the observer had what it needs.
    static func collectGzip(
        _ body: HTTPClientResponse.Body, upTo maximumBytes: Int, host: String, observing observer: BodyHeadObserver?
    ) async throws -> (compressed: ByteBuffer, headSeen: Bool) {
        var collected = ByteBuffer()
        var observing = observer != nil
        var headSeen = false
        var shown = 0
        for try await var piece in body {
            guard collected.readableBytes + piece.readableBytes <= maximumBytes else {
                throw RestClientError.transportFailed(host: host, reason: Self.decodedTooLarge)
            }
            collected.writeBuffer(&piece)
            guard observing, let observer else { continue }
            collected.withUnsafeReadableBytes { bytes in
                switch GzipDecoder.head(bytes) {
                case .incomplete: break
                case .none: observing = false
                case .stored(let range, let complete):
                    let range = range.prefix(BodyHeadObserver.maximumHeadBytes)
                    if range.count > shown {
                        shown = range.count
                        headSeen = observer.observe(.init(rebasing: bytes[range]))
                    }
                    observing = !headSeen && !complete && shown < BodyHeadObserver.maximumHeadBytes
                }
            }
        }
        return (collected, headSeen)
    }

    static let decodedTooLarge = "the decoded answer is larger than the size limit"

    /// A whole gzip body decoded, or one sentence on why it cannot be.
    static func decodeGzip(
        _ compressed: ByteBuffer, upTo maximumBytes: Int, host: String
    ) throws(RestClientError)
        -> [UInt8]
    {
        guard compressed.readableBytes > 0 else { return [] }
        do throws(GzipDecoder.Failure) {
            return try GzipDecoder.decode(compressed, limit: maximumBytes)
        } catch {
            switch error {
            case .tooLarge: throw .transportFailed(host: host, reason: Self.decodedTooLarge)
            case .corrupt:
                throw .transportFailed(host: host, reason: "the answer's gzip encoding is damaged or cut short")
            }
        }
    }
}
