/// One record's outcome in an sObject Collections answer, which lists one per record in the
/// request's order: `{"id": "003…", "success": false, "errors": [{"statusCode", "message", "fields"}]}`.
/// `id` is absent for a record that could not be created.
public struct CollectionResult: Sendable, Hashable, Codable {
    public var id: String?
    public var success: Bool
    public var errors: [CollectionError]

    public init(id: String?, success: Bool, errors: [CollectionError] = []) {
        self.id = id
        self.success = success
        self.errors = errors
    }

    /// Whether the record was already deleted, which a delete counts as done.
    public var isAlreadyDeleted: Bool {
        errors.contains { $0.statusCode == "ENTITY_IS_DELETED" }
    }

    /// Whether the record failed only because another record of an all-or-none request did.
    public var isRolledBack: Bool {
        !errors.isEmpty && errors.allSatisfy { $0.statusCode == "ALL_OR_NONE_OPERATION_ROLLED_BACK" }
    }
}

/// Why one record of a collection request failed; Salesforce names the code `statusCode` here,
/// where a whole failed call says `errorCode`.
public struct CollectionError: Sendable, Hashable, Codable {
    public var statusCode: String
    public var message: String
    public var fields: [String]

    public init(statusCode: String, message: String, fields: [String] = []) {
        self.statusCode = statusCode
        self.message = message
        self.fields = fields
    }
}
