/// Whose replica and outbox a file holds: one org and one user in it, as the org's
/// `/services/oauth2/userinfo` names them, so that two users or two orgs on one machine never
/// see each other's rows.
public struct ReplicaOwner: Hashable, Sendable {
    /// The org's id (`organization_id`).
    public let orgID: String
    /// The user's id (`user_id`).
    public let userID: String

    /// Nil unless both are Salesforce ids (15 or 18 letters and digits): they name files, so
    /// nothing else (a path, a dot) may get into a file name.
    public init?(orgID: String, userID: String) {
        guard Self.isID(orgID), Self.isID(userID) else { return nil }
        self.orgID = orgID
        self.userID = userID
    }

    /// The file name both folders use for this owner.
    var fileName: String { "\(orgID)-\(userID).sqlite" }

    /// The owner a file name of `fileName` stands for; nil for any other file.
    init?(fileName: String) {
        guard fileName.hasSuffix(".sqlite") else { return nil }
        let parts = fileName.dropLast(".sqlite".count).split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2 else { return nil }
        self.init(orgID: String(parts[0]), userID: String(parts[1]))
    }

    private static func isID(_ text: String) -> Bool {
        (text.utf8.count == 15 || text.utf8.count == 18)
            && text.utf8.allSatisfy { (48...57).contains($0) || (65...90).contains($0) || (97...122).contains($0) }
    }
}
