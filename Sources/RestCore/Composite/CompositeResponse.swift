/// The answer of a Composite request (`compositeRequest(_:refIds:allOrNone:apiVersion:)`): one
/// `CompositeSubResponse` per request, in order. Named as the Mobile SDK names them.
public struct CompositeResponse: Sendable {
    public let subResponses: [CompositeSubResponse]

    /// Reads the composite's JSON; nil when it is not a composite's answer.
    public init?(_ json: JSONValue) {
        guard let entries = json["compositeResponse"]?.arrayValue else { return nil }
        var subResponses: [CompositeSubResponse] = []
        for entry in entries {
            guard let sub = CompositeSubResponse(entry) else { return nil }
            subResponses.append(sub)
        }
        self.subResponses = subResponses
    }
}

/// One request's answer inside a composite's.
public struct CompositeSubResponse: Sendable {
    /// The answer's body: what the request alone would have answered (an error array on failure).
    public let body: JSONValue
    public let httpHeaders: [String: String]
    public let httpStatusCode: Int
    public let referenceId: String

    init?(_ json: JSONValue) {
        guard let referenceId = json["referenceId"]?.stringValue,
            let status = json["httpStatusCode"]?.stringValue.flatMap({ Int($0) })
        else { return nil }
        self.referenceId = referenceId
        httpStatusCode = status
        body = json["body"] ?? .null
        httpHeaders = json["httpHeaders"]?.objectValue?.compactMapValues(\.stringValue) ?? [:]
    }
}
