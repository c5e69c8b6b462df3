/// Factories for an object's list views and the describes a client needs to choose what to list:
/// `sobjects/TYPE/listviews` and its resources, and the compact layout.
extension RestClient {
    /// `GET …/sobjects/TYPE/listviews`: the first page of the object's list views (`ListViewList`;
    /// its `nextRecordsUrl` is read with `request(forNextRecordsURL:)`, or use `listViews(ofObjectType:)`).
    public func requestForListViews(withObjectType objectType: String, apiVersion: APIVersion? = nil) -> RestRequest {
        listViewRequest(objectType, "/listviews", apiVersion: apiVersion)
    }

    /// `GET …/sobjects/TYPE/listviews/recent`: the list views read most recently (`ListViewList`).
    public func requestForRecentListViews(
        withObjectType objectType: String, apiVersion: APIVersion? = nil
    ) -> RestRequest {
        listViewRequest(objectType, "/listviews/recent", apiVersion: apiVersion)
    }

    /// `GET …/sobjects/TYPE/listviews/ID/describe`: a view's columns, sort and SOQL (`ListViewDescription`).
    public func requestForListViewDescribe(
        withObjectType objectType: String, listViewId: String, apiVersion: APIVersion? = nil
    ) -> RestRequest {
        var request = listViewRequest(
            objectType, "/listviews/" + PercentEncoding.encode(listViewId) + "/describe", apiVersion: apiVersion)
        if request.invalidReason == nil, listViewId.isEmpty { request.invalidReason = "the list view id is empty." }
        return request
    }

    /// The bounds of `requestForListViewResults`: `limit` 1 to 2000, `offset` 0 to 2000.
    public static let listViewResultsLimits = (limit: 1...2000, offset: 0...2000)

    /// `GET …/sobjects/TYPE/listviews/ID/results?limit=L&offset=O`: up to `limit` records of a view
    /// from `offset` (`ListViewResults`), for views whose SOQL a client cannot run itself.
    public func requestForListViewResults(
        withObjectType objectType: String, listViewId: String, limit: Int = 25, offset: Int = 0,
        apiVersion: APIVersion? = nil
    ) -> RestRequest {
        var request = listViewRequest(
            objectType, "/listviews/" + PercentEncoding.encode(listViewId) + "/results", apiVersion: apiVersion)
        request.queryItems = [(name: "limit", value: String(limit)), (name: "offset", value: String(offset))]
        let bounds = Self.listViewResultsLimits
        if request.invalidReason != nil {
            return request
        } else if listViewId.isEmpty {
            request.invalidReason = "the list view id is empty."
        } else if !bounds.limit.contains(limit) {
            request.invalidReason = "a list view's results are read 1 to 2000 at a time, not \(limit)."
        } else if !bounds.offset.contains(offset) {
            request.invalidReason = "a list view's results are read from offset 0 to 2000, not \(offset)."
        }
        return request
    }

    /// `GET …/sobjects/TYPE/describe/compactLayouts/primary`: the fields that name a record (`CompactLayout`).
    public func requestForCompactLayout(withObjectType objectType: String, apiVersion: APIVersion? = nil) -> RestRequest
    {
        listViewRequest(objectType, "/describe/compactLayouts/primary", apiVersion: apiVersion)
    }

    /// Every list view of `objectType`, following `nextRecordsUrl` to the last page.
    public func listViews(
        ofObjectType objectType: String, apiVersion: APIVersion? = nil
    ) async throws(RestClientError) -> [ListViewSummary] {
        var page = try ListViewList.decode(
            try await send(requestForListViews(withObjectType: objectType, apiVersion: apiVersion)))
        var views = page.listviews
        // A next page named twice would loop forever: a URL seen before ends the reading.
        var seen = Set<String>()
        while !page.done, let next = page.nextRecordsUrl, !next.isEmpty, seen.insert(next).inserted {
            page = try ListViewList.decode(try await send(request(forNextRecordsURL: next)))
            views += page.listviews
        }
        return views
    }

    private func listViewRequest(_ objectType: String, _ resource: String, apiVersion: APIVersion?) -> RestRequest {
        var request = RestRequest(
            method: .GET, path: dataPath(apiVersion) + "/sobjects/" + PercentEncoding.encode(objectType) + resource)
        if objectType.isEmpty { request.invalidReason = "the object type is empty." }
        return request
    }
}
