import HTTPTypes
import JSONKit

/// The Composite resource (`…/composite`): several requests sent as one, in order, and counted
/// as one API call. Named as the Mobile SDK names it (`compositeRequest(requests:refIds:allOrNone:apiVersion:)`).
extension RestClient {
    /// The first API version with the Composite resource.
    public static let compositeVersion = APIVersion(38)
    /// The most subrequests one composite takes.
    public static let compositeLimit = 25

    /// `POST …/composite`: `requests` run in order, each answering under the reference id of
    /// the same place in `refIds` (letters, digits and underscores), read with
    /// `CompositeResponse`. With `allOrNone`, a failure rolls the whole request back. A later
    /// request may name an earlier answer as `@{refId.path}` in its path or body; a body must be
    /// JSON. More than
    /// `compositeLimit` requests, or as many reference ids as requests, is refused by `send`.
    public func compositeRequest(
        _ requests: [RestRequest], refIds: [String], allOrNone: Bool, apiVersion: APIVersion? = nil
    ) -> RestRequest {
        var body = JSONWriter()
        body.beginObject()
        body.pair("allOrNone", allOrNone)
        body.key("compositeRequest")
        body.beginArray()
        for (request, refId) in zip(requests, refIds) {
            body.beginObject()
            body.pair("method", request.method.rawValue)
            body.pair("url", Self.target(of: request))
            body.pair("referenceId", refId)
            if let json = request.body {
                body.key("body")
                body.raw(json)
            }
            let headers = request.headers.filter { $0.name != .contentType }
            if !headers.isEmpty {
                body.key("httpHeaders")
                body.beginObject()
                for field in headers { body.pair(field.name.rawName, field.value) }
                body.endObject()
            }
            body.endObject()
        }
        body.endArray()
        body.endObject()
        var composite = RestRequest(
            method: .POST, path: dataPath(apiVersion) + "/composite", headers: [.contentType: "application/json"],
            body: body.bytes)
        if requests.count != refIds.count {
            composite.invalidReason = "a composite request needs one reference id for each of its requests."
        } else if requests.isEmpty || requests.count > Self.compositeLimit {
            composite.invalidReason = "a composite request takes 1 to \(Self.compositeLimit) requests."
        } else if let invalid = requests.lazy.compactMap(\.invalidReason).first {
            composite.invalidReason = invalid
        }
        return composite
    }
}
