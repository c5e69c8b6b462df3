import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// The org's responses: a JSON body with Salesforce's content type, or none.
extension Response {
    static let jsonContentType = "application/json;charset=UTF-8"

    /// A JSON body sent as it is, without a copy.
    static func json(_ buffer: ByteBuffer, status: HTTPResponse.Status = HTTPResponse.Status(code: 200)) -> Response {
        Response(
            status: status, headers: [.contentType: jsonContentType], body: ResponseBody(byteBuffer: buffer))
    }

    static func json(_ bytes: [UInt8], status: HTTPResponse.Status = HTTPResponse.Status(code: 200)) -> Response {
        json(ByteBuffer(bytes: bytes), status: status)
    }

    static var noContent: Response { Response(status: .noContent) }
}
