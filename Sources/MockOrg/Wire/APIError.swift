import JSONKit
import SOQL

/// An error response in Salesforce's form: an HTTP status and `[{"message", "errorCode", "fields"?}]`.
struct APIError: Error, Sendable {
    /// The HTTP status code.
    let statusCode: Int
    let errorCode: String
    let message: String
    let fields: [String]?
    /// The live records a `DUPLICATES_DETECTED` matched: written as the error's `duplicateResult`.
    var duplicates: (object: SObjectType, ids: [String])?

    init(status: Int, _ errorCode: String, _ message: String, fields: [String]? = nil) {
        self.statusCode = status
        self.errorCode = errorCode
        self.message = message
        self.fields = fields
    }

    init(_ error: SOQLError) {
        self.init(status: 400, error.errorCode, error.message)
    }

    var body: [UInt8] {
        var writer = JSONWriter()
        writer.beginArray()
        writer.beginObject()
        writer.pair("message", message)
        writer.pair("errorCode", errorCode)
        if let fields {
            writer.key("fields")
            writer.beginArray()
            for field in fields { writer.string(field) }
            writer.endArray()
        }
        if let duplicates {
            Self.writeDuplicateResult(duplicates.object, ids: duplicates.ids, message: message, into: &writer)
        }
        writer.endObject()
        writer.endArray()
        return writer.bytes
    }

    /// `duplicateResult` as the REST API sends it with `DUPLICATES_DETECTED`: the rule, and one
    /// match result listing the matched records.
    private static func writeDuplicateResult(
        _ object: SObjectType, ids: [String], message: String, into writer: inout JSONWriter
    ) {
        writer.key("duplicateResult")
        writer.beginObject()
        writer.pair("allowSave", false)
        writer.pair("duplicateRule", "Standard_Rule_for_" + object.labelPlural)
        writer.pair("duplicateRuleEntityType", object.name)
        writer.pair("errorMessage", message)
        writer.key("matchResults")
        writer.beginArray()
        writer.beginObject()
        writer.pair("entityType", object.name)
        writer.key("errors")
        writer.beginArray()
        writer.endArray()
        writer.pair("matchEngine", "ExactMatchEngine")
        writer.key("matchRecords")
        writer.beginArray()
        for id in ids {
            writer.beginObject()
            writer.key("additionalInformation")
            writer.beginArray()
            writer.endArray()
            writer.key("fieldDiffs")
            writer.beginArray()
            writer.endArray()
            writer.key("matchConfidence")
            writer.number(100.0)
            writer.key("record")
            writer.beginObject()
            writer.key("attributes")
            writer.beginObject()
            writer.pair("type", object.name)
            writer.endObject()
            writer.pair("Id", id)
            writer.endObject()
            writer.endObject()
        }
        writer.endArray()
        writer.pair("rule", "Standard_" + object.name + "_Match_Rule_v1_1")
        writer.pair("size", ids.count)
        writer.pair("success", true)
        writer.endObject()
        writer.endArray()
        writer.endObject()
    }

    static let invalidSession = APIError(status: 401, "INVALID_SESSION_ID", "Session expired or invalid")
    static let notFound = APIError(status: 404, "NOT_FOUND", "The requested resource does not exist")
    // DML errors carry `fields`, empty when no field is at fault; query and request errors do not.
    static let entityIsDeleted = APIError(status: 404, "ENTITY_IS_DELETED", "entity is deleted", fields: [])
    static let unableToLockRow = APIError(
        status: 400, "UNABLE_TO_LOCK_ROW", "unable to obtain exclusive access to this record or 1 records",
        fields: [])
    static let invalidQueryLocator = APIError(status: 400, "INVALID_QUERY_LOCATOR", "invalid query locator")
    static let requestLimitExceeded = APIError(
        status: 403, "REQUEST_LIMIT_EXCEEDED", "TotalRequests Limit exceeded.")
    static let unknownException = APIError(
        status: 500, "UNKNOWN_EXCEPTION",
        "An unexpected error occurred. Please include this ErrorId if you contact support")
    static let serverUnavailable = APIError(
        status: 503, "SERVER_UNAVAILABLE", "Server temporarily unavailable. Please try again later.")

    /// 304 for a GET whose record has not changed since `If-Modified-Since`: sent with no body.
    static let notModified = APIError(status: 304, "NOT_MODIFIED", "")

    /// 412 for a PATCH whose record changed after `If-Unmodified-Since`. Salesforce documents the
    /// status but not the body; this org's choice is the usual error array, naming when the record
    /// last changed:
    /// `[{"message":"The record was modified after If-Unmodified-Since; its LastModifiedDate is
    /// 2024-05-01T10:00:00.000+0000","errorCode":"PRECONDITION_FAILED","fields":[]}]`. Clients
    /// should rely on the status alone.
    static func preconditionFailed(lastModified: Int64) -> APIError {
        APIError(
            status: 412, "PRECONDITION_FAILED",
            "The record was modified after If-Unmodified-Since; its LastModifiedDate is "
                + DateText.dateTime(millis: lastModified), fields: [])
    }

    static func methodNotAllowed(_ method: String, allowed: [String]) -> APIError {
        APIError(
            status: 405, "METHOD_NOT_ALLOWED",
            "HTTP Method '" + method + "' not allowed. Allowed are " + allowed.joined(separator: ","))
    }

    /// A write to an object this org keeps read-only (its users); `verb` is "inserted", "updated" or "deleted".
    static func readOnlyObject(_ object: SObjectType, _ verb: String) -> APIError {
        APIError(
            status: 400, "INVALID_TYPE_FOR_OPERATION", "entity type cannot be " + verb + ": " + object.name, fields: [])
    }

    static func malformedID(_ object: SObjectType, _ id: String) -> APIError {
        APIError(status: 400, "MALFORMED_ID", object.name + " ID: id value of incorrect type: " + id, fields: ["Id"])
    }
}
