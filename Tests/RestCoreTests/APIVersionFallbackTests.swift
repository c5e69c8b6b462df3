import Foundation
import Testing

@testable import RestCore

/// An org that does not serve the requested API version: one look at its list, one replay on its
/// newest version, and that version for every later request.
@Suite struct APIVersionFallbackTests {
    static let notFound = #"[{"errorCode":"NOT_FOUND","message":"The requested resource does not exist"}]"#
    static let versions =
        #"[{"label":"Winter '24","url":"/services/data/v59.0","version":"59.0"},"#
        + #"{"label":"Spring '24","url":"/services/data/v60.0","version":"60.0"},"#
        + #"{"label":"Summer '17","url":"/services/data/v9.0","version":"9.0"}]"#

    /// An org that serves versions 9.0, 59.0 and 60.0.
    static func org() -> InMemoryTransport {
        InMemoryTransport { request throws(RestClientError) in
            let path = URL(string: request.url)!.path
            if path == "/services/data" || path == "/services/data/" {
                return RestResponse(status: 200, headers: [:], body: Array(versions.utf8))
            }
            if path.hasPrefix("/services/data/v60.0/") {
                return RestResponse(status: 200, headers: [:], body: Array(#"{"path":"\#(path)"}"#.utf8))
            }
            return RestResponse(status: 404, headers: [:], body: Array(notFound.utf8))
        }
    }

    @Test func fallsBackOnceToTheNewestListedVersionAndKeepsIt() async throws {
        let transport = Self.org()
        let client = makeClient(transport) { $0.apiVersion = "v99.0" }
        let first = try await client.send(client.request(forQuery: "SELECT Id FROM Contact"))
        #expect(first.asString() == #"{"path":"/services/data/v60.0/query"}"#)
        #expect(client.configuration.apiVersion == "v60.0")
        let second = try await client.send(client.requestForDelete(withObjectType: "Contact", objectId: "003x"))
        #expect(second.status == 200)
        #expect(
            transport.requests.map { URL(string: $0.url)!.path } == [
                "/services/data/v99.0/query", "/services/data", "/services/data/v60.0/query",
                "/services/data/v60.0/sobjects/Contact/003x",
            ])
    }

    @Test func concurrentRequestsShareOneLookAtTheList() async throws {
        let transport = Self.org()
        let client = makeClient(transport) { $0.apiVersion = "v99.0" }
        try await withThrowingTaskGroup(of: Int.self) { group in
            for index in 0..<8 {
                group.addTask {
                    try await client.send(
                        client.requestForRetrieve(withObjectType: "Contact", objectId: "003\(index)", fieldList: nil)
                    ).status
                }
            }
            for try await status in group { #expect(status == 200) }
        }
        #expect(transport.requests.filter { URL(string: $0.url)!.path == "/services/data" }.count == 1)
    }

    @Test func aNotFoundOnAListedVersionIsNotRetried() async throws {
        let transport = Self.org()
        let client = makeClient(transport) { $0.apiVersion = "v59.0" }
        for _ in 0..<2 {
            let error = await #expect(throws: RestClientError.self) {
                try await client.send(client.requestForDelete(withObjectType: "Contact", objectId: "003x"))
            }
            #expect(error?.httpStatus == 404)
        }
        #expect(client.configuration.apiVersion == "v59.0")
        // The list was read once; nothing was replayed.
        #expect(transport.requests.count == 3)
    }

    @Test func anOrgWithoutAListKeepsTheOriginalError() async {
        let transport = InMemoryTransport(status: 404, body: Self.notFound)
        let client = makeClient(transport) { $0.apiVersion = "v99.0" }
        let error = await #expect(throws: RestClientError.self) {
            try await client.send(client.request(forQuery: "SELECT Id FROM Contact"))
        }
        #expect(error?.salesforceErrors.first?.errorCode == "NOT_FOUND")
        #expect(client.configuration.apiVersion == "v99.0")
        #expect(transport.requests.count == 2)
    }

    @Test func theVersionOfAPathIsReadOnlyFromTheDataAPI() {
        #expect(APIVersionFallback.version(inPath: "/services/data/v66.0/query?q=x")?.version == "v66.0")
        #expect(APIVersionFallback.version(inPath: "/services/data/v66.0")?.version == "v66.0")
        #expect(APIVersionFallback.version(inPath: "/services/data/") == nil)
        #expect(APIVersionFallback.version(inPath: "/services/apexrest/v66.0/x") == nil)
        #expect(APIVersionFallback.version(inPath: "/services/data/vx.0/query") == nil)
    }
}
