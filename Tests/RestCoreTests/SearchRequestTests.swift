import Foundation
import MockOrg
import Testing

@testable import RestCore

/// `request(forSearch:apiVersion:)`: the SOSL percent-encoded on the wire, and a search against
/// the mock org read as `SearchResult`.
@Suite struct SearchRequestTests {
    @Test func theSearchIsAGetOfTheSearchResourceWithQ() {
        let client = makeClient(InMemoryTransport())
        let request = client.request(forSearch: "FIND {jo*} RETURNING Contact(Id)", apiVersion: "60.0")
        #expect(request.method == .GET)
        #expect(request.path == "/services/data/v60.0/search")
        #expect(request.queryItems.map(\.name) == ["q"])
        #expect(request.queryItems.map(\.value) == ["FIND {jo*} RETURNING Contact(Id)"])
        #expect(request.invalidReason == nil)
        #expect(client.request(forSearch: "  ").invalidReason == "the search is empty.")
    }

    @Test func bracesSpacesWildcardsAndQuotesArePercentEncodedOnTheWire() async throws {
        try await withScriptedOrg({ _ in .json(#"{"searchRecords":[]}"#) }) { client, server in
            let response = try await client.send(
                client.request(
                    forSearch: #"FIND {"Ann Lee" jo*} IN NAME FIELDS RETURNING Contact(Id WHERE Title = 'VP & Co')"#))
            #expect(try SearchResult<JSONValue>.decode(response).searchRecords.isEmpty)
            #expect(
                server.requests.map(\.target) == [
                    "/services/data/v66.0/search?q=FIND%20%7B%22Ann%20Lee%22%20jo%2A%7D%20IN%20NAME%20FIELDS%20"
                        + "RETURNING%20Contact%28Id%20WHERE%20Title%20%3D%20%27VP%20%26%20Co%27%29"
                ])
        }
    }

    @Test func aSearchOfTheMockOrgFindsContactsAndABadOneIsRefused() async throws {
        try await withMockOrg { client, _ in
            let response = try await client.send(
                client.request(forSearch: "FIND {example*} IN EMAIL FIELDS RETURNING Contact(Id, Email LIMIT 5)"))
            let result = try SearchResult<JSONValue>.decode(response)
            #expect(result.searchRecords.count == 5)
            for record in result.searchRecords {
                guard case .object(let fields) = record, case .string(let email) = fields["Email"],
                    case .object(let attributes) = fields["attributes"]
                else {
                    Issue.record("not a record: \(record)")
                    continue
                }
                #expect(email.contains("example."))
                #expect(attributes["type"] == .string("Contact"))
            }
            let error = await #expect(throws: RestClientError.self) {
                try await client.send(client.request(forSearch: "FIND {a*}"))
            }
            #expect(error?.httpStatus == 400)
            #expect(error?.salesforceErrors.first?.errorCode == "MALFORMED_SEARCH")
        }
    }
}
