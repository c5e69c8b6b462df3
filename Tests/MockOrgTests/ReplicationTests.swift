import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import MockOrg

/// `sobjects/{object}/deleted/` and `…/updated/`, in the REST API Developer Guide's shapes and limits.
@Suite struct ReplicationTests {
    static let base = "/services/data/v66.0/sobjects/Contact"

    /// `2024-05-01T10:00:00+00:00`, as simple-salesforce sends it.
    static func text(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withColonSeparatorInTimeZone]
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: date).replacingOccurrences(of: "Z", with: "+00:00")
    }

    static func window(_ resource: String, from start: Date, to end: Date) -> String {
        base + "/" + resource + "/?start=" + encodedQuery(text(start)) + "&end=" + encodedQuery(text(end))
    }

    @Test func deletedRecordsAreListedWithTheirDates() async throws {
        let org = TestOrg(MockOrgConfiguration(contacts: 40))
        try org.instance.store.withTables { tables in
            for row in tables.cases.indices { tables.cases[row].isDeleted = true }
        }
        let ids = [3, 5].map { SalesforceID.make(keyPrefix: "003", serial: $0) }
        try await org.test { client in
            for id in ids { _ = try await client.delete(Self.base + "/" + id, headers: org.authorization) }
            let now = Date()
            let reply = try await client.get(
                Self.window("deleted", from: now - 3600, to: now + 3600), headers: org.authorization)
            #expect(reply.status == 200)
            let records = try #require(reply.object?["deletedRecords"] as? [[String: Any]])
            #expect(records.compactMap { $0["id"] as? String } == ids)
            #expect(records.allSatisfy { ($0["deletedDate"] as? String)?.hasSuffix("+0000") == true })
            #expect(reply.object?["earliestDateAvailable"] is String)
            let covered = try #require(reply.object?["latestDateCovered"] as? String)
            // Covered up to now, not to the end asked for, an hour ahead.
            #expect(covered < Self.text(now + 60).replacingOccurrences(of: "+00:00", with: ".000+0000"))

            // A window that ended before the deletes holds none of them.
            let before = try await client.get(
                Self.window("deleted", from: now - 7200, to: now - 3600), headers: org.authorization)
            #expect((before.object?["deletedRecords"] as? [Any])?.isEmpty == true)
        }
    }

    @Test func updatedRecordsAreTheLiveOnesChangedInTheWindow() async throws {
        var configuration = MockOrgConfiguration(contacts: 60)
        // No seeded edit falls in the last days.
        configuration.recentEditsBefore = Date(timeIntervalSince1970: 1_700_000_000)
        let org = TestOrg(configuration)
        let changed = SalesforceID.make(keyPrefix: "003", serial: 7)
        let deleted = SalesforceID.make(keyPrefix: "003", serial: 8)
        try org.instance.store.withTables { tables in
            for row in tables.cases.indices { tables.cases[row].isDeleted = true }
        }
        try await org.test { client in
            let patched = try await client.send(
                .patch, Self.base + "/" + changed, headers: org.authorization, body: #"{"Title":"New"}"#)
            #expect(patched.status == 204)
            _ = try await client.send(
                .patch, Self.base + "/" + deleted, headers: org.authorization, body: #"{"Title":"X"}"#)
            _ = try await client.delete(Self.base + "/" + deleted, headers: org.authorization)
            let created = try await client.send(
                .post, Self.base, headers: org.authorization, body: #"{"LastName":"Fresh"}"#)
            let fresh = try #require(created.object?["id"] as? String)
            let now = Date()
            let reply = try await client.get(
                Self.window("updated", from: now - 600, to: now + 600), headers: org.authorization)
            #expect(reply.status == 200)
            #expect(reply.object?["ids"] as? [String] == [changed, fresh])
            #expect(reply.object?["latestDateCovered"] is String)
        }
    }

    /// A window each resource refuses: seconds from now to its start and its end.
    struct BadWindow: Sendable {
        let resource: String
        let start: Double
        let end: Double
    }

    static let badWindows: [BadWindow] = [
        BadWindow(resource: "updated", start: -600, end: -600),
        BadWindow(resource: "updated", start: 0, end: -3600),
        BadWindow(resource: "updated", start: -31 * 86_400, end: -30 * 86_400),
        BadWindow(resource: "deleted", start: -16 * 86_400, end: -86_400),
    ]

    @Test(arguments: badWindows)
    func badWindowsAreRefused(window: BadWindow) async throws {
        let org = TestOrg(MockOrgConfiguration(contacts: 5))
        let now = Date()
        try await org.test { client in
            let reply = try await client.get(
                Self.window(window.resource, from: now + window.start, to: now + window.end),
                headers: org.authorization)
            #expect(reply.status == 400)
            #expect(reply.error?.code == "INVALID_REPLICATION_DATE")
        }
    }

    @Test func missingOrUnreadableDatesAreRefused() async throws {
        let org = TestOrg(MockOrgConfiguration(contacts: 5))
        try await org.test { client in
            for query in ["", "?start=2024-01-01T00:00:00Z", "?start=yesterday&end=today"] {
                let reply = try await client.get(Self.base + "/deleted/" + query, headers: org.authorization)
                #expect(reply.status == 400)
                #expect(reply.error?.code == "MISSING_ARGUMENT")
            }
        }
    }
}
