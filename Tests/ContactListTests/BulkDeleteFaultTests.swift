import MockOrg
import RestCore
import TestSupport
import Testing

@testable import ContactList

/// Bulk delete as the user meets it: the model, sending through RestCore, against MockOrg's
/// sObject Collections; the list is then checked against the org's true state.
@Suite("Bulk delete against MockOrg")
struct BulkDeleteFaultTests {
    static func contactsWithCases(_ org: LiveOrg) async throws -> Set<String> {
        try await DeleteAudit.ids(in: org.client, soql: "SELECT ContactId FROM Case", field: "ContactId")
    }

    @Test("250 marked: two collection requests; contacts with Cases come back, one alert entry each")
    func answered() async throws {
        try await LiveOrg.with(MockOrgConfiguration(contacts: 250)) { org in
            let withCases = try await Self.contactsWithCases(org)
            var runner = try await DeleteFaultTests.loaded(client: org.client)
            try #require(runner.model.dataRows.count == 250)
            let marked = runner.deleteAllShown()
            #expect(runner.model.dataRows.isEmpty, "every marked row leaves at once")
            #expect(await runner.settle())
            let deletes = runner.exchanges.filter { $0.request.method == .DELETE }
            #expect(deletes.map { Fixtures.collectionIDs($0.request).count }.sorted() == [50, 200])
            let kept = Set(marked.map(\.id)).intersection(withCases)
            #expect(!kept.isEmpty)
            #expect(runner.model.notices.alerts.count == 1)
            #expect(runner.model.notices.alerts.first?.entryCount == kept.count)
            #expect(Set(runner.model.dataRows.map(\.id)) == kept)
            let audit = try await DeleteFaultTests.audit(runner, deleted: marked, org: org)
            #expect(audit.isClean, "\(audit)")
        }
    }

    @Test("lost replies are reconciled by one SELECT Id query each: nothing wrongly reinstated, ghost or lost")
    func lostReplies() async throws {
        var configuration = MockOrgConfiguration(contacts: 450)
        configuration.loseReplyRate = 0.5
        // With this seed two of the three deletes lose their replies, on every run.
        configuration.faultSeed = 5
        try await LiveOrg.with(configuration) { org in
            let withCases = try await Self.contactsWithCases(org)
            var runner = try await DeleteFaultTests.loaded(client: org.client)
            let marked = runner.deleteAllShown()
            #expect(await runner.settle())
            let deletes = runner.exchanges.filter { $0.request.method == .DELETE }
            let lost = deletes.filter { if case .failure = $0.result { true } else { false } }
            let reconciles = runner.exchanges.filter {
                $0.request.queryItems.contains {
                    $0.name == "q" && $0.value.hasPrefix("SELECT Id FROM Contact WHERE Id IN")
                }
            }
            #expect(deletes.count == 3)
            #expect(lost.count == 2)
            #expect(reconciles.count == lost.count)
            let kept = Set(marked.map(\.id)).intersection(withCases)
            #expect(runner.model.alertEntryCount == kept.count)
            let audit = try await DeleteFaultTests.audit(runner, deleted: marked, org: org)
            #expect(audit.isClean, "\(audit)")
        }
    }
}
