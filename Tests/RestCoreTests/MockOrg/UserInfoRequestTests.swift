import MockOrg
import RestCore
import TestSupport
import Testing

@Suite("RestClient.userInfo against the mock org")
struct UserInfoRequestTests {
    @Test("the factory asks GET /services/oauth2/userinfo, outside the versioned data path")
    func factoryShape() async throws {
        try await LiveOrg.with { org in
            let request = org.client.requestForUserInfo()
            #expect(request.method == .GET)
            #expect(request.path == "/services/oauth2/userinfo")
        }
    }

    @Test("the session's user and org come back as 18-character ids")
    func decodesTheUserAndOrg() async throws {
        try await LiveOrg.with { org in
            let info = try await org.client.userInfo()
            #expect(info.userID == MockOrgConfiguration.orgUserID)
            #expect(info.organizationID.count == 18 && info.organizationID.hasPrefix("00D"))
            #expect(info.preferredUsername == "demo@example.com")
        }
    }
}
