import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import MockOrg

/// The token endpoint's options that a real connected app may have: rotating refresh tokens and a
/// required client secret.
@Suite struct OAuthOptionTests {
    static let form: HTTPFields = [.contentType: "application/x-www-form-urlencoded"]

    func refresh(
        _ client: some TestClientProtocol, _ refreshToken: String, extra: String = ""
    ) async throws
        -> JSONReply
    {
        try await client.send(
            .post, "/services/oauth2/token", headers: Self.form,
            body: "grant_type=refresh_token&client_id=abc&refresh_token=" + encodedQuery(refreshToken) + extra)
    }

    @Test func aRotatingOrgAnswersWithANewRefreshTokenAndRetiresTheOldOne() async throws {
        var configuration = MockOrgConfiguration(contacts: 3)
        configuration.rotatesRefreshTokens = true
        let org = TestOrg(configuration)
        try await org.test { client in
            let first = try await refresh(client, org.instance.refreshToken)
            #expect(first.status == 200)
            let rotated = try #require(first.object?["refresh_token"] as? String)
            #expect(rotated != org.instance.refreshToken)
            #expect(rotated.hasPrefix("5Aep861"))

            let again = try await refresh(client, org.instance.refreshToken)
            #expect(again.status == 400)
            #expect(again.object?["error"] as? String == "invalid_grant")

            let second = try await refresh(client, rotated)
            #expect(second.status == 200)
            #expect(second.object?["refresh_token"] as? String != rotated)
        }
    }

    @Test func byDefaultARefreshAnswerHasNoRefreshTokenAndTheOldOneKeepsWorking() async throws {
        let org = TestOrg(MockOrgConfiguration(contacts: 3))
        try await org.test { client in
            for _ in 0..<2 {
                let reply = try await refresh(client, org.instance.refreshToken)
                #expect(reply.status == 200)
                #expect(reply.object?["refresh_token"] == nil)
            }
        }
    }

    @Test func aRequiredClientSecretRefusesAMissingOrWrongOne() async throws {
        var configuration = MockOrgConfiguration(contacts: 3)
        configuration.clientID = "abc"
        configuration.clientSecret = "s3cret"
        let org = TestOrg(configuration)
        try await org.test { client in
            for extra in ["", "&client_secret=wrong", "&client_secret=s3cre"] {
                let reply = try await refresh(client, org.instance.refreshToken, extra: extra)
                #expect(reply.status == 400)
                #expect(reply.object?["error"] as? String == "invalid_client")
                #expect(reply.object?["error_description"] as? String == "invalid client credentials")
            }
            let good = try await refresh(client, org.instance.refreshToken, extra: "&client_secret=s3cret")
            #expect(good.status == 200)
            let credentials = try await client.send(
                .post, "/services/oauth2/token", headers: Self.form,
                body: "grant_type=client_credentials&client_id=abc&client_secret=other")
            #expect(credentials.object?["error"] as? String == "invalid_client")
        }
    }

    @Test func aMaximumVersionEndsTheListAndNewerVersionsAreNotFound() async throws {
        var configuration = MockOrgConfiguration(contacts: 3)
        configuration.maxAPIVersion = 60
        let org = TestOrg(configuration)
        try await org.test { client in
            let versions = try await client.get("/services/data/", headers: [:])
            let listed = (versions.json as? [[String: Any]])?.compactMap { $0["version"] as? String } ?? []
            #expect(listed.first == "31.0")
            #expect(listed.last == "60.0")
            #expect(listed.count == 30)

            let newer = try await client.query("SELECT Id FROM Contact", headers: org.authorization)
            #expect(newer.status == 404)
            #expect(newer.error?.code == "NOT_FOUND")
            #expect(newer.error?.message == "The requested resource does not exist")
            let resources = try await client.get("/services/data/v61.0/", headers: org.authorization)
            #expect(resources.status == 404)

            let served = try await client.query(
                "SELECT Id FROM Contact", headers: org.authorization, path: "/services/data/v60.0/query")
            #expect(served.status == 200)
            #expect(served.records.count == 3)
        }
    }
}
