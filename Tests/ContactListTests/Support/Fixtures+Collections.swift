import Foundation
import RestCore

@testable import ContactList

/// sObject Collections answers, for bulk deletes.
extension Fixtures {
    /// One record's outcome: nil is success, else the error's code and message.
    typealias Outcome = (code: String, message: String)?

    /// A 200 with the per-record result array of a collection DELETE, in the request's order.
    static func collectionResults(
        ids: [String], _ outcome: (String) -> Outcome = { _ in nil }
    )
        -> Result<RestResponse, RestClientError>
    {
        let results: [[String: Any]] = ids.map { id in
            guard let failure = outcome(id) else { return ["id": id, "success": true, "errors": []] }
            return [
                "id": id, "success": false,
                "errors": [["statusCode": failure.code, "message": failure.message, "fields": []]],
            ]
        }
        let data = try! JSONSerialization.data(withJSONObject: results)
        return .success(RestResponse(status: 200, headers: [:], body: Array(data)))
    }

    /// The ids a collection DELETE names, in order.
    static func collectionIDs(_ request: RestRequest) -> [String] {
        guard let ids = request.queryItems.first(where: { $0.name == "ids" })?.value else { return [] }
        return ids.split(separator: ",").map(String.init)
    }

    /// Presses Space on the shown rows at `positions` (ascending), from the top.
    static func mark(_ positions: [Int], in model: inout ContactListModel) {
        _ = model.handle(key: .character("g"))
        var at = 0
        for position in positions {
            while at < position {
                _ = model.handle(key: .character("j"))
                at += 1
            }
            _ = model.handle(key: .character(" "))
            at += 1
        }
    }
}
