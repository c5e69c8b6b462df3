/// Who a session's user is, from `GET /services/oauth2/userinfo` (OpenID Connect, as Salesforce
/// answers it): what keys a user's local data, so that two users or orgs never share it.
public struct UserInfo: Sendable, Hashable, Decodable {
    /// The user's 18-character id (`005…`).
    public let userID: String
    /// The org's 18-character id (`00D…`).
    public let organizationID: String
    /// The user's login name.
    public let preferredUsername: String?

    public init(userID: String, organizationID: String, preferredUsername: String? = nil) {
        self.userID = userID
        self.organizationID = organizationID
        self.preferredUsername = preferredUsername
    }

    enum CodingKeys: String, CodingKey {
        case userID = "user_id"
        case organizationID = "organization_id"
        case preferredUsername = "preferred_username"
    }
}
