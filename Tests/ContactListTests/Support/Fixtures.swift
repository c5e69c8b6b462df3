import Foundation
import RestCore

@testable import ContactList

/// Builds models and server responses without a network.
enum Fixtures {
    static let query = "SELECT Id, Name, Title, Email, Phone, Account.Name FROM Contact ORDER BY Name"

    /// A client used only as a request factory; it never sends. One per process and
    /// never shut down, so that a test that stops early cannot leak a running client.
    static func client(readOnly: Bool = false) -> RestClient {
        readOnly ? readOnlyClient : plainClient
    }

    private static let plainClient = makeClient(readOnly: false)
    private static let readOnlyClient = makeClient(readOnly: true)

    private static func makeClient(readOnly: Bool) -> RestClient {
        var configuration = RestClientConfiguration(
            instanceURL: URL(string: "http://127.0.0.1:9")!, accessToken: "test-token")
        if readOnly {
            configuration.shouldMakeRequest = { request in !request.method.isWrite }
        }
        return RestClient(configuration: configuration)
    }

    /// A contact record body as the query API returns it.
    static func contact(_ index: Int, name: String? = nil) -> [String: Any] {
        let id = "003" + String(format: "%012d", index) + "AAA"
        return [
            "attributes": ["type": "Contact", "url": "/services/data/v66.0/sobjects/Contact/\(id)"],
            "Id": id,
            "Name": name ?? "Contact \(String(format: "%04d", index))",
            "Title": "Title \(index)",
            "Email": "c\(index)@example.com",
            "Phone": NSNull(),
            "Account": ["attributes": ["type": "Account", "url": "/x"], "Name": "Account \(index % 7)"],
        ]
    }

    /// A query response page.
    static func page(
        _ records: [[String: Any]], totalSize: Int? = nil, nextRecordsUrl: String? = nil
    ) -> Result<RestResponse, RestClientError> {
        var body: [String: Any] = [
            "totalSize": totalSize ?? records.count, "done": nextRecordsUrl == nil, "records": records,
        ]
        if let nextRecordsUrl { body["nextRecordsUrl"] = nextRecordsUrl }
        let data = try! JSONSerialization.data(withJSONObject: body)
        return .success(
            RestResponse(
                status: 200, headers: [.contentType: "application/json;charset=UTF-8"], body: Array(data)))
    }

    /// The request ids of the `.send` effects.
    static func sentRequests(_ effects: [ContactListEffect]) -> [RestRequest] {
        effects.compactMap { effect in
            if case .send(let request) = effect { return request }
            return nil
        }
    }

    /// A model that has loaded `count` contacts in one page.
    static func loadedModel(count: Int, client: RestClient = client(), visibleRows: Int = 10) -> ContactListModel {
        var model = ContactListModel(query: query, origin: "127.0.0.1:1", requests: client)
        model.visibleRowCount = visibleRows
        let first = sentRequests(model.start())[0]
        _ = model.handle(response: page((0..<count).map { contact($0) }), for: first.id)
        return model
    }

    /// A model that has loaded the given records in one page.
    static func model(
        records: [[String: Any]], client: RestClient = client(), query: String = query, visibleRows: Int = 10
    ) -> ContactListModel {
        var model = ContactListModel(query: query, origin: "127.0.0.1:1", requests: client)
        model.visibleRowCount = visibleRows
        let first = sentRequests(model.start())[0]
        _ = model.handle(response: page(records), for: first.id)
        return model
    }

    /// A model that has loaded one contact a name, in order.
    static func model(names: [String]) -> ContactListModel {
        model(records: names.enumerated().map { contact($0.offset, name: $0.element) })
    }

    /// The id `contact(index)` gets.
    static func id(_ index: Int) -> String { "003" + String(format: "%012d", index) + "AAA" }

    /// A 204 with no body, as Salesforce answers a successful DELETE.
    static let noContent: Result<RestResponse, RestClientError> = .success(
        RestResponse(status: 204, headers: [:], body: []))

    /// The 400 Salesforce sends when a contact still has Cases.
    static let deleteFailed = refusal(
        400, "DELETE_FAILED",
        "Your attempt to delete Ann could not be completed because it is associated with cases.")

    /// A Salesforce error array answer.
    static func refusal(
        _ status: Int, _ code: String, _ message: String = "refused by the org"
    )
        -> Result<RestResponse, RestClientError>
    {
        .failure(
            .apiInvocationFailed(
                status: status, headers: [:], errors: [SalesforceError(message: message, errorCode: code)],
                rawBody: nil))
    }

    /// A record body as the retrieve API returns it.
    static func retrieved(_ index: Int) -> Result<RestResponse, RestClientError> {
        var record = contact(index)
        record["Department"] = "Sales"
        let data = try! JSONSerialization.data(withJSONObject: record)
        return .success(RestResponse(status: 200, headers: [:], body: Array(data)))
    }

    /// Types text into the model, one key per character.
    static func type(_ text: String, into model: inout ContactListModel) -> [ContactListEffect] {
        text.flatMap { model.handle(key: .character($0)) }
    }
}
