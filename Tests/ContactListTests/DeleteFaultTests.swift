import MockOrg
import RestCore
import TestSupport
import Testing

@testable import ContactList

/// Every delete outcome as the user meets it: the model, sending through RestCore, against a
/// mock org with its failure faults; the list is then checked against the org's true state.
@Suite("Delete outcomes against MockOrg's faults")
struct DeleteFaultTests {
    static let query = "SELECT Id, Name FROM Contact ORDER BY Name"

    /// A runner whose model, sending through `client`, has loaded every row of the org
    /// (pressing `r` while a page fails, as a user would).
    static func loaded(client: RestClient) async throws -> ModelRunner {
        var runner = ModelRunner(
            model: ContactListModel(query: query, origin: "test", requests: client), client: client)
        runner.setVisibleRows(30)
        runner.start()
        let settled = await runner.settle()
        #expect(settled)
        for _ in 0..<50 where runner.model.dataRows.isEmpty {
            #expect(
                runner.model.notices.statusMessage.hasSuffix("— r to retry"), "\(runner.model.notices.statusMessage)")
            runner.press(.character("r"))
            let settled = await runner.settle()
            #expect(settled)
        }
        try #require(!runner.model.dataRows.isEmpty, "\(runner.model.notices.statusMessage)")
        return runner
    }

    static func audit(_ runner: ModelRunner, deleted: [ContactRecord], org: LiveOrg) async throws -> DeleteAudit {
        DeleteAudit(
            model: runner.model, orgIDs: try await DeleteAudit.ids(in: org.client), deletedIDs: Set(deleted.map(\.id)))
    }

    @Test("a lost reply is read back: gone settles as deleted with no alert, found comes back with the alert naming it")
    func lostRepliesAreReconciled() async throws {
        let configuration = MockOrgConfiguration(contacts: 60, loseReplyRate: 1)
        try await LiveOrg.with(configuration) { org in
            let withCases = try await DeleteAudit.ids(
                in: org.client, soql: "SELECT ContactId FROM Case", field: "ContactId")
            var runner = try await Self.loaded(client: org.client)
            let rows = runner.model.dataRows
            let refused = try #require(rows.firstIndex { withCases.contains($0.id) }, "no contact with Cases")
            let deletable = try #require(rows.firstIndex { !withCases.contains($0.id) })
            let willBeRefusedRow = runner.delete(atShown: refused)
            let willBeRefused = try #require(willBeRefusedRow)
            // The refused row is hidden now, so positions after it moved up by one.
            let willBeDeletedRow = runner.delete(atShown: deletable > refused ? deletable - 1 : deletable)
            let willBeDeleted = try #require(willBeDeletedRow)
            let selectedBefore = runner.model.selectedRecord?.id
            let settled = await runner.settle()
            #expect(settled)

            let deletes = runner.exchanges.filter { $0.request.method == .DELETE }
            #expect(deletes.count == 2)
            #expect(deletes.allSatisfy { if case .failure = $0.result { true } else { false } })
            let readBacks = runner.exchanges.filter {
                $0.request.method == .GET && $0.request.path.contains("/sobjects/")
            }
            #expect(readBacks.count == 2)

            #expect(
                runner.model.notices.alerts == [
                    Alert(
                        title: "Cannot delete item",
                        message: "The server did not answer; \(willBeRefused.displayName) was not deleted.")
                ])
            // The selection stays on the record it was on; the rows put back do not take it.
            #expect(runner.model.selectedRecord?.id == selectedBefore)
            #expect(runner.model.confirmedDeletedIDs == [willBeDeleted.id])
            let audit = try await Self.audit(runner, deleted: [willBeRefused, willBeDeleted], org: org)
            #expect(audit.isClean, "\(audit)")
        }
    }

    @Test("503 SERVER_UNAVAILABLE on deletes and reads, without retries: every outcome settles and matches the org")
    func unavailableDeletesSettleTruthfully() async throws {
        let configuration = MockOrgConfiguration(contacts: 80, unavailableRate: 0.5)
        // The truth is read with patience; the model's client reports every failure at once.
        try await LiveOrg.with(
            configuration,
            configure: { client, _ in client.retryPolicy = RetryPolicy(maximumRetries: 30, baseDelay: .milliseconds(10))
            }
        ) { org in
            var plain = org.client.configuration
            plain.retryPolicy = .never
            try await withRestClient(plain) { client in
                var runner = try await Self.loaded(client: client)
                var deleted: [ContactRecord] = []
                for _ in 0..<40 {
                    deleted += [runner.delete(atShown: 0)].compactMap { $0 }
                }
                #expect(deleted.count == 40)
                let settled = await runner.settle()
                #expect(settled)
                // A read back that got a 503 too leaves its delete pending, unknown: `r` reads it
                // again, as a user would press it (the alerts read and dismissed first, as theirs
                // are), until every delete is settled.
                var alerts: [Alert] = []
                for _ in 0..<50 where !runner.model.deleteRequests.isEmpty {
                    alerts += runner.model.notices.alerts
                    for _ in runner.model.notices.alerts { runner.press(.escape) }
                    #expect(runner.model.notices.alerts.isEmpty)
                    runner.press(.character("r"))
                    let settled = await runner.settle()
                    #expect(settled)
                }
                alerts += runner.model.notices.alerts
                #expect(runner.model.deleteRequests.isEmpty)

                let audit = try await Self.audit(runner, deleted: deleted, org: org)
                #expect(audit.isClean, "\(audit)")
                // Each record still in the org came back with exactly one alert naming it.
                let orgIDs = try await DeleteAudit.ids(in: org.client)
                let kept = deleted.filter { orgIDs.contains($0.id) }
                #expect(alerts.count == kept.count)
                for record in kept {
                    let namesake = kept.filter { $0.displayName == record.displayName }.count
                    let name = record.displayName
                    // Read back and found, the read failing too, or refused outright (a contact with Cases).
                    let naming = alerts.filter {
                        $0 == .notDeletedWithoutAnswer(name: name) || $0 == .deleteOutcomeUnknown(name: name)
                            || ($0.title == "Cannot delete item" && $0.message.hasPrefix("\(name) was not deleted: "))
                    }
                    #expect(naming.count == namesake, "\(name)")
                }
                // Both ways a 503 on a DELETE can go: read back and found, or the read getting a 503
                // too (read again at `r`, never put back for it).
                #expect(alerts.contains { $0.message.hasPrefix("The server did not answer; ") })
                #expect(!alerts.contains { $0.title == "Delete outcome unknown" })
                let unansweredReads = runner.exchanges.filter { exchange in
                    guard exchange.request.method == .GET, exchange.request.path.contains("/sobjects/Contact/"),
                        case .failure(let error) = exchange.result
                    else { return false }
                    return error.httpStatus == 503
                }
                #expect(!unansweredReads.isEmpty)
            }
        }
    }

    @Test("a contact deleted elsewhere: settled as deleted, no alert, and the status line says so")
    func alreadyDeletedElsewhere() async throws {
        try await LiveOrg.with(MockOrgConfiguration(contacts: 30)) { org in
            var runner = try await Self.loaded(client: org.client)
            let target = runner.model.dataRows[3]
            _ = try await org.client.send(
                org.client.requestForDelete(withObjectType: "Contact", objectId: target.id, apiVersion: nil))
            let deletedRow = runner.delete(atShown: 3)
            #expect(deletedRow?.id == target.id)
            let settled = await runner.settle()
            #expect(settled)
            let answer = try #require(runner.exchanges.last { $0.request.method == .DELETE })
            #expect(answer.result.failureStatus == 404)
            #expect(runner.model.notices.alerts.isEmpty)
            #expect(runner.model.notices.statusMessage == "\(target.displayName) was already deleted")
            let audit = try await Self.audit(runner, deleted: [target], org: org)
            #expect(audit.isClean, "\(audit)")
        }
    }

    @Test(
        "refused writes (--fail-rate 1): each row comes back in its order, the selection stays on its record, one alert each"
    )
    func refusedDeletesComeBackInOrder() async throws {
        try await LiveOrg.with(MockOrgConfiguration(contacts: 30, failRate: 1)) { org in
            var runner = try await Self.loaded(client: org.client)
            let original = runner.model.dataRows
            let deleted = [6, 2, 2].compactMap { runner.delete(atShown: $0) }
            #expect(deleted.count == 3)
            let selectedBefore = runner.model.selectedRecord?.id
            let settled = await runner.settle()
            #expect(settled)
            #expect(Array(runner.model.dataRows.prefix(3)) == [original[2], original[3], original[6]])
            #expect(runner.model.selectedRecord?.id == selectedBefore)
            #expect(runner.model.notices.alerts.count == 3)
            for record in deleted {
                #expect(
                    runner.model.notices.alerts.filter {
                        $0.title == "Cannot delete item"
                            && $0.message.hasPrefix("\(record.displayName) was not deleted: ")
                    }.count == 1)
            }
            let audit = try await Self.audit(runner, deleted: deleted, org: org)
            #expect(audit.isClean, "\(audit)")
        }
    }

    @Test("past --api-limit: a delete is refused naming the limit, and a refresh says the daily limit is used up")
    func requestLimitExceeded() async throws {
        let configuration = MockOrgConfiguration(contacts: 30, apiLimit: 1)
        try await LiveOrg.with(configuration) { org in
            var runner = try await Self.loaded(client: org.client)
            let recordRow = runner.delete(atShown: 0)
            let record = try #require(recordRow)
            let settled = await runner.settle()
            #expect(settled)
            #expect(
                runner.model.notices.alerts == [
                    Alert(
                        title: "Cannot delete item",
                        message: "\(record.displayName) was not deleted: TotalRequests Limit exceeded.")
                ])
            #expect(runner.model.dataRows.first == record)
            runner.press(.enter)
            runner.press(.character("r"))
            let refreshed = await runner.settle()
            #expect(refreshed)
            #expect(
                runner.model.notices.statusMessage
                    == "Could not load contacts: The org's daily API request limit is used up "
                    + "(REQUEST_LIMIT_EXCEEDED: TotalRequests Limit exceeded.) — r to retry")
            #expect(runner.model.dataRows.count == 30)
        }
    }
}

extension Result where Failure == RestClientError {
    /// The HTTP status of a failure the server answered; nil otherwise.
    var failureStatus: Int? {
        if case .failure(let error) = self { return error.httpStatus }
        return nil
    }
}
