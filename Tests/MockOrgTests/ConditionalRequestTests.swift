import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import MockOrg

/// `If-Unmodified-Since` on PATCH (412 when the record changed after it) and `If-Modified-Since`
/// on GET (304 when it did not).
@Suite struct ConditionalRequestTests {
    static let base = "/services/data/v66.0/sobjects/Contact/"

    @Test func httpDatesReadInAllThreeForms() {
        let expected: Int64 = 784_111_777_000
        #expect(HTTPDate.millis("Sun, 06 Nov 1994 08:49:37 GMT") == expected)
        #expect(HTTPDate.millis("Sunday, 06-Nov-94 08:49:37 GMT") == expected)
        #expect(HTTPDate.millis("Sun Nov  6 08:49:37 1994") == expected)
        for bad in ["", "yesterday", "Sun, 31 Feb 1994 08:49:37 GMT", "Sun, 06 Nov 1994 25:49:37 GMT", "2024-01-01"] {
            #expect(HTTPDate.millis(bad) == nil, "\(bad)")
        }
    }

    static func httpDate(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter.string(from: date)
    }

    @Test func aPatchAfterSomeoneElsesChangeIsRefusedWith412() async throws {
        let org = TestOrg(MockOrgConfiguration(contacts: 10))
        let id = SalesforceID.make(keyPrefix: "003", serial: 2)
        try await org.test { client in
            // The seed's change is long before now: the write goes through.
            var headers = org.authorization
            headers[.ifUnmodifiedSince] = Self.httpDate(Date() - 60)
            let first = try await client.send(.patch, Self.base + id, headers: headers, body: #"{"Title":"A"}"#)
            #expect(first.status == 204)
            // Read before that write: refused, nothing written.
            headers[.ifUnmodifiedSince] = Self.httpDate(Date() - 3600)
            let stale = try await client.send(.patch, Self.base + id, headers: headers, body: #"{"Title":"B"}"#)
            #expect(stale.status == 412)
            #expect(stale.error?.code == "PRECONDITION_FAILED")
            let record = try await client.get(Self.base + id, headers: org.authorization)
            #expect(record.object?["Title"] as? String == "A")

            headers[.ifUnmodifiedSince] = "last Tuesday"
            let unreadable = try await client.send(.patch, Self.base + id, headers: headers, body: #"{"Title":"C"}"#)
            #expect(unreadable.status == 400)
        }
    }

    @Test func aGetOfAnUnchangedRecordIs304() async throws {
        let org = TestOrg(MockOrgConfiguration(contacts: 10))
        let id = SalesforceID.make(keyPrefix: "003", serial: 3)
        try await org.test { client in
            var headers = org.authorization
            headers[.ifModifiedSince] = Self.httpDate(Date() + 5)
            let unchanged = try await client.execute(uri: Self.base + id, method: .get, headers: headers) { $0 }
            #expect(unchanged.status == .notModified)
            #expect(unchanged.body.readableBytes == 0)
            _ = try await client.send(.patch, Self.base + id, headers: org.authorization, body: #"{"Title":"Z"}"#)
            headers[.ifModifiedSince] = Self.httpDate(Date() - 60)
            let changed = try await client.get(Self.base + id, headers: headers)
            #expect(changed.status == 200)
            #expect(changed.object?["Title"] as? String == "Z")
        }
    }
}
