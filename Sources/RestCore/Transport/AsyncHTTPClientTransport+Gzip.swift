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
    static func collectGzip(
        _ body: HTTPClientResponse.Body, upTo maximumBytes: Int, host: String
    ) async throws
        -> ByteBuffer
    {
        do {
            return try await body.collect(upTo: maximumBytes)
        } catch is NIOTooManyBytesError {
            throw RestClientError.transportFailed(host: host, reason: Self.decodedTooLarge)
        }
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
            throw failure(error, host: host)
        }
    }

    /// Why a gzip body could not be decoded, as a transport failure.
    static func failure(_ error: GzipDecoder.Failure, host: String) -> RestClientError {
        switch error {
        case .tooLarge: .transportFailed(host: host, reason: Self.decodedTooLarge)
        case .corrupt: .transportFailed(host: host, reason: "the answer's gzip encoding is damaged or cut short")
        }
    }
}
