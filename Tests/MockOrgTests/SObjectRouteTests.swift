import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import MockOrg

@Suite struct SObjectRouteTests {
    static let base = "/services/data/v66.0"

    @Test func versionsNeedNoTokenAndResourcesDo() async throws {
        let org = TestOrg(MockOrgConfiguration(contacts: 5))
        try await org.test { client in
            let versions = try await client.get("/services/data/", headers: [:])
            #expect(versions.status == 200)
            let list = try #require(versions.json as? [[String: Any]])
            let numbers = list.compactMap { $0["version"] as? String }
            #expect(numbers.first == "31.0" && numbers.last == "66.0" && numbers.count == 36)
            #expect(list.last?["url"] as? String == "/services/data/v66.0")
            #expect(list.last?["label"] is String)

            let resources = try await client.get(Self.base + "/", headers: org.authorization)
            #expect(resources.object?["query"] as? String == Self.base + "/query")
            #expect(resources.object?["sobjects"] as? String == Self.base + "/sobjects")
            #expect(try await client.get(Self.base, headers: [:]).status == 401)

            let unknown = try await client.get("/services/data/v99.0/sobjects", headers: org.authorization)
            #expect(unknown.status == 404)
            #expect(unknown.error?.code == "NOT_FOUND")
            #expect(unknown.error?.message == "The requested resource does not exist")
        }
    }

    @Test func aBrokenBodyIsRefusedWithWhereItBreaks() async throws {
        let org = TestOrg(MockOrgConfiguration(contacts: 3))
        let id = SalesforceID.make(keyPrefix: "003", serial: 2)
        try await org.test { client in
            for (body, message) in [
                (#"{"Title":"#, "Unexpected end-of-input: expected a value at [line:1, column:10]"),
                (
                    "{\n  \"Title\": \"CTO\",\n}",
                    "Unexpected character ('}' (code 125)): was expecting double-quote to start field name at [line:3, column:1]"
                ),
            ] {
                let reply = try await client.send(
                    .patch, Self.base + "/sobjects/Contact/" + id, headers: org.authorization, body: body)
                #expect(reply.status == 400)
                #expect(reply.error?.code == "JSON_PARSER_ERROR")
                #expect(reply.error?.message == message)
            }
            // Nothing was written.
            let record = try await client.get(Self.base + "/sobjects/Contact/" + id, headers: org.authorization)
            #expect(record.object?["Title"] as? String != "CTO")
        }
    }

    @Test func describeCallsReportTheSchema() async throws {
        let org = TestOrg(MockOrgConfiguration(contacts: 5))
        try await org.test { client in
            let global = try await client.get(Self.base + "/sobjects", headers: org.authorization)
            let names = (global.object?["sobjects"] as? [[String: Any]])?.compactMap { $0["name"] as? String }
            #expect(names == ["Account", "Contact", "Case", "User"])

            let basic = try await client.get(Self.base + "/sobjects/contact", headers: org.authorization)
            #expect((basic.object?["objectDescribe"] as? [String: Any])?["name"] as? String == "Contact")

            let describe = try await client.get(Self.base + "/sobjects/Contact/describe", headers: org.authorization)
            let fields = try #require(describe.object?["fields"] as? [[String: Any]])
            let byName = Dictionary(uniqueKeysWithValues: fields.map { ($0["name"] as! String, $0) })
            for name in [
                "Id", "Name", "FirstName", "LastName", "Title", "Email", "Phone", "MobilePhone", "MailingStreet",
                "MailingCity", "MailingState", "MailingPostalCode", "MailingCountry", "AccountId", "CreatedDate",
                "LastModifiedDate", "SystemModstamp", "IsDeleted", "OwnerId", "CreatedById", "LastModifiedById",
            ] {
                #expect(byName[name] != nil, "\(name) missing")
            }
            #expect(byName["Name"]?["createable"] as? Bool == false)
            #expect(byName["Name"]?["updateable"] as? Bool == false)
            #expect(byName["Email"]?["type"] as? String == "email")
            #expect(byName["AccountId"]?["referenceTo"] as? [String] == ["Account"])
            #expect(byName["AccountId"]?["relationshipName"] as? String == "Account")
            #expect(byName["LastName"]?["nillable"] as? Bool == false)

            let unknown = try await client.get(Self.base + "/sobjects/Widget/describe", headers: org.authorization)
            #expect(unknown.status == 404)
        }
    }

    @Test func createGetUpdateDeleteRoundTrip() async throws {
        let org = TestOrg(MockOrgConfiguration(contacts: 5))
        try await org.test { client in
            let created = try await client.send(
                .post, Self.base + "/sobjects/Contact/", headers: org.authorization,
                body: #"{"FirstName": "Zoë", "LastName": "山田 🚀", "Email": "zoe@example.com"}"#)
            #expect(created.status == 201)
            #expect(created.object?["success"] as? Bool == true)
            #expect((created.object?["errors"] as? [Any])?.isEmpty == true)
            let id = try #require(created.object?["id"] as? String)
            #expect(id.count == 18 && id.hasPrefix("003"))
            #expect(String(id.suffix(3)) == expectedChecksum(String(id.prefix(15))))

            // 15-character ids are accepted, and ?fields= narrows the record.
            let fetched = try await client.get(
                Self.base + "/sobjects/Contact/" + id.prefix(15) + "?fields=Name,Email", headers: org.authorization)
            #expect(fetched.status == 200)
            #expect(fetched.object?["Name"] as? String == "Zoë 山田 🚀")
            #expect(fetched.object?["Email"] as? String == "zoe@example.com")
            #expect(Set(fetched.object?.keys.map { $0 } ?? []) == ["attributes", "Name", "Email"])

            let patched = try await client.send(
                .patch, Self.base + "/sobjects/Contact/" + id, headers: org.authorization, body: #"{"Title": "CTO"}"#)
            #expect(patched.status == 204)
            let full = try await client.get(Self.base + "/sobjects/Contact/" + id, headers: org.authorization)
            #expect(full.object?["Title"] as? String == "CTO")
            #expect(full.object?["IsDeleted"] as? Bool == false)
            #expect((full.object?["CreatedDate"] as? String)?.hasSuffix("+0000") == true)

            let query = try await client.get(
                Self.base + "/query?q=SELECT+Id+FROM+Contact+WHERE+Title+=+'CTO'+AND+Email+LIKE+'zoe%25'",
                headers: org.authorization)
            #expect(query.records.compactMap { $0["Id"] as? String } == [id])

            #expect(
                try await client.delete(Self.base + "/sobjects/Contact/" + id, headers: org.authorization).status == 204
            )
            let gone = try await client.get(Self.base + "/sobjects/Contact/" + id, headers: org.authorization)
            #expect(gone.status == 404)
            #expect(gone.error?.code == "ENTITY_IS_DELETED")
            let patchGone = try await client.send(
                .patch, Self.base + "/sobjects/Contact/" + id, headers: org.authorization, body: #"{"Title": "x"}"#)
            #expect(patchGone.error?.code == "ENTITY_IS_DELETED")

            // queryAll still sees it, flagged as deleted; query does not.
            let all = try await client.get(
                Self.base + "/queryAll/?q=" + encodedQuery("SELECT Id, IsDeleted FROM Contact WHERE Id = '\(id)'"),
                headers: org.authorization)
            #expect(all.records.first?["IsDeleted"] as? Bool == true)
            let live = try await client.get(
                Self.base + "/query?q=" + encodedQuery("SELECT Id FROM Contact WHERE Id = '\(id)'"),
                headers: org.authorization)
            #expect(live.object?["totalSize"] as? Int == 0)
        }
    }

    struct WriteError: CustomTestStringConvertible, Sendable {
        let method: HTTPRequest.Method
        let path: String
        let body: String
        let status: Int
        let code: String
        var message: String?
        var testDescription: String { "\(method) \(path) \(body)" }
    }

    static let writeErrors: [WriteError] = [
        WriteError(method: .post, path: "/sobjects/Contact", body: "{nope", status: 400, code: "JSON_PARSER_ERROR"),
        WriteError(method: .post, path: "/sobjects/Contact", body: "", status: 400, code: "JSON_PARSER_ERROR"),
        WriteError(
            method: .post, path: "/sobjects/Contact", body: #"{"FirstName": "A"}"#, status: 400,
            code: "REQUIRED_FIELD_MISSING", message: "Required fields are missing: [LastName]"),
        WriteError(
            method: .post, path: "/sobjects/Contact", body: #"{"LastName": "A", "Foo": 1}"#, status: 400,
            code: "INVALID_FIELD", message: "No such column 'Foo' on sobject of type Contact"),
        WriteError(
            method: .post, path: "/sobjects/Contact", body: #"{"LastName": "A", "Name": "B"}"#, status: 400,
            code: "INVALID_FIELD_FOR_INSERT_UPDATE"),
        WriteError(
            method: .post, path: "/sobjects/Contact", body: #"{"LastName": "A", "AccountId": "xyz"}"#, status: 400,
            code: "MALFORMED_ID"),
        WriteError(
            method: .post, path: "/sobjects/Contact", body: #"{"LastName": "A", "Email": "not-an-address"}"#,
            status: 400, code: "INVALID_EMAIL_ADDRESS"),
        WriteError(method: .patch, path: "/sobjects/Contact/garbage", body: "{}", status: 400, code: "MALFORMED_ID"),
        WriteError(
            method: .delete, path: "/sobjects/Contact/003000000000000", body: "", status: 404, code: "NOT_FOUND"),
        WriteError(method: .put, path: "/sobjects/Contact", body: "{}", status: 405, code: "METHOD_NOT_ALLOWED"),
        WriteError(method: .post, path: "/query", body: "{}", status: 405, code: "METHOD_NOT_ALLOWED"),
        WriteError(method: .get, path: "/nothing-here", body: "", status: 404, code: "NOT_FOUND"),
    ]

    @Test(arguments: writeErrors)
    func badWritesGetSalesforceErrors(_ row: WriteError) async throws {
        let org = TestOrg(MockOrgConfiguration(contacts: 5))
        try await org.test { client in
            let reply = try await client.send(
                row.method, Self.base + row.path, headers: org.authorization, body: row.body)
            #expect(reply.status == row.status)
            #expect(reply.error?.code == row.code)
            if let message = row.message { #expect(reply.error?.message == message) }
            #expect(reply.contentType == "application/json;charset=UTF-8")
        }
    }

    @Test func oversizedBodiesGet413AndTheOrgKeepsServing() async throws {
        let org = TestOrg(MockOrgConfiguration(contacts: 5))
        try await org.test { client in
            let huge = #"{"LastName": ""# + String(repeating: "x", count: 2 << 20) + #""}"#
            let reply = try await client.send(
                .post, Self.base + "/sobjects/Contact", headers: org.authorization, body: huge)
            #expect(reply.status == 413)
            let after = try await client.get(Self.base + "/sobjects/Contact", headers: org.authorization)
            #expect(after.status == 200)
        }
    }

    @Test func contactsOfADeletedAccountAreDeletedToo() async throws {
        let org = TestOrg(MockOrgConfiguration(contacts: 60, seed: 3))
        let tables = OrgTables(generator: SeedGenerator(seed: 3, contactCount: 60))
        // An account whose contacts have no cases, so the delete is allowed.
        let candidates = tables.accounts.indices.filter { index in
            let serial = Int32(index + 1)
            let contacts = tables.contacts.indices.filter { tables.contacts[$0].accountSerial == serial }
            return !contacts.isEmpty && !tables.cases.contains { $0.accountSerial == serial }
        }
        let accountRow = try #require(candidates.first)
        let accountID = SalesforceID.make(keyPrefix: "001", serial: accountRow + 1)
        let expectedGone = tables.contacts.indices.filter { tables.contacts[$0].accountSerial == Int32(accountRow + 1) }
        try await org.test { client in
            let deleted = try await client.delete(
                Self.base + "/sobjects/Account/" + accountID, headers: org.authorization)
            #expect(deleted.status == 204)
            let count = try await client.get(
                Self.base + "/query?q=" + encodedQuery("SELECT COUNT() FROM Contact"), headers: org.authorization)
            #expect(count.object?["totalSize"] as? Int == 60 - expectedGone.count)
        }
    }
}

@Suite struct CachedQueryTests {
    static let base = "/services/data/v66.0"

    func names(_ client: some TestClientProtocol, _ org: TestOrg) async throws -> [String] {
        let reply = try await client.get(
            Self.base + "/query?q=" + encodedQuery("SELECT Name FROM Contact ORDER BY Name"), headers: org.authorization
        )
        return reply.records.compactMap { $0["Name"] as? String }
    }

    @Test func writesBetweenQueriesShowInTheNextQuery() async throws {
        let org = TestOrg(MockOrgConfiguration(contacts: 30))
        try await org.test { client in
            let before = try await names(client, org)
            #expect(before.count == 30)
            let created = try await client.send(
                .post, Self.base + "/sobjects/Contact", headers: org.authorization, body: #"{"LastName": "0 First"}"#)
            let id = try #require(created.object?["id"] as? String)
            #expect(try await names(client, org) == ["0 First"] + before)
            _ = try await client.send(
                .patch, Self.base + "/sobjects/Contact/" + id, headers: org.authorization, body: #"{"LastName": "ZZZ"}"#
            )
            let renamed = try await names(client, org)
            #expect(renamed.count == 31)
            #expect(renamed.firstIndex(of: "ZZZ") == before.filter { $0.lowercased() <= "zzz" }.count)
            #expect(
                try await client.delete(Self.base + "/sobjects/Contact/" + id, headers: org.authorization).status == 204
            )
            #expect(try await names(client, org) == before)
        }
    }

    @Test func theCompoundNameFollowsWritesToItsParts() async throws {
        let org = TestOrg(MockOrgConfiguration(contacts: 30))
        try await org.test { client in
            func matching(_ pattern: String) async throws -> [String] {
                let reply = try await client.get(
                    Self.base + "/query?q=" + encodedQuery("SELECT Name FROM Contact WHERE Name LIKE '\(pattern)'"),
                    headers: org.authorization)
                return reply.records.compactMap { $0["Name"] as? String }
            }
            let created = try await client.send(
                .post, Self.base + "/sobjects/Contact", headers: org.authorization,
                body: #"{"FirstName": "Quentin", "LastName": "Xylophone"}"#)
            let id = try #require(created.object?["id"] as? String)
            #expect(try await matching("quentin x%") == ["Quentin Xylophone"])
            _ = try await client.send(
                .patch, Self.base + "/sobjects/Contact/" + id, headers: org.authorization,
                body: #"{"FirstName": "Ólafur"}"#)
            #expect(try await matching("%xylophone") == ["Ólafur Xylophone"])
            #expect(try await matching("quentin%").isEmpty)
            _ = try await client.send(
                .patch, Self.base + "/sobjects/Contact/" + id, headers: org.authorization,
                body: #"{"FirstName": null, "LastName": "Yarrow"}"#)
            let fetched = try await client.get(Self.base + "/sobjects/Contact/" + id, headers: org.authorization)
            #expect(fetched.object?["Name"] as? String == "Yarrow")
            #expect(try await matching("%xylophone%").isEmpty)
        }
    }

    @Test func relativeDatesAndBooleansFilterRows() async throws {
        let org = TestOrg(MockOrgConfiguration(contacts: 30))
        try await org.test { client in
            func ids(_ resource: String, _ soql: String) async throws -> [String] {
                let reply = try await client.get(
                    Self.base + "/" + resource + "?q=" + encodedQuery(soql), headers: org.authorization)
                #expect(reply.status == 200, "\(soql): \(String(describing: reply.error))")
                return reply.records.compactMap { $0["Id"] as? String }
            }
            let created = try await client.send(
                .post, Self.base + "/sobjects/Contact", headers: org.authorization, body: #"{"LastName": "Newcomer"}"#)
            let id = try #require(created.object?["id"] as? String)
            // The seed data is older than a day; YESTERDAY as well keeps the test right across midnight.
            #expect(
                try await ids("query", "SELECT Id FROM Contact WHERE CreatedDate = TODAY OR CreatedDate = YESTERDAY")
                    == [id])
            #expect(try await ids("query", "SELECT Id FROM Contact WHERE CreatedDate < YESTERDAY").count == 30)
            #expect(
                try await client.delete(Self.base + "/sobjects/Contact/" + id, headers: org.authorization).status == 204
            )
            #expect(try await ids("queryAll", "SELECT Id FROM Contact WHERE IsDeleted = true") == [id])
            #expect(try await ids("queryAll", "SELECT Id FROM Contact WHERE IsDeleted = FALSE").count == 30)
            #expect(try await ids("query", "SELECT Id FROM Contact WHERE IsDeleted = true").isEmpty)
        }
    }
}
