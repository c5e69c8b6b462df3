/// One id's outcome of the SOAP API's `undelete`: its id when restored, whether it was, and the
/// org's errors when not (`UNDELETE_FAILED`, `ENTITY_IS_DELETED`, …, as `SalesforceError`s, the
/// SOAP `statusCode` as `errorCode`).
public struct UndeleteResult: Sendable, Hashable {
    public var id: String?
    public var success: Bool
    public var errors: [SalesforceError]

    public init(id: String?, success: Bool, errors: [SalesforceError]) {
        self.id = id
        self.success = success
        self.errors = errors
    }
}
