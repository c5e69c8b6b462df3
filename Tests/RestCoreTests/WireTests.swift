import Foundation
import HTTPTypes
import Testing

@testable import RestCore

/// What goes over the wire: each factory, paging, redirects and connection reuse.
@Suite struct WireTests {
    @Test func eachFactoryReachesTheServerAsExpected() async throws {
        try await withScriptedOrg({ request in
            request.method == "DELETE" || request.method == "PATCH" ? .respond(status: 204, body: []) : .json("{}")
        }) { client, server in
            let id = "003000000000001AAA"
            let requests = [
                client.requestForVersions(),
                client.request(forResources: nil),
                client.request(forDescribeGlobal: nil),
                client.requestForDescribe(withObjectType: "Contact"),
                client.request(forQuery: "SELECT Id FROM Contact WHERE Name = 'Zoë 50%'"),
                client.request(forQueryAll: "SELECT Id FROM Contact", apiVersion: "v60.0"),
                client.requestForRetrieve(withObjectType: "Contact", objectId: id, fieldList: "Name,Email"),
                client.requestForCreate(withObjectType: "Contact", fields: ["LastName": .string("Nguyễn")]),
                client.requestForUpdate(withObjectType: "Contact", objectId: id, fields: ["Title": .string("CEO")]),
                client.requestForDelete(withObjectType: "Contact", objectId: id),
                client.request(forNextRecordsURL: "/services/data/v66.0/query/01gCURSOR-2000"),
            ]
            for request in requests {
                _ = try await client.send(request)
            }
            let seen = server.requests.map { "\($0.method) \($0.target)" }
            #expect(
                seen == [
                    "GET /services/data/",
                    "GET /services/data/v66.0/",
                    "GET /services/data/v66.0/sobjects/",
                    "GET /services/data/v66.0/sobjects/Contact/describe/",
                    "GET /services/data/v66.0/query?q=SELECT%20Id%20FROM%20Contact%20WHERE%20Name%20%3D%20%27Zo%C3%AB%2050%25%27",
                    "GET /services/data/v60.0/queryAll?q=SELECT%20Id%20FROM%20Contact",
                    "GET /services/data/v66.0/sobjects/Contact/\(id)?fields=Name%2CEmail",
                    "POST /services/data/v66.0/sobjects/Contact/",
                    "PATCH /services/data/v66.0/sobjects/Contact/\(id)",
                    "DELETE /services/data/v66.0/sobjects/Contact/\(id)",
                    "GET /services/data/v66.0/query/01gCURSOR-2000",
                ])
            let create = try #require(server.requests.first { $0.method == "POST" })
            #expect(create.bodyText == #"{"LastName":"Nguyễn"}"#)
            #expect(create.headers[.contentType] == "application/json")
            #expect(server.requests.allSatisfy { $0.headers[.authorization] == "Bearer token-1" })
            #expect(server.requests.allSatisfy { $0.headers[.accept] == "application/json" })
        }
    }

    @Test func fiveThousandRecordsInPagesOf200ArriveCompleteAndInOrder() async throws {
        let pager = ScriptedPager(count: 5000)
        try await withScriptedOrg({ pager.reply(to: $0) ?? .json("{}", status: 404) }) { client, server in
            var ids: [String] = []
            var pages = 0
            for try await page in client.pages(forQuery: "SELECT Id, Name FROM Contact", batchSize: 200) {
                pages += 1
                #expect(page.records.count == 200)
                #expect(page.totalSize == 5000)
                ids += page.records.compactMap { $0["Id"]?.stringValue }
            }
            #expect(pages == 25)
            #expect(ids == (0..<5000).map(ScriptedPager.id))
            #expect(Set(ids).count == 5000)
            #expect(server.requests.first?.headers[.sforceQueryOptions] == "batchSize=200")
            // One kept-alive connection carries every page.
            #expect(Set(server.requests.map(\.remotePort)).count == 1)
        }
    }

    @Test func prefetchAsksForTheNextPageBeforeItIsNeeded() async throws {
        let pager = ScriptedPager(count: 1000)
        try await withScriptedOrg({ pager.reply(to: $0) ?? .json("{}", status: 404) }) { client, server in
            var pages = client.pages(forQuery: "SELECT Id FROM Contact", batchSize: 200, prefetch: true)
                .makeAsyncIterator()
            let first = try await pages.next()
            #expect(first?.records.count == 200)
            await eventually { server.requests.count == 2 }
            var ids = first?.records.compactMap { $0["Id"]?.stringValue } ?? []
            while let page = try await pages.next() {
                ids += page.records.compactMap { $0["Id"]?.stringValue }
            }
            #expect(ids == (0..<1000).map(ScriptedPager.id))
            #expect(server.requests.count == 5)
        }
    }

    @Test func redirectToAnotherHostIsNotFollowedWithTheToken() async throws {
        try await ScriptedServer.with({ _ in .json("{}") }) { elsewhere in
            let location =
                elsewhere.url.absoluteString.replacingOccurrences(of: "127.0.0.1", with: "localhost")
                + "/services/data/"
            try await withScriptedOrg({ _ in
                .respond(status: 302, headers: [.location: location], body: [])
            }) {
                client, _ in
                let error = await #expect(throws: RestClientError.self) {
                    try await client.send(client.requestForVersions())
                }
                #expect(error?.httpStatus == 302)
            }
            #expect(elsewhere.requests.isEmpty)
        }
    }

    @Test func redirectOnTheSameHostIsFollowed() async throws {
        try await withScriptedOrg({ request in
            request.path == "/old"
                ? .respond(status: 301, headers: [.location: "/services/data/"], body: [])
                : .json(#"{"moved":true}"#)
        }) { client, server in
            let response = try await client.send(RestRequest(method: .GET, path: "/old"))
            #expect(response.asString() == #"{"moved":true}"#)
            #expect(server.requests.map(\.path) == ["/old", "/services/data/"])
            #expect(server.requests.allSatisfy { $0.headers[.authorization] == "Bearer token-1" })
        }
    }

    @Test func requestHeadersOverrideDefaults() async throws {
        try await withScriptedOrg(
            configure: {
                $0.defaultHeaders = [
                    HTTPField.Name("X-App")!: "default", HTTPField.Name("X-Keep")!: "k",
                ]
            }, { _ in .json("{}") }
        ) { client, server in
            var request = client.requestForVersions()
            request.headers = [HTTPField.Name("x-app")!: "mine"]
            _ = try await client.send(request)
            #expect(server.requests.first?.headers[HTTPField.Name("X-App")!] == "mine")
            #expect(server.requests.first?.headers[HTTPField.Name("X-Keep")!] == "k")
        }
    }
}

@Suite struct ClientLifecycleTests {
    @Test func aClientDroppedWithoutShutdownClosesItsPool() async throws {
        try await ScriptedServer.with({ _ in .json("{}") }) { server in
            var client: RestClient? = RestClient(
                configuration: RestClientConfiguration(instanceURL: server.url, accessToken: "token-1"))
            _ = try await client?.send(try #require(client).requestForVersions())
            client = nil
            #expect(server.requests.count == 1)
        }
    }

    @Test func sendingAfterShutdownFailsClearly() async throws {
        try await ScriptedServer.with({ _ in .json("{}") }) { server in
            let client = RestClient(configuration: RestClientConfiguration(instanceURL: server.url, accessToken: "t"))
            await client.shutdown()
            let error = await #expect(throws: RestClientError.self) {
                try await client.send(client.requestForVersions())
            }
            #expect(error?.description.contains("shut down") == true)
            #expect(server.requests.isEmpty)
        }
    }
}
