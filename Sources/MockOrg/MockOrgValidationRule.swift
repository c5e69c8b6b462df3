/// A validation rule of the mock org, as an admin would write one in Setup: a write that sets
/// `field` of `objectType` to a value containing `rejectedText` fails with 400
/// `FIELD_CUSTOM_VALIDATION_EXCEPTION` and `message`, nothing applied.
public struct MockOrgValidationRule: Sendable, Hashable {
    public var objectType: String
    public var field: String
    public var rejectedText: String
    public var message: String

    public init(objectType: String, field: String, rejectedText: String, message: String) {
        self.objectType = objectType
        self.field = field
        self.rejectedText = rejectedText
        self.message = message
    }
}
