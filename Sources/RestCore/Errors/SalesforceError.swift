/// One element of the error array Salesforce returns with a failed call:
/// `[{"message": "...", "errorCode": "...", "fields": [...]}]`.
public struct SalesforceError: Sendable, Hashable, Codable {
    public var message: String
    public var errorCode: String
    public var fields: [String]?

    public init(message: String, errorCode: String, fields: [String]? = nil) {
        self.message = message
        self.errorCode = errorCode
        self.fields = fields
    }
}
