import MockOrg
import RestCore
import SOQL
import TestSupport
import Testing

@testable import RecordOutput

/// The describes a bulk job's CSV is read by (`BulkCSVRecords.plan`): one Composite call for the
/// query's object and the parents its columns most likely reach, where each describe alone was a
/// call; a wrong guess read alone afterwards; and one call each before API 38.0.
@Suite struct BulkDescribesTests {
    /// The plan of `soql` against a new org, and the API calls it took.
    static func plan(_ soql: String, version: APIVersion? = nil) async throws -> (BulkCSVRecords, Int?) {
        try await LiveOrg.with(configure: { configuration, _ in
            if let version { configuration.apiVersion = version }
        }) { org in
            let (selectList, object) = try BulkJobRecords.statement(soql)
            let plan = try await BulkCSVRecords.plan(
                for: soql, columns: selectList.columns, object: object, client: org.client)
            return (plan.records, org.client.apiUsage?.used)
        }
    }

    @Test func theObjectAndItsParentAreDescribedInOneCall() async throws {
        let soql = "SELECT Id, Name, Email, Account.Name, Account.AnnualRevenue, MailingAddress FROM Contact"
        let (records, calls) = try await Self.plan(soql)
        #expect(calls == 1)
        let (alone, separateCalls) = try await Self.plan(soql, version: APIVersion(37))
        #expect(separateCalls == 2, "before the Composite resource, one call per object")
        #expect(records.kinds == alone.kinds && records.kinds["account.annualrevenue"] == .number)
        #expect(records.addresses == alone.addresses && !records.addresses.isEmpty)
    }

    @Test func aParentTheNameDoesNotTellIsDescribedAloneAfterwards() async throws {
        let (records, calls) = try await Self.plan("SELECT Id, Owner.Name, Owner.IsActive FROM Contact")
        #expect(calls == 2, "Contact and a guessed Owner together, then User")
        #expect(records.kinds["owner.isactive"] == .boolean)
    }

    /// The plan of `soql` with its count asked for, against an org of `contacts`, and the API calls it took.
    static func countedPlan(_ soql: String, contacts: Int) async throws -> (Int?, Int?) {
        try await LiveOrg.with(MockOrgConfiguration(contacts: contacts)) { org in
            let (selectList, object) = try BulkJobRecords.statement(soql)
            let count = try #require(SOQLCountRewriter.counting(soql))
            let plan = try await BulkCSVRecords.plan(
                for: soql, columns: selectList.columns, object: object, client: org.client,
                counting: org.client.request(forQuery: count))
            return (plan.expectedRecords, org.client.apiUsage?.used)
        }
    }

    @Test func theCountOfTheRowsComesInTheSameCall() async throws {
        let (count, calls) = try await Self.countedPlan(
            "SELECT Id, Name FROM Contact WHERE Name LIKE 'A%' ORDER BY Name LIMIT 100000", contacts: 3_000)
        let (all, _) = try await Self.countedPlan("SELECT Id, Name FROM Contact ORDER BY Name", contacts: 3_000)
        let (limited, _) = try await Self.countedPlan("SELECT Id FROM Contact LIMIT 25", contacts: 3_000)
        #expect(calls == 1, "the one object's describe and the count in one Composite call")
        #expect(all == 3_000 && limited == 25)
        #expect(try #require(count) > 0 && count! < 3_000)
    }

    @Test func aCountTheOrgRefusesIsLeftOutAndTheDescribesStay() async throws {
        // FOR VIEW is taken off by the rewriter, so a refused count is made by hand: a field that is not there.
        try await LiveOrg.with(MockOrgConfiguration(contacts: 10)) { org in
            let soql = "SELECT Id, Email FROM Contact"
            let (selectList, object) = try BulkJobRecords.statement(soql)
            let plan = try await BulkCSVRecords.plan(
                for: soql, columns: selectList.columns, object: object, client: org.client,
                counting: org.client.request(forQuery: "SELECT COUNT() FROM Contact WHERE NoSuchField__c = 1"))
            #expect(plan.expectedRecords == nil)
            #expect(plan.records.kinds["email"] == .text)
            #expect(org.client.apiUsage?.used == 1)
        }
    }

    @Test func likelyParentsAreTheRelationshipNamesOfEachPathOnce() throws {
        let selectList = try #require(
            SelectList(soql: "SELECT Id, Account.Name, Account.Owner.Name, Parent__r.Name, account.Id FROM Contact"))
        #expect(BulkCSVRecords.likelyParents(of: selectList.columns) == ["Account", "Owner", "Parent__c"])
    }
}
