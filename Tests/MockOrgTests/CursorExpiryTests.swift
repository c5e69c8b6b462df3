import Foundation
import NIOCore
import Testing

@testable import MockOrg

/// An expired query locator is refused with INVALID_QUERY_LOCATOR, even before the org's
/// once-a-second sweep of old cursors has run.
@Suite struct CursorExpiryTests {
    /// The locator and offset of a page's `nextRecordsUrl`.
    static func next(_ page: ByteBuffer) throws -> (locator: String, offset: Int) {
        let json = try JSONSerialization.jsonObject(with: Data(buffer: page)) as? [String: Any]
        let url = try #require(json?["nextRecordsUrl"] as? String)
        let parts = try #require(url.split(separator: "/").last?.split(separator: "-"))
        return (String(parts[0]), try #require(Int(parts[1])))
    }

    @Test func aCursorUnusedForItsLifetimeIsRefused() async throws {
        let store = OrgStore(
            generator: SeedGenerator(seed: 1, contactCount: 450), cursorLifetime: .milliseconds(300))
        let first = try store.query(
            "SELECT Id FROM Contact", includeDeleted: false, batchSize: 200, apiVersion: "v66.0", now: 0)
        let (locator, offset) = try Self.next(first)
        // Used within its lifetime: served, and its lifetime starts again.
        let second = try store.nextPage(locator: locator, offset: offset, batchSize: nil, apiVersion: "v66.0")
        #expect(try Self.next(second).offset == 400)
        try await Task.sleep(for: .milliseconds(450))
        #expect {
            try store.nextPage(locator: locator, offset: 400, batchSize: nil, apiVersion: "v66.0")
        } throws: { error in
            (error as? APIError)?.errorCode == "INVALID_QUERY_LOCATOR"
        }
    }
}
