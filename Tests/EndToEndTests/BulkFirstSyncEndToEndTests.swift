import Foundation
import MockOrg
import RestCore
import TestSupport
import Testing

/// A large list's first sync through the real binary: its Bulk API 2.0 job is the app's, and
/// quitting while it runs leaves no job working on the org.
@Suite("A large list's first sync through a bulk job, end to end")
struct BulkFirstSyncEndToEndTests {
    @Test("q while the first sync's job runs aborts the job at the org before the app exits", .timeLimit(.minutes(3)))
    func quitAbortsTheJob() async throws {
        // Above the 50,000 records of the switch, with a job that would run for ten minutes.
        var configuration = MockOrgConfiguration(contacts: 50_100)
        configuration.bulkDelay = .seconds(600)
        try await LiveOrg.with(configuration) { org in
            let session = try await TmuxSession(try org.appCommand())
            let id = try #require(try await Self.firstJob(of: org), "the first sync created no bulk job")
            #expect(try await BulkQuery(client: org.client).job(id).state.isFinal == false)
            try await session.quit()
            #expect(try await BulkQuery(client: org.client).job(id).state == .aborted)
        }
    }

    /// The id of the first Bulk API 2.0 query job the org lists, once there is one.
    static func firstJob(of org: LiveOrg) async throws -> String? {
        for _ in 0..<3000 {
            let list = try await org.client.send(RestRequest(method: .GET, path: "/services/data/v66.0/jobs/query"))
                .asJSONValue()
            if let id = list["records"]?.arrayValue?.first?["id"]?.stringValue { return id }
            try await Task.sleep(for: .milliseconds(20))
        }
        return nil
    }
}
