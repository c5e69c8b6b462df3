import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import SOQL
import Testing

@testable import MockOrg

/// `/services/oauth2/userinfo`, and the replica's sync filters on `SystemModstamp`.
@Suite struct UserInfoRouteTests {
    @Test func userInfoNamesTheTokensUserAndOrgAsSalesforceDoes() async throws {
        let org = TestOrg(MockOrgConfiguration(contacts: 3))
        try await org.test { client in
            for method in [HTTPRequest.Method.get, .post] {
                let reply = try await client.execute(
                    uri: "/services/oauth2/userinfo", method: method, headers: org.authorization
                ) { JSONReply($0) }
                #expect(reply.status == 200)
                let body = try #require(reply.object)
                let userID = try #require(body["user_id"] as? String)
                let orgID = try #require(body["organization_id"] as? String)
                #expect(userID == MockOrgConfiguration.orgUserID)
                #expect(userID.count == 18 && userID.hasPrefix("005"))
                #expect(orgID.count == 18 && orgID.hasPrefix("00D"))
                #expect(body["sub"] as? String == "https://login.salesforce.com/id/\(orgID)/\(userID)")
                #expect(body["preferred_username"] as? String == "demo@example.com")
            }
            let byParameter = try await client.get(
                "/services/oauth2/userinfo?access_token=" + encodedQuery(org.instance.accessToken), headers: [:])
            #expect(byParameter.object?["user_id"] as? String == MockOrgConfiguration.orgUserID)
        }
    }

    @Test func userInfoWithoutALiveTokenIsBadOAuthToken() async throws {
        let org = TestOrg(MockOrgConfiguration(contacts: 3))
        try await org.test { client in
            for headers: HTTPFields in [[:], [.authorization: "Bearer nope"]] {
                let status = try await client.execute(
                    uri: "/services/oauth2/userinfo", method: .get, headers: headers
                ) { response in
                    #expect(String(buffer: response.body) == "Bad_OAuth_Token")
                    return response.status.code
                }
                #expect(status == 403)
            }
            let put = try await client.send(.put, "/services/oauth2/userinfo", headers: org.authorization, body: "")
            #expect(put.status == 405)
        }
    }

    /// What an incremental sync asks: rows stamped after an instant, and those that no longer match.
    @Test func systemModstampComparesWithADateTimeLiteralAndNotNegates() async throws {
        let org = TestOrg(MockOrgConfiguration(contacts: 60))
        try await org.test { client in
            let all = try await client.query(
                "SELECT Id, SystemModstamp FROM Contact ORDER BY SystemModstamp", headers: org.authorization
            ).records
            let stamps = all.compactMap { $0["SystemModstamp"] as? String }
            #expect(stamps.count == 60)
            #expect(Set(stamps).count > 1, "the seed stamps records at different instants")
            // A datetime literal to the second, as a sync writes it from the last stamp seen.
            let instant = String(stamps[stamps.count / 2].prefix(19))
            let stampOfInstant = instant + ".000+0000"
            let after = try await client.query(
                "SELECT Id FROM Contact WHERE SystemModstamp > \(instant)Z", headers: org.authorization)
            #expect(after.status == 200)
            #expect(after.records.count == stamps.filter { $0 > stampOfInstant }.count)
            #expect(after.records.count > 0)
            let notAfter = try await client.query(
                "SELECT Id FROM Contact WHERE NOT (SystemModstamp > \(instant)Z)", headers: org.authorization)
            #expect(notAfter.records.count == stamps.filter { $0 <= stampOfInstant }.count)
            #expect(notAfter.records.count > 0)
        }
    }
}

/// The incremental sync's queries, as `SOQLSyncRewriter` writes them, answered by the org.
@Suite struct SyncQueryRouteTests {
    @Test func theSyncQueriesFindTheRowsChangedAndThoseThatLeftTheList() async throws {
        let org = TestOrg(MockOrgConfiguration(contacts: 40))
        let query = "SELECT Id, Name, Title FROM Contact WHERE Title != null ORDER BY Name"
        try await org.test { client in
            let rows = try await client.query(query, headers: org.authorization).records
            let latest = try #require(
                try await client.query(
                    "SELECT SystemModstamp FROM Contact ORDER BY SystemModstamp DESC LIMIT 1",
                    headers: org.authorization
                ).records.first?["SystemModstamp"] as? String)
            #expect(rows.count > 2)
            // One row keeps matching with a new title; another loses its title and leaves the list.
            let kept = try #require(rows[0]["Id"] as? String)
            let left = try #require(rows[1]["Id"] as? String)
            try await Task.sleep(for: .milliseconds(5))
            for (id, title) in [(kept, "\"Chief\""), (left, "null")] {
                let reply = try await client.send(
                    .patch, "/services/data/v66.0/sobjects/Contact/\(id)",
                    headers: org.authorization, body: "{\"Title\": \(title)}")
                #expect(reply.status == 204)
            }
            let changed = try #require(SOQLSyncRewriter.changed(query, since: latest))
            #expect(
                try await client.query(changed, headers: org.authorization).records.compactMap { $0["Id"] as? String }
                    == [kept])
            let stopped = try #require(SOQLSyncRewriter.stoppedMatching(query, since: latest))
            #expect(
                try await client.query(stopped, headers: org.authorization).records.compactMap { $0["Id"] as? String }
                    == [left])
        }
    }
}
