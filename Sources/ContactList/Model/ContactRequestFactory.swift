import Foundation
import RestCore

/// The requests the list makes, in front of `RestClient` so that the model can
/// be driven in tests by a factory of its own.
public protocol ContactRequestFactory: Sendable {
    func request(forQuery soql: String, apiVersion: APIVersion?, batchSize: Int) -> RestRequest
    /// `GET …/queryAll?q=`: deleted records too (the Recycle Bin).
    func request(forQueryAll soql: String, apiVersion: APIVersion?, batchSize: Int) -> RestRequest
    func request(forNextRecordsURL url: String) -> RestRequest
    func request(forSearch sosl: String, apiVersion: APIVersion?) -> RestRequest
    func requestForDelete(withObjectType objectType: String, objectId: String, apiVersion: APIVersion?) -> RestRequest
    /// `DELETE …/composite/sobjects?ids=…`: up to 200 records in one request.
    func requestForCollectionDelete(
        withObjectIds objectIds: [String], allOrNone: Bool, apiVersion: APIVersion?
    )
        -> RestRequest
    func requestForRetrieve(
        withObjectType objectType: String, objectId: String, fieldList: String?, apiVersion: APIVersion?
    ) -> RestRequest
    func requestForDescribe(withObjectType objectType: String, apiVersion: APIVersion?) -> RestRequest
    func requestForUpdate(
        withObjectType objectType: String, objectId: String, fields: [String: JSONValue], apiVersion: APIVersion?
    ) -> RestRequest
    /// `PATCH` carrying `If-Unmodified-Since`: 412 when the record changed after `ifUnmodifiedSince`.
    func requestForUpdate(
        withObjectType objectType: String, objectId: String, fields: [String: JSONValue], ifUnmodifiedSince: Date,
        apiVersion: APIVersion?
    ) -> RestRequest
    /// `POST …/sobjects/TYPE/`: a new record; 201 answers its `id`.
    func requestForCreate(
        withObjectType objectType: String, fields: [String: JSONValue], apiVersion: APIVersion?
    ) -> RestRequest
    /// The SOAP API's `undelete` of at most 200 ids (`U`).
    func requestForUndelete(ids: [String], apiVersion: APIVersion?) -> RestRequest
    /// `GET …/sobjects/TYPE/listviews`: the first page of an object's list views.
    func requestForListViews(withObjectType objectType: String, apiVersion: APIVersion?) -> RestRequest
    /// `GET …/listviews/ID/describe`: a view's columns, sort and SOQL.
    func requestForListViewDescribe(
        withObjectType objectType: String, listViewId: String, apiVersion: APIVersion?
    ) -> RestRequest
    /// `GET …/listviews/ID/results`: up to `limit` records of a view from `offset`.
    func requestForListViewResults(
        withObjectType objectType: String, listViewId: String, limit: Int, offset: Int, apiVersion: APIVersion?
    ) -> RestRequest
    /// `GET …/describe/compactLayouts/primary`: the fields that name an object's record.
    func requestForCompactLayout(withObjectType objectType: String, apiVersion: APIVersion?) -> RestRequest
    /// `GET …/sobjects/`: the org's object types.
    func request(forDescribeGlobal apiVersion: APIVersion?) -> RestRequest
    /// `GET /services/data/`: the API versions, the cheapest answer an org gives (offline's probe).
    func requestForVersions() -> RestRequest
    /// `GET …/sobjects/TYPE/deleted/?start=&end=`: the records deleted in the window.
    func requestForDeleted(
        withObjectType objectType: String, start: Date, end: Date, apiVersion: APIVersion?
    )
        -> RestRequest
    /// Whether the client's gate would let this request through (false under `--read-only`).
    func allowsSending(_ request: RestRequest) -> Bool
    /// The API version requests go to now (it changes when the org does not serve the one asked
    /// for); nil when the factory has none to tell.
    var apiVersionInUse: String? { get }
    /// The org's API usage as the latest answer reported it; nil before any answer said.
    var apiUsage: APIUsage? { get }
}

extension ContactRequestFactory {
    public var apiVersionInUse: String? { nil }
    public var apiUsage: APIUsage? { nil }
}

extension RestClient: ContactRequestFactory {
    /// Asks the configuration's `shouldMakeRequest` gate, the one `send` applies.
    public func allowsSending(_ request: RestRequest) -> Bool {
        configuration.shouldMakeRequest?(request) ?? true
    }

    public var apiVersionInUse: String? { apiVersion.description }
}
