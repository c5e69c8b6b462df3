import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import MockOrg

/// Deleted records stay in the Recycle Bin: hidden from query and retrieval, shown by queryAll,
/// restored by undelete, purged after the bin's time to live.
@Suite struct RecycleBinTests {
    static let base = "/services/data/v66.0"

    @Test func aDeletedRecordIsOnlyInQueryAll() async throws {
        let org = TestOrg(MockOrgConfiguration(contacts: 30))
        let id = SalesforceID.make(keyPrefix: "003", serial: 4)
        try await org.test { client in
            #expect(
                try await client.delete(Self.base + "/sobjects/Contact/" + id, headers: org.authorization).status == 204
            )
            let soql = "SELECT Id, IsDeleted FROM Contact WHERE Id = '\(id)'"
            #expect(try await client.query(soql, headers: org.authorization).records.isEmpty)
            let all = try await client.query(soql, headers: org.authorization, path: Self.base + "/queryAll")
            #expect(all.records.first?["IsDeleted"] as? Bool == true)
            let bin = try await client.query(
                "SELECT Id FROM Contact WHERE IsDeleted = true", headers: org.authorization,
                path: Self.base + "/queryAll")
            #expect(bin.records.compactMap { $0["Id"] as? String } == [id])

            let gone = try await client.get(Self.base + "/sobjects/Contact/" + id, headers: org.authorization)
            #expect(gone.status == 404)
            #expect(gone.error?.code == "ENTITY_IS_DELETED")
            let search = try await client.get(
                Self.base + "/search?q=" + encodedQuery("FIND {example} RETURNING Contact(Id)"),
                headers: org.authorization)
            let found = (search.object?["searchRecords"] as? [[String: Any]])?.compactMap { $0["Id"] as? String }
            #expect(!(found ?? []).isEmpty, "the search finds the live contacts")
            #expect(found?.contains(id) == false)
        }
    }

    @Test func queryAllPagesThroughTheBin() async throws {
        let org = TestOrg(MockOrgConfiguration(contacts: 400))
        let ids = (1...300).map { SalesforceID.make(keyPrefix: "003", serial: $0) }
        // Cases would refuse some deletes; take them away first.
        try org.instance.store.withTables { tables in
            for row in tables.cases.indices { tables.cases[row].isDeleted = true }
        }
        try await org.test { client in
            for chunk in [ids[0..<200], ids[200...]] {
                let reply = try await client.delete(
                    Self.base + "/composite/sobjects?allOrNone=false&ids=" + chunk.joined(separator: ","),
                    headers: org.authorization)
                #expect(reply.status == 200)
            }
            var headers = org.authorization
            headers[HTTPField.Name("Sforce-Query-Options")!] = "batchSize=200"
            let first = try await client.query(
                "SELECT Id FROM Contact WHERE IsDeleted = true ORDER BY Id", headers: headers,
                path: Self.base + "/queryAll")
            #expect(first.object?["totalSize"] as? Int == 300)
            #expect(first.records.count == 200)
            let next = try #require(first.object?["nextRecordsUrl"] as? String)
            let second = try await client.get(next, headers: org.authorization)
            let seen = (first.records + second.records).compactMap { $0["Id"] as? String }
            #expect(seen.count == 300 && Set(seen) == Set(ids))
            #expect(second.object?["done"] as? Bool == true)
        }
    }

    @Test func undeleteRestoresAnAccountWithTheContactsItsDeleteTook() throws {
        let org = TestOrg(MockOrgConfiguration(contacts: 200))
        let store = org.instance.store
        let (account, contacts) = try store.withTables { tables in
            let serial = tables.contacts.first { $0.accountSerial > 0 }!.accountSerial
            let rows = tables.contacts.indices.filter { tables.contacts[$0].accountSerial == serial }
            return (Int(serial) - 1, rows)
        }
        // Cases would refuse the delete; take them away first.
        try store.withTables { tables in
            for row in tables.cases.indices { tables.cases[row].isDeleted = true }
        }
        let accountID = SalesforceID.make(keyPrefix: "001", serial: account + 1)
        let lonely = try #require(contacts.first)
        // One contact deleted before its account stays deleted when the account comes back.
        try store.delete(.contact, id: SalesforceID.make(keyPrefix: "003", serial: lonely + 1), now: 1_000)
        try store.delete(.account, id: accountID, now: 2_000)
        try store.withTables { tables in
            #expect(contacts.allSatisfy { tables.contacts[$0].isDeleted })
        }
        let outcomes = store.undelete(ids: [accountID, accountID], now: 3_000)
        #expect(outcomes[0].error == nil)
        #expect(outcomes[1].error?.statusCode == "UNDELETE_FAILED")
        try store.withTables { tables in
            #expect(!tables.accounts[account].isDeleted)
            #expect(tables.contacts[lonely].isDeleted)
            #expect(contacts.dropFirst().allSatisfy { !tables.contacts[$0].isDeleted })
            #expect(tables.accounts[account].lastModifiedDate == 3_000)
        }
        let refused = store.undelete(ids: ["003nope", SalesforceID.make(keyPrefix: "00Q", serial: 1)], now: 3_000)
        #expect(refused.map { $0.error?.statusCode } == ["MALFORMED_ID", "INVALID_ID_FIELD"])
    }

    @Test func aRecordIsPurgedAfterTheBinsTimeToLive() throws {
        var configuration = MockOrgConfiguration(contacts: 20)
        configuration.recycleBinTTL = .seconds(60)
        let org = TestOrg(configuration)
        let store = org.instance.store
        let kept = SalesforceID.make(keyPrefix: "003", serial: 1)
        let purged = SalesforceID.make(keyPrefix: "003", serial: 2)
        try store.delete(.contact, id: purged, now: 1_000)
        try store.delete(.contact, id: kept, now: 30_000)
        let later: Int64 = 61_000
        let all = try store.query(
            "SELECT Id FROM Contact WHERE IsDeleted = true", includeDeleted: true, batchSize: 2000,
            apiVersion: "v66.0", now: later)
        let text = String(buffer: all)
        #expect(text.contains(kept) && !text.contains(purged))
        #expect(throws: APIError.self) {
            try store.retrieve(.contact, id: purged, fields: nil, apiVersion: "v66.0", now: later)
        }
        do {
            _ = try store.retrieve(.contact, id: purged, fields: nil, apiVersion: "v66.0", now: later)
        } catch {
            #expect(error.errorCode == "NOT_FOUND")
        }
        let outcomes = store.undelete(ids: [purged, kept], now: later)
        #expect(outcomes[0].error?.statusCode == "UNDELETE_FAILED")
        #expect(outcomes[1].error == nil)
    }
}
