import Foundation
import MockOrg
import RestCore
import TestSupport
import Testing

@testable import ContactList
@testable import Replica

/// Creates (`c`) and undeletes (`U`) in the durable outbox: a process dropped mid-create or
/// mid-undelete leaves entries the next start reconciles by reading the org, never by sending
/// them again: nothing lost, nothing sent twice, the outbox empty afterwards.
@Suite("Creates and undeletes a dropped process left in the outbox")
struct OutboxLeftCreateUndeleteTests {
    static let lastName = "Zz Outbox"

    /// The outbox file and the runners of the delete tests.
    let outbox: OutboxResumeTests
    init() throws { outbox = try OutboxResumeTests() }

    func openJournal() throws -> OutboxJournal { try outbox.openJournal() }

    func loaded(_ org: LiveOrg, journal: OutboxJournal) async throws -> ModelRunner {
        try await outbox.loaded(org, journal: journal)
    }

    /// `c` with the describe read, and a last name typed in the form's first field.
    func openFormAndType(_ runner: inout ModelRunner) async {
        runner.press(.character("c"))
        #expect(await runner.settle())
        for character in Self.lastName { runner.press(.character(character)) }
        #expect(runner.model.createForm?.typedValues == ["LastName": Self.lastName])
    }

    /// The ids of the org's records named `lastName`.
    static func created(in org: LiveOrg) async throws -> Set<String> {
        try await DeleteAudit.ids(in: org.client, soql: "SELECT Id FROM Contact WHERE LastName = '\(lastName)'")
    }

    @Test("dropped after the POST reached the org: the next start finds the record, sends nothing again")
    func createReachedTheOrg() async throws {
        try await LiveOrg.with(MockOrgConfiguration(contacts: 8)) { org in
            let journal = try openJournal()
            var first = try await loaded(org, journal: journal)
            await openFormAndType(&first)
            first.press(.control("s"))
            #expect(try journal.store.entries().map(\.kind) == [.create])
            #expect(
                try journal.store.entries().first?.payload["typed"] == .object(["LastName": .string(Self.lastName)]))
            // The org creates it; the process is dropped before it reads the answer.
            for _ in 0..<400 where try await Self.created(in: org).isEmpty {
                try await Task.sleep(for: .milliseconds(10))
            }
            let ids = try await Self.created(in: org)
            #expect(ids.count == 1)

            let again = try openJournal()
            let second = try await loaded(org, journal: again)
            #expect(second.exchanges.filter { $0.request.method == .POST }.isEmpty, "never sent twice")
            #expect(try await Self.created(in: org) == ids)
            #expect(second.model.dataRows.filter { ids.contains($0.id) }.count == 1)
            #expect(!second.model.dataRows.contains { $0.id.hasPrefix("new:") })
            #expect(second.model.notices.alerts.isEmpty)
            #expect(second.model.run.totalSize == 9, "the org's count holds it once")
            #expect(try again.store.entries() == [])
        }
    }

    @Test("dropped before the POST went: one alert names it and its values, c gives the form back")
    func createNeverWent() async throws {
        try await LiveOrg.with(MockOrgConfiguration(contacts: 8)) { org in
            let journal = try openJournal()
            var first = try await loaded(org, journal: journal)
            await openFormAndType(&first)
            var model = first.model
            // Only the outbox's effect is performed: the process dies before the send.
            for effect in model.handle(key: .control("s")) { _ = try journal.perform(effect) }
            #expect(try journal.store.entries().map(\.kind) == [.create])

            let again = try openJournal()
            var second = try await loaded(org, journal: again)
            #expect(second.exchanges.filter { $0.request.method == .POST }.isEmpty)
            #expect(try await Self.created(in: org).isEmpty)
            #expect(!second.model.dataRows.contains { $0.id.hasPrefix("new:") })
            #expect(
                second.model.notices.alerts == [
                    Alert(
                        title: "From the last session",
                        message: "The create of \(Self.lastName) did not reach the org (LastName: \(Self.lastName)). "
                            + "Press c for the form with these values.")
                ])
            #expect(try again.store.entries() == [])
            second.press(.escape)
            second.press(.character("c"))
            #expect(second.model.createForm?.typedValues == ["LastName": Self.lastName])
        }
    }

    /// A first process that deleted the top row, saw it confirmed, and pressed `U`, performing
    /// only the outbox's effects when `sends` is false; returns the record.
    func deleteThenUndo(_ org: LiveOrg, journal: OutboxJournal, sends: Bool) async throws -> ContactRecord {
        var first = try await loaded(org, journal: journal)
        let deletedRow = first.delete(atShown: 0)
        let record = try #require(deletedRow)
        #expect(await first.settle())
        #expect(try journal.store.entries() == [])
        if sends {
            first.press(.character("U"))
        } else {
            var model = first.model
            for effect in model.handle(key: .character("U")) { _ = try journal.perform(effect) }
        }
        #expect(try journal.store.entries().map(\.kind) == [.undelete])
        #expect(try journal.store.entries().map(\.recordID) == [record.id])
        return record
    }

    @Test("dropped after the undelete reached the org: the next start reads IsDeleted, restores it once")
    func undeleteReachedTheOrg() async throws {
        try await LiveOrg.with(MockOrgConfiguration(contacts: 8)) { org in
            let record = try await deleteThenUndo(org, journal: try openJournal(), sends: true)
            for _ in 0..<400 where try await !DeleteAudit.ids(in: org.client).contains(record.id) {
                try await Task.sleep(for: .milliseconds(10))
            }
            #expect(try await DeleteAudit.ids(in: org.client).contains(record.id))

            let again = try openJournal()
            let second = try await loaded(org, journal: again)
            #expect(second.exchanges.allSatisfy { $0.request.method == .GET }, "the undelete is not sent again")
            #expect(second.exchanges.contains { $0.request.path.contains("/queryAll") })
            #expect(second.model.dataRows.filter { $0.id == record.id }.count == 1)
            #expect(second.model.notices.alerts.isEmpty)
            #expect(try again.store.entries() == [])
            let audit = DeleteAudit(
                model: second.model, orgIDs: try await DeleteAudit.ids(in: org.client), deletedIDs: [])
            #expect(audit.isClean, "\(audit)")
        }
    }

    @Test("dropped before the undelete went: the record stays deleted, and an alert says it was not restored")
    func undeleteNeverWent() async throws {
        try await LiveOrg.with(MockOrgConfiguration(contacts: 8)) { org in
            let record = try await deleteThenUndo(org, journal: try openJournal(), sends: false)

            let again = try openJournal()
            let second = try await loaded(org, journal: again)
            #expect(second.exchanges.allSatisfy { $0.request.method == .GET })
            #expect(try await !DeleteAudit.ids(in: org.client).contains(record.id))
            #expect(!second.model.dataRows.contains { $0.id == record.id })
            #expect(second.model.confirmedDeletedIDs == [record.id])
            #expect(second.model.notices.alerts.count == 1)
            #expect(second.model.notices.alerts.first?.message.contains("was not restored") == true)
            #expect(try again.store.entries() == [])
            let audit = DeleteAudit(
                model: second.model, orgIDs: try await DeleteAudit.ids(in: org.client), deletedIDs: [record.id])
            #expect(audit.isClean, "\(audit)")
        }
    }
}
