import Foundation
import JSONKit

/// sObject Collections: up to 200 records deleted, created or updated in one request, under one
/// lock, with one result per record in the request's order. With `allOrNone` every record is
/// checked before any is written: if one fails, none is written, the failed ones carry their own
/// error and the others `ALL_OR_NONE_OPERATION_ROLLED_BACK`. Without it each record stands alone.
/// The single-record rules apply per record (`DELETE_FAILED` for Cases, `ENTITY_IS_DELETED`, …).
extension OrgStore {
    /// The most records one collection request takes, as on Salesforce.
    static let collectionLimit = 200

    /// Deletes the records named by `ids` (any objects); returns the JSON result array.
    func deleteCollection(
        ids: [String], allOrNone: Bool, now: Int64 = WallClock.nowMillis()
    ) throws(APIError) -> [UInt8] {
        try Self.checkCount(ids.count)
        let outcomes = state.withLock { (state: inout State) -> [CollectionOutcome] in
            var gone = Set<RecordKey>()
            let (plans, outcomes) = Self.checked(ids, id: { $0 }) { id throws(APIError) in
                let record = try Self.collectionRecord(id, of: nil, in: state.tables)
                let deleted = try Self.deletion(of: record, in: state.tables, gone: gone)
                gone.formUnion(deleted)
                return deleted
            }
            guard Self.shouldApply(outcomes, allOrNone: allOrNone) else { return outcomes }
            for case let deleted? in plans { Self.applyDeletion(deleted, to: &state, now: now) }
            return outcomes
        }
        return Self.resultBody(outcomes, allOrNone: allOrNone)
    }

    /// Creates the records of a `{"allOrNone": …, "records": [{"attributes": {"type": …}, …}]}` body.
    func createCollection(body: [UInt8], now: Int64) throws(APIError) -> [UInt8] {
        let (allOrNone, records) = try Self.collectionBody(body)
        let parsed = records.map { record -> Result<(SObjectType, Fields), APIError> in
            do throws(APIError) {
                let object = try Self.objectType(of: record)
                if record.keys.contains(where: { $0.lowercased() == "id" }) {
                    throw APIError(status: 400, "INVALID_FIELD", "cannot specify Id in an insert call", fields: [])
                }
                return try .success((object, writtenFields(record, of: object, creating: true)))
            } catch {
                return .failure(error)
            }
        }
        let outcomes = try withTables { (tables) throws(APIError) -> [CollectionOutcome] in
            var outcomes = parsed.map { result -> CollectionOutcome in
                do throws(APIError) {
                    let (object, values) = try result.get()
                    try Self.checkCreate(object, values, in: tables)
                    if duplicateRule { try Self.checkDuplicate(object, row: nil, values, in: tables) }
                    return CollectionOutcome(id: nil, error: nil)
                } catch {
                    return CollectionOutcome(id: nil, error: error)
                }
            }
            guard Self.shouldApply(outcomes, allOrNone: allOrNone) else { return outcomes }
            for index in outcomes.indices where outcomes[index].error == nil {
                guard case .success(let (object, values)) = parsed[index] else { continue }
                outcomes[index].id = Self.applyCreate(object, values, to: tables, now: now)
            }
            return outcomes
        }
        return Self.resultBody(outcomes, allOrNone: allOrNone)
    }

    /// Updates the records of a `{"allOrNone": …, "records": [{"attributes": …, "id": …, …}]}` body.
    func updateCollection(body: [UInt8], now: Int64) throws(APIError) -> [UInt8] {
        let (allOrNone, records) = try Self.collectionBody(body)
        let ids = records.map { record in record.first { $0.key.lowercased() == "id" }?.value as? String }
        let parsed = zip(records, ids).map { record, id -> Result<(SObjectType, String, Fields), APIError> in
            do throws(APIError) {
                let object = try Self.objectType(of: record)
                guard let id, !id.isEmpty else {
                    throw APIError(status: 400, "MISSING_ARGUMENT", "Id not specified in an update call", fields: [])
                }
                let fields = record.filter { $0.key.lowercased() != "id" }
                return try .success((object, id, writtenFields(fields, of: object, creating: false)))
            } catch {
                return .failure(error)
            }
        }
        let outcomes = state.withLock { (state: inout State) -> [CollectionOutcome] in
            let (located, outcomes) = Self.checked(Array(parsed.indices), id: { ids[$0] }) { index throws(APIError) in
                let (object, id, values) = try parsed[index].get()
                let record = try Self.collectionRecord(id, of: object, in: state.tables)
                try Self.checkUpdate(record, values, in: state.tables)
                if duplicateRule { try Self.checkDuplicate(object, row: record.row, values, in: state.tables) }
                return record
            }
            guard Self.shouldApply(outcomes, allOrNone: allOrNone) else { return outcomes }
            for (index, record) in located.enumerated() {
                guard let record, case .success(let (_, _, values)) = parsed[index] else { continue }
                Self.applyUpdate(record, values, to: &state, now: now)
            }
            return outcomes
        }
        return Self.resultBody(outcomes, allOrNone: allOrNone)
    }
}

/// One record's outcome before it is written out: its id (when it has one) and its error.
struct CollectionOutcome: Sendable {
    var id: String?
    var error: APIError?
}

extension OrgStore {
    typealias Fields = [(field: FieldSpec, value: FieldValue)]

    static let exceededIDLimit = APIError(
        status: 400, "EXCEEDED_ID_LIMIT", "record limit reached. cannot submit more than 200 records into this call")
    static let rolledBack = APIError(
        status: 400, "ALL_OR_NONE_OPERATION_ROLLED_BACK",
        "Record rolled back because not all records were valid and the request was using AllOrNone header",
        fields: [])

    static func checkCount(_ count: Int) throws(APIError) {
        guard count <= collectionLimit else { throw exceededIDLimit }
    }

    /// Each item checked in the request's order: its plan, or nil and the error that refuses it,
    /// with an outcome naming the item's `id`.
    static func checked<Item, Plan>(
        _ items: [Item], id: (Item) -> String?, _ check: (Item) throws(APIError) -> Plan
    ) -> (plans: [Plan?], outcomes: [CollectionOutcome]) {
        var plans = [Plan?]()
        var outcomes = [CollectionOutcome]()
        for item in items {
            do throws(APIError) {
                plans.append(try check(item))
                outcomes.append(CollectionOutcome(id: id(item), error: nil))
            } catch {
                plans.append(nil)
                outcomes.append(CollectionOutcome(id: id(item), error: error))
            }
        }
        return (plans, outcomes)
    }

    /// Whether the checked records are written: always without `allOrNone`, else only when none failed.
    static func shouldApply(_ outcomes: [CollectionOutcome], allOrNone: Bool) -> Bool {
        !allOrNone || outcomes.allSatisfy { $0.error == nil }
    }

    /// The record an id of a collection request names, of `object` when the request says which.
    static func collectionRecord(
        _ id: String, of object: SObjectType?, in tables: OrgTables
    ) throws(APIError)
        -> RecordKey
    {
        guard SalesforceID.isWellFormed(id) else {
            throw APIError(status: 400, "MALFORMED_ID", "malformed id " + id, fields: [])
        }
        guard let (prefix, _) = SalesforceID.parse(id), let owner = SObjectType(keyPrefix: prefix),
            object == nil || object == owner, let row = tables.row(of: owner, id: id)
        else {
            throw APIError(status: 400, "INVALID_CROSS_REFERENCE_KEY", "invalid cross reference id", fields: [])
        }
        return RecordKey(object: owner, row: row)
    }

    /// The `allOrNone` flag and the records of a POST or PATCH body.
    static func collectionBody(_ body: [UInt8]) throws(APIError) -> (allOrNone: Bool, records: [[String: Any]]) {
        guard let root = try parseJSON(body) as? [String: Any], let list = root["records"] as? [Any] else {
            throw APIError(
                status: 400, "JSON_PARSER_ERROR", "The request body must be an object with a records array")
        }
        try checkCount(list.count)
        guard let records = list as? [[String: Any]] else {
            throw APIError(status: 400, "JSON_PARSER_ERROR", "Each record must be a JSON object")
        }
        return ((root["allOrNone"] as? NSNumber)?.boolValue ?? false, records)
    }

    /// The object a record's `attributes.type` names.
    static func objectType(of record: [String: Any]) throws(APIError) -> SObjectType {
        guard let attributes = record["attributes"] as? [String: Any], let name = attributes["type"] as? String
        else {
            throw APIError(status: 400, "INVALID_TYPE", "Must send a concrete entity type.", fields: [])
        }
        guard let object = SObjectType(named: name) else {
            throw APIError(status: 400, "INVALID_TYPE", "sObject type '" + name + "' is not supported.", fields: [])
        }
        return object
    }

    /// `[{"id": …, "success": …, "errors": [{"statusCode", "message", "fields"}]}]`; with
    /// `allOrNone` and a failure, the records that passed are reported rolled back.
    static func resultBody(_ outcomes: [CollectionOutcome], allOrNone: Bool) -> [UInt8] {
        let rollBack = !shouldApply(outcomes, allOrNone: allOrNone)
        var writer = JSONWriter()
        writer.beginArray()
        for outcome in outcomes {
            let error = outcome.error ?? (rollBack ? rolledBack : nil)
            writer.beginObject()
            if let id = outcome.id { writer.pair("id", id) }
            writer.pair("success", error == nil)
            writer.key("errors")
            writer.beginArray()
            if let error {
                writer.beginObject()
                writer.pair("statusCode", error.errorCode)
                writer.pair("message", error.message)
                writer.key("fields")
                writer.beginArray()
                for field in error.fields ?? [] { writer.string(field) }
                writer.endArray()
                writer.endObject()
            }
            writer.endArray()
            writer.endObject()
        }
        writer.endArray()
        return writer.bytes
    }
}
