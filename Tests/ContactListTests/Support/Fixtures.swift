import Foundation
import RestCore

@testable import ContactList

/// Builds models and server responses without a network.
enum Fixtures {
    static let query = "SELECT Id, Name, Title, Email, Phone, Account.Name FROM Contact ORDER BY Name"

    /// A client used only as a request factory; it never sends.
    static func client() -> RestClient {
        RestClient(
            configuration: RestClientConfiguration(
                instanceURL: URL(string: "http://127.0.0.1:9")!, accessToken: "test-token"))
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
                status: 200, headers: [("Content-Type", "application/json;charset=UTF-8")], body: Array(data)))
    }

    /// The request ids of the `.send` effects.
    static func sentRequests(_ effects: [ContactListEffect]) -> [RestRequest] {
        effects.compactMap { effect in
            if case .send(let request) = effect { return request }
            return nil
        }
    }

    /// A model that has loaded `count` contacts in one page.
    static func loadedModel(count: Int, client: RestClient, visibleRows: Int = 10) -> ContactListModel {
        var model = ContactListModel(query: query, origin: "127.0.0.1:1 · v66.0", requests: client)
        model.visibleRowCount = visibleRows
        let first = sentRequests(model.start())[0]
        _ = model.handle(response: page((0..<count).map { contact($0) }), for: first.id)
        return model
    }
}
