import Foundation

/// sObject Collections: one request deletes, creates or updates up to 200 records, and the answer
/// is a `[CollectionResult]` in the request's order (`response.decode([CollectionResult].self)`).
/// More than 200 records is refused before sending (`send` reports it): the caller splits the list
/// with `collectionChunks(of:)`, because which records go together is its decision.
extension RestClient {
    /// The most records Salesforce takes in one collection request.
    public static let collectionLimit = 200

    /// `DELETE …/composite/sobjects?ids=ID1,ID2&allOrNone=false`: deletes up to 200 records of any types.
    public func requestForCollectionDelete(
        withObjectIds objectIds: [String], allOrNone: Bool = false, apiVersion: String? = nil
    ) -> RestRequest {
        var request = RestRequest(
            method: .DELETE, path: dataPath(apiVersion) + "/composite/sobjects",
            queryItems: [
                (name: "ids", value: objectIds.joined(separator: ",")),
                (name: "allOrNone", value: allOrNone ? "true" : "false"),
            ])
        request.invalidReason =
            Self.collectionProblem(count: objectIds.count, noun: "record ids")
            ?? (objectIds.contains(where: \.isEmpty) ? "a record id is empty." : nil)
        return request
    }

    /// `POST …/composite/sobjects`: creates up to 200 records, each `(objectType, fields)`.
    public func requestForCollectionCreate(
        withRecords records: [(objectType: String, fields: [String: JSONValue])], allOrNone: Bool = false,
        apiVersion: String? = nil
    ) -> RestRequest {
        let objects = records.map { record in
            record.fields.merging(["attributes": .object(["type": .string(record.objectType)])]) { _, new in new }
        }
        var request = RestRequest(
            method: .POST, path: dataPath(apiVersion) + "/composite/sobjects",
            body: Self.collectionBody(objects, allOrNone: allOrNone))
        request.invalidReason =
            Self.collectionProblem(count: records.count, noun: "records")
            ?? (records.contains { $0.objectType.isEmpty } ? "the object type is empty." : nil)
        return request
    }

    /// `PATCH …/composite/sobjects`: updates up to 200 records, each `(objectType, objectId, fields)`.
    public func requestForCollectionUpdate(
        withRecords records: [(objectType: String, objectId: String, fields: [String: JSONValue])],
        allOrNone: Bool = false, apiVersion: String? = nil
    ) -> RestRequest {
        let objects = records.map { record in
            record.fields.merging([
                "attributes": .object(["type": .string(record.objectType)]), "id": .string(record.objectId),
            ]) { _, new in new }
        }
        var request = RestRequest(
            method: .PATCH, path: dataPath(apiVersion) + "/composite/sobjects",
            body: Self.collectionBody(objects, allOrNone: allOrNone))
        request.invalidReason =
            Self.collectionProblem(count: records.count, noun: "records")
            ?? (records.contains { $0.objectType.isEmpty } ? "the object type is empty." : nil)
            ?? (records.contains { $0.objectId.isEmpty } ? "a record id is empty." : nil)
        return request
    }

    /// `items` in runs of at most 200, in order: one collection request each.
    public static func collectionChunks<Item>(of items: [Item]) -> [ArraySlice<Item>] {
        stride(from: 0, to: items.count, by: collectionLimit).map {
            items[$0..<min($0 + collectionLimit, items.count)]
        }
    }

    private static func collectionProblem(count: Int, noun: String) -> String? {
        if count == 0 { return "the collection request names no " + noun + "." }
        if count > collectionLimit {
            return "a collection request takes at most \(collectionLimit) " + noun + ", not \(count)."
        }
        return nil
    }

    /// `{"allOrNone": …, "records": […]}`, keys sorted so equal requests have equal bodies.
    private static func collectionBody(_ records: [[String: JSONValue]], allOrNone: Bool) -> [UInt8] {
        let body: JSONValue = .object(["allOrNone": .bool(allOrNone), "records": .array(records.map(JSONValue.object))])
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return Array((try? encoder.encode(body)) ?? Data("{}".utf8))
    }
}
