import HTTPTypes
import Hummingbird

/// A thrown `APIError` becomes its JSON array with its status, wherever a route or middleware throws it.
extension APIError: HTTPResponseError {
    var status: HTTPResponse.Status { HTTPResponse.Status(code: statusCode) }

    func response(from request: Request, context: some RequestContext) throws -> Response {
        statusCode == 304 ? Response(status: .notModified) : .json(body, status: status)
    }
}
