import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import MockOrg

/// Every route's answer (status, headers and body) to a fixed list of requests, compared line for
/// line with the transcript kept in `Compatibility/route-transcript.txt`: routing, middleware and
/// error bodies must not change what a client sees. Set `MOCKORG_WRITE_TRANSCRIPT=1` to rewrite it.
@Suite struct RouteTranscriptTests {
    struct Step: Sendable {
        let method: HTTPRequest.Method
        let uri: String
        var authorization: String? = "Bearer T"
        var headers: HTTPFields = [:]
        var body = ""
        /// Whether the body carries random values (issued tokens), so only its keys are kept.
        var randomBody = false
    }

    static let data = "/services/data/v66.0"
    static let contact = SalesforceID.make(keyPrefix: "003", serial: 2)
    static let deletable = SalesforceID.make(keyPrefix: "003", serial: 3)
    /// The cursor the first paged query opens.
    static let locator = SalesforceID.make(keyPrefix: "01g", serial: 1)
    static let page = "SELECT Id, Name, Email FROM Contact ORDER BY Name LIMIT 7"
    static let multipart: HTTPFields = [.contentType: "multipart/form-data; boundary=XyZ"]
    static let form: HTTPFields = [.contentType: "application/x-www-form-urlencoded"]
    /// The connected app the transcript's org is configured with.
    static let client = "client_id=transcript-app&client_secret=transcript-secret"

    static let steps: [Step] = [
        // The version list and paths outside the API.
        Step(method: .get, uri: "/services/data", authorization: nil),
        Step(method: .head, uri: "/services/data/", authorization: nil),
        Step(method: .post, uri: "/services/data", authorization: nil),
        Step(method: .get, uri: "/", authorization: nil),
        Step(method: .get, uri: "/services", authorization: nil),
        Step(method: .get, uri: "/services/other", authorization: nil),
        Step(method: .delete, uri: "/elsewhere/data", authorization: nil),
        Step(method: .get, uri: "//services//data//", authorization: nil),
        // Authentication comes before versions and paths under the data API.
        Step(method: .get, uri: data, authorization: nil),
        Step(method: .get, uri: data, authorization: "Basic T"),
        Step(method: .get, uri: data, authorization: "Bearer wrong"),
        Step(method: .get, uri: data, authorization: "OAuth T"),
        Step(method: .get, uri: data, authorization: "bearer    T  "),
        Step(method: .get, uri: data, authorization: "Bearer"),
        Step(method: .get, uri: "/services/data/v99.0/query", authorization: nil),
        Step(method: .get, uri: "/services/data/v99.0/query"),
        Step(method: .put, uri: "/services/data/v99.0/sobjects/Contact"),
        Step(method: .get, uri: "/services/data/v30.0"),
        Step(method: .get, uri: "/services/data/v31.0"),
        Step(method: .get, uri: "/services/data/66.0"),
        Step(method: .get, uri: data + "/nothing-here", authorization: nil),
        Step(method: .get, uri: data + "/nothing-here"),
        Step(method: .get, uri: data + "/nothing/here/at/all"),
        // Resources.
        Step(method: .get, uri: data),
        Step(method: .head, uri: data + "/"),
        Step(method: .post, uri: data),
        Step(method: .delete, uri: data),
        Step(method: .options, uri: data),
        // Queries.
        Step(method: .get, uri: data + "/query?q=" + encodedQuery(page)),
        Step(method: .get, uri: data + "/query/?q=" + encodedQuery(page)),
        Step(method: .head, uri: data + "/query?q=" + encodedQuery(page)),
        Step(method: .get, uri: data + "/queryAll?q=" + encodedQuery(page)),
        Step(method: .get, uri: data + "/query?q=" + encodedQuery("SELECT COUNT() FROM Contact")),
        Step(method: .get, uri: data + "/query"),
        Step(method: .get, uri: data + "/query?q="),
        Step(method: .get, uri: data + "/query?q=" + encodedQuery("SELECT Nope FROM Contact")),
        Step(method: .get, uri: data + "/query?q=" + encodedQuery("SELECT Id FROM Nothing")),
        Step(
            method: .get, uri: data + "/query?q=" + encodedQuery("SELECT Id, Name FROM Contact ORDER BY Name"),
            headers: [HTTPField.Name("Sforce-Query-Options")!: "batchSize=250"]),
        Step(method: .get, uri: data + "/query/" + locator + "-250"),
        Step(
            method: .get, uri: data + "/query/" + locator + "-250",
            headers: [HTTPField.Name("Sforce-Query-Options")!: "foo=1, batchSize = 300"]),
        Step(method: .get, uri: data + "/queryAll/" + locator + "-500"),
        Step(method: .get, uri: data + "/query/" + locator + "-9999"),
        Step(method: .get, uri: data + "/query/" + locator),
        Step(method: .get, uri: data + "/query/nothing-x"),
        Step(method: .get, uri: data + "/query/" + locator + "-1/more"),
        Step(method: .post, uri: data + "/query", body: "{}"),
        Step(method: .delete, uri: data + "/query/" + locator + "-250"),
        Step(method: .patch, uri: data + "/queryAll"),
        // sObjects.
        Step(method: .get, uri: data + "/sobjects"),
        Step(method: .head, uri: data + "/sobjects/"),
        Step(method: .post, uri: data + "/sobjects", body: "{}"),
        Step(method: .get, uri: data + "/sobjects/Contact"),
        Step(method: .get, uri: data + "/sobjects/Account/"),
        Step(method: .put, uri: data + "/sobjects/Contact", body: "{}"),
        Step(method: .get, uri: data + "/sobjects/Nothing"),
        Step(method: .put, uri: data + "/sobjects/Nothing"),
        Step(method: .get, uri: data + "/sobjects/contact"),
        Step(method: .get, uri: data + "/sobjects/Case/describe"),
        Step(method: .delete, uri: data + "/sobjects/Case/describe"),
        Step(method: .get, uri: data + "/sobjects/Nothing/describe"),
        Step(method: .get, uri: data + "/sobjects/Contact/" + contact),
        Step(method: .head, uri: data + "/sobjects/Contact/" + contact + "/"),
        Step(method: .get, uri: data + "/sobjects/Contact/" + contact + "?fields=Name,Email,Account.Name"),
        Step(method: .get, uri: data + "/sobjects/Contact/" + contact + "?fields=Nope"),
        Step(method: .get, uri: data + "/sobjects/Contact/garbage"),
        Step(method: .get, uri: data + "/sobjects/Contact/003000000000000"),
        Step(method: .post, uri: data + "/sobjects/Contact/" + contact, body: "{}"),
        Step(method: .put, uri: data + "/sobjects/Contact/" + contact, body: "{}"),
        Step(method: .get, uri: data + "/sobjects/Contact/" + contact + "/more"),
        Step(method: .post, uri: data + "/sobjects/Contact", body: #"{"LastName": "Transcript"}"#),
        Step(method: .post, uri: data + "/sobjects/Contact", body: #"{"FirstName": "A"}"#),
        Step(method: .post, uri: data + "/sobjects/Contact", body: #"{"Title":"#),
        Step(method: .patch, uri: data + "/sobjects/Contact/" + contact, body: #"{"Title": "CTO"}"#),
        Step(method: .patch, uri: data + "/sobjects/Contact/" + contact, body: #"{"Name": "X"}"#),
        Step(method: .get, uri: data + "/sobjects/Contact/" + contact + "?fields=Title"),
        Step(method: .delete, uri: data + "/sobjects/Contact/" + deletable),
        Step(method: .delete, uri: data + "/sobjects/Contact/" + deletable),
        Step(method: .get, uri: data + "/sobjects/Contact/" + deletable),
        Step(method: .delete, uri: data + "/sobjects/Contact/garbage"),
        Step(method: .get, uri: data + "/query?q=" + encodedQuery(page)),
        // Composite: subrequests through the same routes, one call.
        Step(
            method: .post, uri: data + "/composite",
            body: #"{"compositeRequest":[{"method":"GET","url":"/services/data/v66.0/sobjects/Contact/"#
                + contact + #"?fields=Id,Name","referenceId":"c"},{"method":"GET","url":"/services/data/v66.0/"#
                + #"sobjects/Contact/@{c.Id}?fields=Title","referenceId":"again"},{"method":"GET","url":"#
                + #""/services/data/v66.0/sobjects/Nothing/describe","referenceId":"n"},{"method":"GET","url":"#
                + #""/services/data/v66.0/sobjects/Contact/@{n.id}","referenceId":"halted"}]}"#),
        Step(
            method: .post, uri: data + "/composite",
            body: #"{"allOrNone":true,"compositeRequest":[{"method":"GET","url":"/services/data/v66.0/"#
                + #"sobjects/Nothing/describe","referenceId":"n"},{"method":"GET","url":"/services/data/v66.0/"#
                + #"limits","referenceId":"l"}]}"#),
        Step(method: .post, uri: data + "/composite", body: #"{"compositeRequest":[]}"#),
        Step(method: .post, uri: data + "/composite", body: "{"),
        Step(method: .get, uri: data + "/composite"),
        Step(method: .put, uri: data + "/composite"),
        Step(
            method: .post, uri: data + "/composite",
            body: #"{"compositeRequest":[{"method":"GET","url":"/services/data/v66.0/limits","referenceId":"l"},"#
                + #"{"method":"GET","url":"/services/data/v66.0/jobs/query","referenceId":"j"}]}"#),
        Step(method: .post, uri: "/services/data/v37.0/composite", body: #"{"compositeRequest":[]}"#),
        // OAuth.
        Step(
            method: .post, uri: "/services/oauth2/token", authorization: nil, headers: form,
            body: "grant_type=password&" + client + "&username=demo%40example.com&password=demo", randomBody: true),
        Step(
            method: .post, uri: "/services/oauth2/token?grant_type=client_credentials&" + client,
            authorization: nil, randomBody: true),
        Step(
            method: .post, uri: "/services/oauth2/token", authorization: nil, headers: form,
            body: "grant_type=password&" + client + "&username=demo%40example.com&password=nope"),
        Step(
            method: .post, uri: "/services/oauth2/token", authorization: nil, headers: form,
            body: "grant_type=refresh_token&refresh_token=nope&" + client),
        Step(
            method: .post, uri: "/services/oauth2/token", authorization: nil, headers: form,
            body: "grant_type=client_credentials&client_id=a&client_secret=b"),
        Step(
            method: .post, uri: "/services/oauth2/token", authorization: nil, headers: form,
            body: "grant_type=client_credentials&client_id=transcript-app"),
        Step(method: .post, uri: "/services/oauth2/token", authorization: nil, headers: form, body: "grant_type=x"),
        Step(method: .post, uri: "/services/oauth2/token", authorization: nil),
        Step(
            method: .post, uri: "/services/oauth2/token", authorization: nil, headers: multipart,
            body: "--XyZ\r\nContent-Disposition: form-data; name=\"grant_type\"\r\n\r\npassword\r\n--XyZ--\r\n"),
        Step(method: .post, uri: "/services/oauth2/token", authorization: nil, headers: multipart, body: "junk"),
        Step(method: .get, uri: "/services/oauth2/token", authorization: nil),
        Step(method: .get, uri: "/services/oauth2/token", authorization: nil, headers: multipart, body: "junk"),
        Step(method: .put, uri: "/services/oauth2/revoke?token=nope", authorization: nil),
        Step(method: .get, uri: "/services/oauth2/revoke?token=nope", authorization: nil),
        Step(method: .post, uri: "/services/oauth2/revoke", authorization: nil, headers: form, body: "token=T"),
        Step(method: .get, uri: data, authorization: "Bearer T"),
        Step(method: .post, uri: "/services/oauth2/other", authorization: nil),
        Step(method: .post, uri: "/services/oauth2/other", authorization: nil, headers: multipart, body: "junk"),
        Step(method: .post, uri: "/services/oauth2", authorization: nil, headers: multipart, body: "junk"),
        Step(method: .post, uri: "/services/oauth2/token/more", authorization: nil, headers: multipart, body: "junk"),
        // Bodies past the limit are refused before anything else.
        Step(method: .post, uri: "/nowhere", authorization: nil, body: String(repeating: "x", count: (1 << 20) + 1)),
        Step(
            method: .post, uri: data + "/sobjects/Contact", authorization: nil,
            body: String(repeating: "x", count: 1 << 21)),
        Step(method: .post, uri: data + "/sobjects/Contact", body: String(repeating: "x", count: 1 << 20)),
    ]

    static var transcriptURL: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Compatibility/route-transcript.txt")
    }

    /// One block per step: the request line, then the status, the headers and the body as the org sent them.
    static func transcript() async throws -> String {
        var configuration = MockOrgConfiguration(contacts: 600, seed: 7, accessToken: "T")
        configuration.clientID = "transcript-app"
        configuration.clientSecret = "transcript-secret"
        // Recent edits are seeded before this instant, so the records' dates stay as written.
        configuration.recentEditsBefore = Date(timeIntervalSince1970: 1_767_225_600)
        let org = TestOrg(configuration)
        return try await org.test { client in
            var text = ""
            for step in steps {
                var headers = step.headers
                if let authorization = step.authorization { headers[.authorization] = authorization }
                let uri = step.uri.count > 160 ? String(step.uri.prefix(160)) + "…" : step.uri
                text += "> " + step.method.rawValue + " " + uri + "\n"
                text += try await client.execute(
                    uri: step.uri, method: step.method, headers: headers, body: ByteBuffer(string: step.body)
                ) { response in
                    var block = "< " + String(response.status.code) + "\n"
                    for field in response.headers { block += "< " + field.name.rawName + ": " + field.value + "\n" }
                    let body = String(buffer: response.body)
                    if step.randomBody {
                        let object = try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any]
                        block += "< keys " + (object?.keys.sorted().joined(separator: ",") ?? "none") + "\n"
                    } else {
                        block += "< " + body + "\n"
                    }
                    return block
                }
            }
            return text
        }
    }

    @Test func everyRouteAnswersAsItsTranscriptSays() async throws {
        let actual = try await Self.transcript()
        if ProcessInfo.processInfo.environment["MOCKORG_WRITE_TRANSCRIPT"] == "1" {
            try actual.write(to: Self.transcriptURL, atomically: true, encoding: .utf8)
        }
        let expected = try String(contentsOf: Self.transcriptURL, encoding: .utf8)
        let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
        let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
        for (index, (got, want)) in zip(actualLines, expectedLines).enumerated() where got != want {
            Issue.record("line \(index + 1): expected \(want.prefix(300)), got \(got.prefix(300))")
            break
        }
        #expect(actualLines.count == expectedLines.count)
    }
}
