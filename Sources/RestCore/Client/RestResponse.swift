import Foundation
import HTTPTypes

/// The answer to a request: status, headers and the whole body.
public struct RestResponse: Sendable {
    public let status: Int
    public let headers: HTTPFields
    public let body: [UInt8]
    /// The body still arriving, when the request asked for it so (`RestClient.stream`) and the
    /// transport hands it over so; `body` is then empty.
    let arrivingBody: ArrivingBody?

    public init(status: Int, headers: HTTPFields, body: [UInt8]) {
        self.init(status: status, headers: headers, body: body, arrivingBody: nil)
    }

    init(status: Int, headers: HTTPFields, body: [UInt8], arrivingBody: ArrivingBody?) {
        self.status = status
        self.headers = headers
        self.body = body
        self.arrivingBody = arrivingBody
    }

    /// The body parsed as JSON: `[String: Any]` when the root is an object, `[Any]` when it is an array.
    public func asJSON() throws(RestClientError) -> Any {
        guard !body.isEmpty else { throw .apiResponseIsEmpty }
        do {
            return try JSONSerialization.jsonObject(with: Data(body), options: [.fragmentsAllowed])
        } catch {
            throw .jsonSerialization(String(describing: error))
        }
    }

    /// The body as UTF-8 text (invalid bytes replaced).
    public func asString() -> String {
        String(decoding: body, as: UTF8.self)
    }

    /// The body decoded as `T`.
    public func decode<T: Decodable>(_ type: T.Type) throws(RestClientError) -> T {
        guard !body.isEmpty else { throw .apiResponseIsEmpty }
        // JSON values and query pages of them take the fast parser.
        if T.self == JSONValue.self {
            return try asJSONValue() as! T
        }
        if T.self == QueryResult.self {
            return try QueryResult(json: asJSONValue()) as! T
        }
        do {
            return try JSONDecoder().decode(T.self, from: Data(body))
        } catch let error as DecodingError {
            throw Self.classify(error)
        } catch {
            throw .decodingFailed(String(describing: error))
        }
    }

    /// Text that is not JSON at all is a serialization error; JSON of the wrong shape is a decoding error.
    private static func classify(_ error: DecodingError) -> RestClientError {
        switch error {
        case .dataCorrupted(let context) where context.codingPath.isEmpty:
            return .jsonSerialization(context.debugDescription)
        case .dataCorrupted(let context), .keyNotFound(_, let context), .typeMismatch(_, let context),
            .valueNotFound(_, let context):
            let path = context.codingPath.map(\.stringValue).joined(separator: ".")
            return .decodingFailed(path.isEmpty ? context.debugDescription : "\(path): \(context.debugDescription)")
        @unknown default:
            return .decodingFailed(String(describing: error))
        }
    }
}

extension RestResponse {
    /// The body parsed as a `JSONValue` (a fast parser made for query pages).
    public func asJSONValue() throws(RestClientError) -> JSONValue {
        guard !body.isEmpty else { throw .apiResponseIsEmpty }
        do {
            return try JSONParser.parse(body)
        } catch {
            throw .jsonSerialization(error.description)
        }
    }
}
