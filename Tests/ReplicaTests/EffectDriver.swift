import ContactList
import RecordOutput
import RestCore
import TestSupport

@testable import Replica

/// Performs `effects` one at a time, as a runner would but in order: each request sent (up to
/// `limit`, and none that `held` holds back) and its answer handled before the next, rows kept in `replica`, a bulk read
/// (`readBulk`) run with `BulkJobRecords` and its pieces handed back as pages; returns every
/// effect seen.
@discardableResult
func driveEffects(
    _ model: inout ContactListModel, _ effects: [ContactListEffect], _ org: LiveOrg, _ replica: ReplicaStore?,
    limit: Int = .max, holding held: (RestRequest) -> Bool = { _ in false }
) async throws -> [ContactListEffect] {
    var queue = effects[...]
    var seen: [ContactListEffect] = []
    var sent = 0
    while let effect = queue.popFirst() {
        seen.append(effect)
        switch effect {
        case .send(let request) where sent < limit && !held(request):
            sent += 1
            let result: Result<RestResponse, RestClientError>
            do throws(RestClientError) {
                result = .success(try await org.client.send(request))
            } catch {
                result = .failure(error)
            }
            queue += model.handle(response: result, for: request.id)
        case .keepRows: _ = try replica?.perform(effect)
        case .forgetRows(let query, let ids): try replica?.removeRows(ids: ids, from: ListKey(query: query))
        case .readBulk(let soql, let expectedRecords, let id):
            var pages: [QueryResult] = []
            let reader = BulkJobRecords(
                soql: soql, bulk: BulkQuery(client: org.client), expectedRecords: expectedRecords)
            try await reader.readPages { pages.append($0) }
            for page in pages { queue += model.handle(bulkPage: .success(page), for: id) }
        default: break
        }
    }
    return seen
}
