import HTTPTypes
import Hummingbird
import JSONKit

/// An OAuth endpoint's refusal: 400 with `{"error", "error_description"}`, the shape OAuth uses
/// instead of Salesforce's error array.
struct OAuthError: HTTPResponseError {
    let error: String
    let description: String

    init(_ error: String, _ description: String) {
        self.error = error
        self.description = description
    }

    var status: HTTPResponse.Status { HTTPResponse.Status(code: 400) }

    func response(from request: Request, context: some RequestContext) throws -> Response {
        var writer = JSONWriter()
        writer.beginObject()
        writer.pair("error", error)
        writer.pair("error_description", description)
        writer.endObject()
        return .json(writer.bytes, status: status)
    }
}
