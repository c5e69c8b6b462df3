import Foundation
import RestCore
import Testing

@testable import ContactList

/// Edits that never overwrite: every row reads `LastModifiedDate`, every PATCH is conditional on
/// it, and a 412 is shown with the org's value, who changed it and when, for the user to decide.
@Suite("Conditional edits and the 412 alert")
struct ConflictTests {
    static let readAt = "2026-11-26T10:00:00.000+0000"
    static let changedAt = "2026-11-26T11:30:05.000+0000"

    /// A loaded model (rows carry `LastModifiedDate`) with the describe read and the cursor on Email.
    static func model() throws -> ContactListModel {
        var model = Fixtures.model(
            records: (0..<3).map {
                var record = Fixtures.contact($0)
                record["LastModifiedDate"] = readAt
                return record
            })
        for _ in 0..<2 { _ = model.handle(key: .character("l")) }
        let describe = try #require(Fixtures.sentRequests(model.handle(key: .character("e"))).first)
        _ = model.handle(response: EditTests.describe, for: describe.id)
        _ = model.handle(key: .escape)
        return model
    }

    static func header(_ request: RestRequest, _ name: String) -> String? {
        request.headers.first { $0.name.rawName.lowercased() == name.lowercased() }?.value
    }

    static let preconditionFailed: Result<RestResponse, RestClientError> = .failure(
        .apiInvocationFailed(status: 412, headers: [:], errors: [], rawBody: nil))

    /// The record read back after a 412, as the org holds it now.
    static func readBack(email: String, by name: String = "Jane Roe") -> Result<RestResponse, RestClientError> {
        Fixtures.page([
            [
                "attributes": ["type": "Contact"], "Id": Fixtures.id(0), "Email": email,
                "LastModifiedDate": changedAt,
                "LastModifiedBy": ["attributes": ["type": "User"], "Name": name],
            ]
        ])
    }

    static func screen(_ model: ContactListModel) -> String {
        ContactListScreen(model: model).frame(width: 110, height: 20).text
    }

    @Test("the page query reads LastModifiedDate without showing it; a query that selects it is left alone")
    func queryReadsLastModified() throws {
        var model = ContactListModel(query: Fixtures.query, origin: "127.0.0.1:1", requests: Fixtures.client())
        let first = try #require(Fixtures.sentRequests(model.start()).first)
        let soql = first.queryItems.first { $0.name == "q" }?.value ?? ""
        #expect(soql.contains("Account.Name, LastModifiedDate FROM Contact"))
        #expect(!model.run.columns.contains { $0.field == "LastModifiedDate" })
        let selecting = "SELECT Id, Name, LastModifiedDate FROM Contact"
        #expect(ContactListModel.readingLastModified(selecting) == selecting)
        let counting = "SELECT COUNT() FROM Contact"
        #expect(ContactListModel.readingLastModified(counting) == counting)
    }

    @Test("a PATCH from e carries If-Unmodified-Since, the row's LastModifiedDate as an HTTP date in GMT")
    func patchIsConditional() throws {
        var model = try Self.model()
        let patch = try EditTests.edit(&model, to: "mine@example.com")
        #expect(patch.method == .PATCH)
        #expect(Self.header(patch, "If-Unmodified-Since") == "Thu, 26 Nov 2026 10:00:00 GMT")
    }

    @Test("a 412 reads the record back; the alert names the field, their value, who and when; Enter keeps theirs")
    func conflictKeepsTheirs() throws {
        var model = try Self.model()
        let patch = try EditTests.edit(&model, to: "mine@example.com")
        let read = try #require(
            Fixtures.sentRequests(model.handle(response: Self.preconditionFailed, for: patch.id)).first)
        let soql = read.queryItems.first { $0.name == "q" }?.value ?? ""
        #expect(soql.contains("LastModifiedBy.Name"))
        #expect(soql.contains("WHERE Id = '\(Fixtures.id(0))'"))
        #expect(!model.updateRequests.isEmpty, "the update is pending until the read-back settles it, so q waits")
        _ = model.handle(response: Self.readBack(email: "theirs@example.com"), for: read.id)
        #expect(model.updateRequests.isEmpty)
        let frame = Self.screen(model)
        #expect(frame.contains("Changed meanwhile"))
        #expect(frame.contains("Jane Roe"))
        #expect(frame.contains("theirs@example.com"))
        #expect(frame.contains("2026-11-26 11:30:05 UTC"))
        #expect(frame.contains("o overwrite"))
        #expect(EditTests.email(model) == "theirs@example.com")
        #expect(Fixtures.sentRequests(model.handle(key: .enter)).isEmpty)
        #expect(model.notices.alerts.isEmpty)
        #expect(Self.screen(model).contains("theirs@example.com"))
        #expect(!Self.screen(model).contains("mine@example.com"))
    }

    @Test("o in the alert writes the user's value over theirs, conditional on the new date")
    func conflictOverwrite() throws {
        var model = try Self.model()
        let patch = try EditTests.edit(&model, to: "mine@example.com")
        let read = try #require(
            Fixtures.sentRequests(model.handle(response: Self.preconditionFailed, for: patch.id)).first)
        _ = model.handle(response: Self.readBack(email: "theirs@example.com"), for: read.id)
        let again = try #require(Fixtures.sentRequests(model.handle(key: .character("o"))).first)
        #expect(again.method == .PATCH)
        #expect(Self.header(again, "If-Unmodified-Since") == "Thu, 26 Nov 2026 11:30:05 GMT")
        #expect(String(decoding: again.body ?? [], as: UTF8.self).contains("mine@example.com"))
        #expect(EditTests.email(model) == "mine@example.com")
        _ = model.handle(response: Fixtures.noContent, for: again.id)
        #expect(EditTests.email(model) == "mine@example.com")
        #expect(model.notices.alerts.isEmpty)
    }

    @Test("a record deleted meanwhile is said so and leaves the list")
    func deletedMeanwhile() throws {
        var model = try Self.model()
        let patch = try EditTests.edit(&model, to: "mine@example.com")
        let gone = Fixtures.refusal(404, "ENTITY_IS_DELETED", "entity is deleted")
        #expect(Fixtures.sentRequests(model.handle(response: gone, for: patch.id)).isEmpty)
        #expect(!model.dataRows.contains { $0.id == Fixtures.id(0) })
        #expect(model.updateRequests.isEmpty)
        let frame = Self.screen(model)
        #expect(frame.contains("Deleted meanwhile"))
        #expect(frame.contains("Contact 0000 was deleted by someone else"))
    }

    @Test("a 412 whose read-back finds no record: deleted meanwhile, and the row leaves")
    func conflictOnDeleted() throws {
        var model = try Self.model()
        let patch = try EditTests.edit(&model, to: "mine@example.com")
        let read = try #require(
            Fixtures.sentRequests(model.handle(response: Self.preconditionFailed, for: patch.id)).first)
        _ = model.handle(response: Fixtures.page([]), for: read.id)
        #expect(!model.dataRows.contains { $0.id == Fixtures.id(0) })
        #expect(Self.screen(model).contains("Deleted meanwhile"))
    }

    @Test("a 412 whose read-back holds the user's value already counts as saved, with no alert")
    func sameValueIsSaved() throws {
        var model = try Self.model()
        let patch = try EditTests.edit(&model, to: "same@example.com")
        let read = try #require(
            Fixtures.sentRequests(model.handle(response: Self.preconditionFailed, for: patch.id)).first)
        _ = model.handle(response: Self.readBack(email: "same@example.com"), for: read.id)
        #expect(model.notices.alerts.isEmpty)
        #expect(EditTests.email(model) == "same@example.com")
        #expect(model.dataRows.first?.lastModifiedDate == Self.changedAt)
    }

    @Test("no answer reads the field back with LastModifiedDate, and the row's date moves on with it")
    func unknownReadsDate() throws {
        var model = try Self.model()
        let patch = try EditTests.edit(&model, to: "maybe@example.com")
        let read = try #require(Fixtures.sentRequests(model.handle(response: .failure(.timedOut), for: patch.id)).first)
        #expect(read.queryItems.first { $0.name == "fields" }?.value == "Email,LastModifiedDate")
        let body = try JSONSerialization.data(withJSONObject: [
            "attributes": ["type": "Contact"], "Id": Fixtures.id(0), "Email": "maybe@example.com",
            "LastModifiedDate": Self.changedAt,
        ])
        _ = model.handle(response: .success(RestResponse(status: 200, headers: [:], body: Array(body))), for: read.id)
        #expect(model.dataRows.first?.lastModifiedDate == Self.changedAt)
        #expect(EditTests.email(model) == "maybe@example.com")
    }

    @Test("a save's read-back moves the row's date on, so that the next PATCH is conditional on it")
    func readAfterSaveMovesDate() throws {
        var model = try Self.model()
        let patch = try EditTests.edit(&model, to: "next@example.com")
        let read = try #require(Fixtures.sentRequests(model.handle(response: Fixtures.noContent, for: patch.id)).first)
        var record = Fixtures.contact(0)
        record["Email"] = "next@example.com"
        record["LastModifiedDate"] = Self.changedAt
        let body = try JSONSerialization.data(withJSONObject: record)
        _ = model.handle(response: .success(RestResponse(status: 200, headers: [:], body: Array(body))), for: read.id)
        let second = try EditTests.edit(&model, to: "later@example.com")
        #expect(Self.header(second, "If-Unmodified-Since") == "Thu, 26 Nov 2026 11:30:05 GMT")
    }
}
