extension RestClient {
    /// `GET /services/oauth2/userinfo`: the session's user and org.
    public func requestForUserInfo() -> RestRequest {
        RestRequest(method: .GET, path: "/services/oauth2/userinfo")
    }

    /// The session's user and org, read from `userinfo`.
    public func userInfo() async throws(RestClientError) -> UserInfo {
        try await send(requestForUserInfo()).decode(UserInfo.self)
    }
}
