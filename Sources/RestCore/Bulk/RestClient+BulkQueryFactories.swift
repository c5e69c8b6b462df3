import HTTPTypes
import JSONKit

/// Factories for Bulk API 2.0 query jobs (`…/jobs/query`). A `nil` `apiVersion` means the
/// configuration's version; a job's results must be read at the version that created it.
extension RestClient {
    /// `POST …/jobs/query`: a job running `soql` as `operation`, CSV results with commas and LF.
    public func requestForCreateBulkQueryJob(
        _ soql: String, operation: BulkQueryOperation = .query, apiVersion: APIVersion? = nil
    ) -> RestRequest {
        var body = JSONWriter()
        body.beginObject()
        body.pair("operation", operation.rawValue)
        body.pair("query", soql)
        body.pair("contentType", "CSV")
        body.pair("columnDelimiter", "COMMA")
        body.pair("lineEnding", "LF")
        body.endObject()
        var request = RestRequest(
            method: .POST, path: bulkQueryPath(apiVersion), headers: [.contentType: "application/json"],
            body: body.bytes)
        if soql.allSatisfy(\.isWhitespace) { request.invalidReason = "the query is empty." }
        return request
    }

    /// `GET …/jobs/query/ID`: the job's state and progress.
    public func requestForBulkQueryJob(_ jobID: String, apiVersion: APIVersion? = nil) -> RestRequest {
        RestRequest(method: .GET, path: bulkJobPath(jobID, apiVersion))
    }

    /// `PATCH …/jobs/query/ID` with `{"state":"Aborted"}`.
    public func requestForAbortBulkQueryJob(_ jobID: String, apiVersion: APIVersion? = nil) -> RestRequest {
        RestRequest(
            method: .PATCH, path: bulkJobPath(jobID, apiVersion), headers: [.contentType: "application/json"],
            body: Array(#"{"state":"Aborted"}"#.utf8))
    }

    /// `DELETE …/jobs/query/ID`.
    public func requestForDeleteBulkQueryJob(_ jobID: String, apiVersion: APIVersion? = nil) -> RestRequest {
        RestRequest(method: .DELETE, path: bulkJobPath(jobID, apiVersion))
    }

    /// `GET …/jobs/query/ID/results?locator=…&maxRecords=…`: one piece of the CSV; nil `locator` is the first.
    public func requestForBulkQueryResults(
        _ jobID: String, locator: String? = nil, maxRecords: Int? = nil, apiVersion: APIVersion? = nil
    ) -> RestRequest {
        var items: [(name: String, value: String)] = []
        if let locator { items.append((name: "locator", value: locator)) }
        if let maxRecords { items.append((name: "maxRecords", value: String(maxRecords))) }
        return RestRequest(
            method: .GET, path: bulkJobPath(jobID, apiVersion) + "/results", queryItems: items,
            headers: [.accept: "text/csv"])
    }

    /// `GET …/jobs/query/ID/resultPages` (API 58.0 and later): links to up to five pieces at once.
    public func requestForBulkQueryResultPages(
        _ jobID: String, maxRecords: Int? = nil, apiVersion: APIVersion? = nil
    ) -> RestRequest {
        RestRequest(
            method: .GET, path: bulkJobPath(jobID, apiVersion) + "/resultPages",
            queryItems: maxRecords.map { [(name: "maxRecords", value: String($0))] } ?? [])
    }

    private func bulkQueryPath(_ apiVersion: APIVersion?) -> String {
        dataPath(apiVersion) + "/jobs/query"
    }

    private func bulkJobPath(_ jobID: String, _ apiVersion: APIVersion?) -> String {
        bulkQueryPath(apiVersion) + "/" + PercentEncoding.encode(jobID)
    }
}
