import Foundation
import HTTPTypes

/// Factories for the Salesforce REST resources, named as in the Mobile SDK's `RestClient`.
/// A `nil` `apiVersion` means the configuration's version.
extension RestClient {
    /// `GET /services/data/`: the API versions the org offers.
    public func requestForVersions() -> RestRequest {
        RestRequest(method: .GET, path: Self.dataRoot)
    }

    /// `GET /services/data/vNN.N/`: the resources of one API version.
    public func request(forResources apiVersion: APIVersion? = nil) -> RestRequest {
        RestRequest(method: .GET, path: dataPath(apiVersion) + "/")
    }

    /// `GET …/sobjects/`: every object type of the org.
    public func request(forDescribeGlobal apiVersion: APIVersion? = nil) -> RestRequest {
        RestRequest(method: .GET, path: dataPath(apiVersion) + "/sobjects/")
    }

    /// `GET …/sobjects/TYPE/describe/`: the fields and metadata of one object type.
    public func requestForDescribe(withObjectType objectType: String, apiVersion: APIVersion? = nil) -> RestRequest {
        var request = RestRequest(method: .GET, path: sobjectPath(objectType, apiVersion: apiVersion) + "/describe/")
        request.invalidReason = Self.problem(objectType: objectType)
        return request
    }

    /// `GET …/query?q=SOQL`, pages of `batchSize` records (clamped to 200...2000; the
    /// `Sforce-Query-Options` header is left out at 2000, the server's default).
    public func request(forQuery soql: String, apiVersion: APIVersion? = nil, batchSize: Int = 2000) -> RestRequest {
        queryRequest(resource: "query", soql: soql, apiVersion: apiVersion, batchSize: batchSize)
    }

    /// `GET …/queryAll?q=SOQL`: like a query, including deleted and archived records; its pages
    /// follow `nextRecordsUrl` as a query's do.
    public func request(forQueryAll soql: String, apiVersion: APIVersion? = nil, batchSize: Int = 2000) -> RestRequest {
        queryRequest(resource: "queryAll", soql: soql, apiVersion: apiVersion, batchSize: batchSize)
    }

    /// `GET …/sobjects/TYPE/deleted/?start=&end=`: the records deleted in the window (Get Deleted).
    public func requestForDeleted(
        withObjectType objectType: String, start: Date, end: Date, apiVersion: APIVersion? = nil
    ) -> RestRequest {
        replicationRequest("deleted", objectType: objectType, start: start, end: end, apiVersion: apiVersion)
    }

    /// `GET …/sobjects/TYPE/updated/?start=&end=`: the records created or changed in the window (Get Updated).
    public func requestForUpdated(
        withObjectType objectType: String, start: Date, end: Date, apiVersion: APIVersion? = nil
    ) -> RestRequest {
        replicationRequest("updated", objectType: objectType, start: start, end: end, apiVersion: apiVersion)
    }

    private func replicationRequest(
        _ resource: String, objectType: String, start: Date, end: Date, apiVersion: APIVersion?
    ) -> RestRequest {
        var request = RestRequest(
            method: .GET, path: sobjectPath(objectType, apiVersion: apiVersion) + "/" + resource + "/",
            queryItems: [(name: "start", value: HTTPDate.iso8601(start)), (name: "end", value: HTTPDate.iso8601(end))])
        request.invalidReason = Self.problem(objectType: objectType)
        return request
    }

    /// `GET …/search?q=SOSL`: the records a SOSL search finds, read with `SearchResult`.
    public func request(forSearch sosl: String, apiVersion: APIVersion? = nil) -> RestRequest {
        var request = RestRequest(
            method: .GET, path: dataPath(apiVersion) + "/search", queryItems: [(name: "q", value: sosl)])
        if sosl.allSatisfy(\.isWhitespace) {
            request.invalidReason = "the search is empty."
        }
        return request
    }

    /// `GET nextRecordsUrl`: the next page of a query. `url` is the path the previous page gave
    /// (an absolute URL on the instance's host is accepted too).
    public func request(forNextRecordsURL url: String) -> RestRequest {
        var path = url
        if let absolute = URL(string: url), absolute.scheme != nil {
            if Endpoint(instanceURL: configuration.instanceURL).isSameOrigin(absolute) {
                path = absolute.path + (absolute.query.map { "?" + $0 } ?? "")
            }
        }
        var request = RestRequest(method: .GET, path: path)
        request.responseLimit = QueryPageLimit.response
        if url.isEmpty {
            request.invalidReason = "the next-records URL is empty."
        } else if !path.hasPrefix("/") {
            request.invalidReason = "the next-records URL does not point to this org."
        }
        return request
    }

    /// `GET …/sobjects/TYPE/ID?fields=A,B`: one record; `fieldList` nil or empty means every field.
    public func requestForRetrieve(
        withObjectType objectType: String, objectId: String, fieldList: String?, apiVersion: APIVersion? = nil
    ) -> RestRequest {
        var request = RestRequest(method: .GET, path: recordPath(objectType, objectId, apiVersion: apiVersion))
        if let fieldList, !fieldList.isEmpty {
            request.queryItems = [(name: "fields", value: fieldList)]
        }
        request.invalidReason = Self.problem(objectType: objectType, objectId: objectId)
        return request
    }

    /// `POST …/sobjects/TYPE/` with the fields as a JSON object: creates a record.
    public func requestForCreate(
        withObjectType objectType: String, fields: [String: JSONValue], apiVersion: APIVersion? = nil
    ) -> RestRequest {
        var request = RestRequest(
            method: .POST, path: sobjectPath(objectType, apiVersion: apiVersion) + "/", body: Self.jsonBody(fields))
        request.invalidReason = Self.problem(objectType: objectType)
        return request
    }

    /// `PATCH …/sobjects/TYPE/ID` carrying `If-Unmodified-Since` (an HTTP date in GMT): the org
    /// refuses with 412 when the record changed after it (`RestClientError.condition ==
    /// .preconditionFailed`) and writes nothing.
    public func requestForUpdate(
        withObjectType objectType: String, objectId: String, fields: [String: JSONValue],
        ifUnmodifiedSince: Date, apiVersion: APIVersion? = nil
    ) -> RestRequest {
        var request = requestForUpdate(
            withObjectType: objectType, objectId: objectId, fields: fields, apiVersion: apiVersion)
        request.headers[.ifUnmodifiedSince] = HTTPDate.string(from: ifUnmodifiedSince)
        return request
    }

    /// `GET …/sobjects/TYPE/ID` carrying `If-Modified-Since`: the org answers 304 when the record
    /// has not changed since (`RestClientError.condition == .notModified`).
    public func requestForRetrieve(
        withObjectType objectType: String, objectId: String, fieldList: String?, ifModifiedSince: Date,
        apiVersion: APIVersion? = nil
    ) -> RestRequest {
        var request = requestForRetrieve(
            withObjectType: objectType, objectId: objectId, fieldList: fieldList, apiVersion: apiVersion)
        request.headers[.ifModifiedSince] = HTTPDate.string(from: ifModifiedSince)
        return request
    }

    /// `PATCH …/sobjects/TYPE/ID` with the changed fields as a JSON object.
    public func requestForUpdate(
        withObjectType objectType: String, objectId: String, fields: [String: JSONValue], apiVersion: APIVersion? = nil
    ) -> RestRequest {
        var request = RestRequest(
            method: .PATCH, path: recordPath(objectType, objectId, apiVersion: apiVersion), body: Self.jsonBody(fields))
        request.invalidReason = Self.problem(objectType: objectType, objectId: objectId)
        return request
    }

    /// `DELETE …/sobjects/TYPE/ID`.
    public func requestForDelete(
        withObjectType objectType: String, objectId: String, apiVersion: APIVersion? = nil
    ) -> RestRequest {
        var request = RestRequest(method: .DELETE, path: recordPath(objectType, objectId, apiVersion: apiVersion))
        request.invalidReason = Self.problem(objectType: objectType, objectId: objectId)
        return request
    }

    // MARK: - Helpers

    /// Where the data API starts; the version comes next.
    static let dataRoot = "/services/data/"

    /// The page size actually requested: `batchSize` clamped to what Salesforce accepts.
    public static func clampedBatchSize(_ batchSize: Int) -> Int {
        min(max(batchSize, 200), 2000)
    }

    private func queryRequest(resource: String, soql: String, apiVersion: APIVersion?, batchSize: Int) -> RestRequest {
        var request = RestRequest(
            method: .GET, path: dataPath(apiVersion) + "/" + resource, queryItems: [(name: "q", value: soql)])
        request.responseLimit = QueryPageLimit.response
        let size = Self.clampedBatchSize(batchSize)
        if size != 2000 {
            request.headers[.sforceQueryOptions] = "batchSize=\(size)"
        }
        if soql.allSatisfy(\.isWhitespace) {
            request.invalidReason = "the query is empty."
        }
        return request
    }

    /// `/services/data/vNN.N`, on the client's version unless `apiVersion` names one.
    func dataPath(_ apiVersion: APIVersion?) -> String {
        Self.dataRoot + (apiVersion ?? self.apiVersion).description
    }

    private func sobjectPath(_ objectType: String, apiVersion: APIVersion?) -> String {
        dataPath(apiVersion) + "/sobjects/" + PercentEncoding.encode(objectType)
    }

    private func recordPath(_ objectType: String, _ objectId: String, apiVersion: APIVersion?) -> String {
        sobjectPath(objectType, apiVersion: apiVersion) + "/" + PercentEncoding.encode(objectId)
    }

    private static func problem(objectType: String, objectId: String? = nil) -> String? {
        if objectType.isEmpty { return "the object type is empty." }
        if let objectId, objectId.isEmpty { return "the record id is empty." }
        return nil
    }

    /// Fields as a JSON object, keys sorted so equal requests have equal bodies.
    static func jsonBody(_ fields: [String: JSONValue]) -> [UInt8] {
        (try? sortedJSON(fields)) ?? Array("{}".utf8)
    }

    /// Fields as JSON with sorted keys, so the same fields always give the same bytes (a request's
    /// body; a replica row's text).
    package static func sortedJSON(_ fields: [String: JSONValue]) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return Array(try encoder.encode(fields))
    }
}
