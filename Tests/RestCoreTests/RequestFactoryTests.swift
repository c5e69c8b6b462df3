import Foundation
import Testing

@testable import RestCore

@Suite struct RequestFactoryTests {
    let client = makeClient(InMemoryTransport())

    @Test func queryUsesConfiguredVersionAndQueryParameter() {
        let request = client.request(forQuery: "SELECT Id FROM Contact")
        #expect(request.method == .GET)
        #expect(request.path == "/services/data/v66.0/query")
        #expect(request.queryItems.map(\.name) == ["q"])
        #expect(request.queryItems.map(\.value) == ["SELECT Id FROM Contact"])
        #expect(request.headers[.sforceQueryOptions] == nil)
    }

    @Test func explicitVersionWins() {
        #expect(
            client.request(forQuery: "SELECT Id FROM Contact", apiVersion: "v59.0").path
                == "/services/data/v59.0/query")
        #expect(
            client.request(forQueryAll: "SELECT Id FROM Contact", apiVersion: "60.0").path
                == "/services/data/v60.0/queryAll")
    }

    @Test(arguments: [
        (1, "batchSize=200"), (199, "batchSize=200"), (200, "batchSize=200"), (500, "batchSize=500"),
        (1999, "batchSize=1999"), (-5, "batchSize=200"),
    ])
    func batchSizeHeaderIsClamped(size: Int, expected: String) {
        #expect(
            client.request(forQuery: "SELECT Id FROM Contact", batchSize: size).headers[.sforceQueryOptions]
                == expected)
    }

    @Test(arguments: [2000, 2001, 100_000])
    func batchSizeHeaderIsOmittedAtTheDefault(size: Int) {
        #expect(
            client.request(forQuery: "SELECT Id FROM Contact", batchSize: size).headers[.sforceQueryOptions]
                == nil)
    }

    @Test func everyFactoryMakesADistinctID() {
        let first = client.requestForDelete(withObjectType: "Contact", objectId: "003000000000001AAA")
        let second = client.requestForDelete(withObjectType: "Contact", objectId: "003000000000001AAA")
        #expect(first.id != second.id)
        #expect(first.path == second.path)
    }

    @Test func recordFactories() throws {
        let id = "003000000000001AAA"
        let retrieve = client.requestForRetrieve(withObjectType: "Contact", objectId: id, fieldList: "Name,Email")
        #expect(retrieve.method == .GET)
        #expect(retrieve.path == "/services/data/v66.0/sobjects/Contact/\(id)")
        #expect(retrieve.queryItems.map(\.value) == ["Name,Email"])

        let delete = client.requestForDelete(withObjectType: "Contact", objectId: id)
        #expect(delete.method == .DELETE)
        #expect(delete.path == "/services/data/v66.0/sobjects/Contact/\(id)")
        #expect(delete.body == nil)

        let create = client.requestForCreate(withObjectType: "Contact", fields: ["LastName": .string("Ng")])
        #expect(create.method == .POST)
        #expect(create.path == "/services/data/v66.0/sobjects/Contact/")
        let created = try JSONDecoder().decode([String: JSONValue].self, from: Data(try #require(create.body)))
        #expect(created == ["LastName": .string("Ng")])

        let update = client.requestForUpdate(withObjectType: "Contact", objectId: id, fields: ["Title": .null])
        #expect(update.method == .PATCH)
        #expect(update.path == "/services/data/v66.0/sobjects/Contact/\(id)")

        #expect(
            client.requestForDescribe(withObjectType: "Contact").path
                == "/services/data/v66.0/sobjects/Contact/describe/")
        #expect(client.request(forDescribeGlobal: nil).path == "/services/data/v66.0/sobjects/")
        #expect(client.request(forResources: "v61.0").path == "/services/data/v61.0/")
        #expect(client.requestForVersions().path == "/services/data/")
    }

    @Test func nextRecordsURLKeepsThePath() {
        let request = client.request(forNextRecordsURL: "/services/data/v66.0/query/01gD0000002HU6KIAW-2000")
        #expect(request.path == "/services/data/v66.0/query/01gD0000002HU6KIAW-2000")
        let absolute = client.request(
            forNextRecordsURL: "https://example.my.salesforce.com/services/data/v66.0/query/01g-400")
        #expect(absolute.path == "/services/data/v66.0/query/01g-400")
    }

    @Test func idsAndTypesArePercentEncodedAsOnePathSegment() {
        let request = client.requestForDelete(withObjectType: "My Object__c", objectId: "a/b%c")
        #expect(request.path == "/services/data/v66.0/sobjects/My%20Object__c/a%2Fb%25c")
    }
}
