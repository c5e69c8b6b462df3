import Foundation
import MockOrg
import RestCore
import TestSupport
import Testing

/// `contact-tui list --list-view` run as a process against a MockOrg on a loopback port.
@Suite("contact-tui list --list-view")
struct ListViewCommandTests {
    typealias List = ListCommandTests

    /// The SOQL the org's describe gives for the view called `label` of `object`.
    static func describedQuery(
        _ label: String, object: String = "Contact", _ endpoint: MockOrgEndpoint
    ) async throws -> String {
        let configuration = RestClientConfiguration(instanceURL: endpoint.url, accessToken: endpoint.accessToken)
        return try await withRestClient(configuration) { client in
            let views = try await client.listViews(ofObjectType: object)
            let view = try #require(views.first { $0.label == label })
            let response = try await client.send(
                client.requestForListViewDescribe(withObjectType: object, listViewId: view.id))
            return try #require(try ListViewDescription.decode(response).query)
        }
    }

    @Test(
        "a SOQL view prints exactly the records of --query with the describe's query",
        arguments: [("All Contacts", "tsv"), ("All Contacts", "json"), ("My Contacts", "tsv")])
    func aSOQLViewPrintsItsQuerysBytes(label: String, format: String) async throws {
        try await List.withOrg(contacts: 450) { endpoint in
            let query = try await Self.describedQuery(label, endpoint)
            let common = ["list", "--format", format, "--batch-size", "200"] + List.orgArguments(endpoint)
            let viewed = try await List.run(common + ["--list-view", label.lowercased()]).checked()
            let queried = try await List.run(common + ["--query", query]).checked()
            #expect(viewed.output == queried.output)
            let lines = viewed.output.split(separator: "\n").count
            if label == "All Contacts" {
                #expect(lines == (format == "tsv" ? 451 : 450))
            } else {
                // The org's user owns a share of the contacts, not all of them.
                #expect(lines > 1 && lines < 451)
            }
            #expect(viewed.error.isEmpty)
        }
    }

    @Test("a view of another object is found by its developer name")
    func anotherObjectsViewByDeveloperName() async throws {
        try await List.withOrg(contacts: 200) { endpoint in
            let query = try await Self.describedQuery("All Open Cases", object: "Case", endpoint)
            let viewed = try await List.run(
                ["list", "--object", "Case", "--list-view", "ALLOPENCASES"] + List.orgArguments(endpoint)
            ).checked()
            let queried = try await List.run(["list", "--query", query] + List.orgArguments(endpoint)).checked()
            #expect(viewed.output == queried.output)
            #expect(!viewed.output.contains("\tClosed\t"))
        }
    }

    @Test("a view that is not SOQL-compatible is read through its results, page by page")
    func aResultsOnlyViewIsPaged() async throws {
        try await List.withOrg(contacts: 450) { endpoint in
            let outcome = try await List.run(
                ["list", "--batch-size", "200", "--list-view", "Recently Viewed Contacts"] + List.orgArguments(endpoint)
            ).checked()
            let lines = outcome.output.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
            #expect(
                lines.first
                    == "Name\tAccount.Name\tTitle\tPhone\tEmail\tId\tCreatedDate\tLastModifiedDate\tSystemModstamp")
            // The view holds its 200 most recently changed contacts.
            let ids = lines.dropFirst().map { $0.split(separator: "\t", omittingEmptySubsequences: false)[5] }
            #expect(ids.count == 200)
            #expect(Set(ids).count == 200)
            #expect(outcome.error.isEmpty)
        }
    }

    @Test("an unknown view exits 2 with one sentence listing the object's views")
    func anUnknownViewListsTheViews() async throws {
        try await List.withOrg(contacts: 50) { endpoint in
            let outcome = try await List.run(["list", "--list-view", "Nope"] + List.orgArguments(endpoint))
            #expect(outcome.status == 2)
            #expect(outcome.output.isEmpty)
            let lines = outcome.error.split(separator: "\n")
            #expect(lines.count == 1)
            #expect(outcome.error.contains("Contact has no list view called Nope; its views are All Contacts"))
            #expect(outcome.error.contains("Recently Viewed Contacts"))
        }
    }

    @Test("--list-view with --query, or --object alone, is a usage error")
    func conflictingOptions() async throws {
        for arguments in [
            ["list", "--list-view", "All Contacts", "--query", "SELECT Id FROM Contact"],
            ["list", "--object", "Account"],
        ] {
            let outcome = try await List.run(arguments)
            #expect(outcome.status == 2, "\(arguments)")
            // The sentence, then the parser's pointer to --help.
            #expect(outcome.error.split(separator: "\n").count == 2, "\(arguments)")
            #expect(outcome.error.contains("--list-view"), "\(arguments)")
        }
    }

    @Test("mock-org --list-view refuses a bad view with one sentence and exit 2")
    func mockOrgRefusesABadView() async throws {
        let outcome = try await List.run(["mock-org", "--port", "0", "--list-view", "Contact:Bad:Nope = 1"])
        #expect(outcome.status == 2)
        #expect(outcome.error.contains("--list-view"))
        #expect(outcome.error.contains("No such column 'Nope'"))
        #expect(outcome.error.split(separator: "\n").count == 2)
    }
}
