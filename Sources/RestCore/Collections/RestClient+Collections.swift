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
        withObjectIds objectIds: [String], allOrNone: Bool = false, apiVersion: APIVersion? = nil
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
        apiVersion: APIVersion? = nil
    ) -> RestRequest {
        let objects = records.map { record in
            record.fields.merging(["attributes": .object(["type": .string(record.objectType)])]) { _, new in new }
        }
        return collectionWrite(
            .POST, objects, allOrNone: allOrNone, apiVersion: apiVersion,
            problem: records.contains { $0.objectType.isEmpty } ? "the object type is empty." : nil)
    }

    /// `PATCH …/composite/sobjects`: updates up to 200 records, each `(objectType, objectId, fields)`.
    public func requestForCollectionUpdate(
        withRecords records: [(objectType: String, objectId: String, fields: [String: JSONValue])],
        allOrNone: Bool = false, apiVersion: APIVersion? = nil
    ) -> RestRequest {
        let objects = records.map { record in
            record.fields.merging([
                "attributes": .object(["type": .string(record.objectType)]), "id": .string(record.objectId),
            ]) { _, new in new }
        }
        var problem: String?
        if records.contains(where: { $0.objectType.isEmpty }) {
            problem = "the object type is empty."
        } else if records.contains(where: { $0.objectId.isEmpty }) {
            problem = "a record id is empty."
        }
        return collectionWrite(.PATCH, objects, allOrNone: allOrNone, apiVersion: apiVersion, problem: problem)
    }

    /// A create or update of `objects` in one `…/composite/sobjects` request; `problem` is what is
    /// wrong with the records besides their count.
    private func collectionWrite(
        _ method: RestMethod, _ objects: [[String: JSONValue]], allOrNone: Bool, apiVersion: APIVersion?,
        problem: String?
    ) -> RestRequest {
        var request = RestRequest(
            method: method, path: dataPath(apiVersion) + "/composite/sobjects",
            body: Self.jsonBody(["allOrNone": .bool(allOrNone), "records": .array(objects.map(JSONValue.object))]))
        request.invalidReason = Self.collectionProblem(count: objects.count, noun: "records") ?? problem
        return request
    }

    /// `items` in runs of at most `limit` (200, a collection's), in order: one request each.
    public static func collectionChunks<Item>(of items: [Item], limit: Int = collectionLimit) -> [ArraySlice<Item>] {
        stride(from: 0, to: items.count, by: limit).map { items[$0..<min($0 + limit, items.count)] }
    }

    private static func collectionProblem(count: Int, noun: String) -> String? {
        if count == 0 { return "the collection request names no " + noun + "." }
        if count > collectionLimit {
            return "a collection request takes at most \(collectionLimit) " + noun + ", not \(count)."
        }
        return nil
    }
}
