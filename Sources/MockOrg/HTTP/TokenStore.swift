import Foundation
import Synchronization

/// The access and refresh tokens the org accepts, with expiry, compared in constant time.
final class TokenStore: Sendable {
    struct Issued {
        var token: [UInt8]
        var expires: Date?
        /// The token the org started with: never pushed out by later grants (only revoked).
        var pinned = false
    }

    struct State {
        var accessTokens: [Issued] = []
        var refreshTokens: [[UInt8]] = []
    }

    /// Old access tokens beyond this many are forgotten (a client refreshing in a loop cannot grow
    /// memory); the pinned start-up token is never among them.
    static let maxAccessTokens = 256

    let ttl: Duration?
    /// The org's clock, which a test may pin, so that expiry is tested without waiting.
    let clock: @Sendable () -> Date
    /// The org's 18-character id, with its case-safe suffix.
    let orgID = SalesforceID.eighteenCharacter("00D5g000000MOCK")

    /// The identity URL of a user of the org, as a token response's `id` and userinfo's `sub` name it.
    func identityURL(of userID: String) -> String {
        "https://login.salesforce.com/id/" + orgID + "/" + userID
    }
    private let state = Mutex(State())

    /// With `clock` nil, the system's clock.
    init(ttl: Duration?, clock: (@Sendable () -> Date)? = nil) {
        self.ttl = ttl
        self.clock = clock ?? { Date() }
    }

    /// Issues a new access token (or registers a given one); a pinned one is never pushed out.
    func issueAccessToken(_ given: String? = nil, pinned: Bool = false) -> String {
        let token = given ?? Self.randomToken(prefix: String(orgID.prefix(15)) + "!")
        let expires = ttl.map {
            clock().addingTimeInterval(Double($0.components.seconds) + Double($0.components.attoseconds) / 1e18)
        }
        state.withLock { state in
            state.accessTokens.append(Issued(token: Array(token.utf8), expires: expires, pinned: pinned))
            if state.accessTokens.count > Self.maxAccessTokens,
                let oldest = state.accessTokens.firstIndex(where: { !$0.pinned })
            {
                state.accessTokens.remove(at: oldest)
            }
        }
        return token
    }

    func issueRefreshToken() -> String {
        let token = Self.randomToken(prefix: "5Aep861")
        state.withLock { $0.refreshTokens.append(Array(token.utf8)) }
        return token
    }

    /// Exchanges a live refresh token for a new one, the old one no longer working; nil if
    /// `token` is not live (another exchange got it first, say).
    func rotateRefreshToken(_ token: some StringProtocol) -> String? {
        let presented = Array(token.utf8)
        let replacement = Self.randomToken(prefix: "5Aep861")
        return state.withLock { state in
            guard let index = state.refreshTokens.firstIndex(where: { Self.constantTimeEqual($0, presented) }) else {
                return nil
            }
            state.refreshTokens[index] = Array(replacement.utf8)
            return replacement
        }
    }

    /// Whether `token` is a live access token. Every stored token is compared in full, whatever matches.
    func isValidAccessToken(_ token: some StringProtocol) -> Bool {
        let presented = Array(token.utf8)
        let now = clock()
        return state.withLock { state in
            var valid = false
            for issued in state.accessTokens {
                let live = issued.expires.map { $0 > now } ?? true
                valid = Self.constantTimeEqual(issued.token, presented) && live || valid
            }
            return valid
        }
    }

    func isValidRefreshToken(_ token: some StringProtocol) -> Bool {
        let presented = Array(token.utf8)
        return state.withLock { state in
            var valid = false
            for stored in state.refreshTokens {
                valid = Self.constantTimeEqual(stored, presented) || valid
            }
            return valid
        }
    }

    /// Forgets an access or refresh token; true if it was known.
    func revoke(_ token: some StringProtocol) -> Bool {
        let presented = Array(token.utf8)
        return state.withLock { state in
            let before = state.accessTokens.count + state.refreshTokens.count
            state.accessTokens.removeAll { Self.constantTimeEqual($0.token, presented) }
            state.refreshTokens.removeAll { Self.constantTimeEqual($0, presented) }
            return state.accessTokens.count + state.refreshTokens.count < before
        }
    }

    /// Compares every byte of the longer input, so the time does not tell where they differ.
    /// Inputs of different lengths are never equal (the missing bytes read as zero only to keep
    /// the loop's shape; a token padded with NULs must not match).
    static func constantTimeEqual(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        var difference: UInt8 = a.count == b.count ? 0 : 1
        let length = max(a.count, b.count)
        for index in 0..<length {
            let x = index < a.count ? a[index] : 0
            let y = index < b.count ? b[index] : 0
            difference |= x ^ y
        }
        return difference == 0
    }

    static func randomToken(prefix: String, length: Int = 96) -> String {
        let alphabet = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz._".utf8)
        var generator = SystemRandomNumberGenerator()
        let body = (0..<length).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] }
        return prefix + String(decoding: body, as: UTF8.self)
    }
}
