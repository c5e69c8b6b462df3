import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import MockOrg

/// An in-process org for route tests: its responder behind Hummingbird's router test client.
struct TestOrg {
    let configuration: MockOrgConfiguration
    let instance: MockOrgInstance

    init(_ configuration: MockOrgConfiguration = MockOrgConfiguration(contacts: 200)) {
        self.configuration = configuration
        instance = MockOrgInstance(configuration: configuration, instanceURL: { "http://127.0.0.1:1" })
    }

    var authorization: HTTPFields { [.authorization: "Bearer " + instance.accessToken] }

    /// `client_id=…&client_secret=…` of the org's connected app, for a token request's form.
    var clientCredentials: String {
        "client_id=" + encodedQuery(instance.clientID) + "&client_secret=" + encodedQuery(instance.clientSecret)
    }

    /// The generated records, rebuilt with the same generator for computing expectations.
    var contacts: [ContactRecord] {
        let generator = SeedGenerator(seed: configuration.seed, contactCount: configuration.contacts)
        return (0..<configuration.contacts).map(generator.makeContact(index:))
    }

    /// Runs `body` with a client talking to this org in-process.
    func test<Value: Sendable>(_ body: @Sendable (any TestClientProtocol) async throws -> Value) async throws -> Value {
        let application = Application(responder: instance.responder)
        return try await application.test(.router, body)
    }
}

/// A decoded JSON response.
struct JSONReply {
    let status: Int
    let headers: HTTPFields
    let json: Any?

    init(_ response: TestResponse) {
        status = Int(response.status.code)
        headers = response.headers
        let bytes = Data(buffer: response.body)
        json = bytes.isEmpty ? nil : try? JSONSerialization.jsonObject(with: bytes, options: [.fragmentsAllowed])
    }

    var contentType: String? { headers[.contentType] }
    var object: [String: Any]? { json as? [String: Any] }
    var records: [[String: Any]] { object?["records"] as? [[String: Any]] ?? [] }

    /// The first error of a Salesforce error array.
    var error: (code: String, message: String)? {
        guard let first = (json as? [[String: Any]])?.first,
            let code = first["errorCode"] as? String, let message = first["message"] as? String
        else { return nil }
        return (code, message)
    }

    /// The `fields` of the first error; nil when the error has no such key.
    var errorFields: [String]? {
        ((json as? [[String: Any]])?.first)?["fields"] as? [String]
    }
}

extension TestClientProtocol {
    func get(_ uri: String, headers: HTTPFields) async throws -> JSONReply {
        try await execute(uri: uri, method: .get, headers: headers) { JSONReply($0) }
    }

    /// GETs the query route with `soql` as its `q=` parameter.
    func query(
        _ soql: String, headers: HTTPFields, path: String = "/services/data/v66.0/query"
    ) async throws -> JSONReply {
        try await get(path + "?q=" + encodedQuery(soql), headers: headers)
    }

    func delete(_ uri: String, headers: HTTPFields) async throws -> JSONReply {
        try await execute(uri: uri, method: .delete, headers: headers) { JSONReply($0) }
    }

    func send(
        _ method: HTTPRequest.Method, _ uri: String, headers: HTTPFields, body: String
    ) async throws
        -> JSONReply
    {
        try await execute(uri: uri, method: method, headers: headers, body: ByteBuffer(string: body)) {
            JSONReply($0)
        }
    }
}

/// Percent-encodes a SOQL statement for a `q=` parameter.
func encodedQuery(_ soql: String) -> String {
    soql.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? soql
}

/// The case-safe suffix of a 15-character id, computed here independently of the org's code.
func expectedChecksum(_ first15: String) -> String {
    let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ012345")
    let characters = Array(first15)
    return String(
        (0..<3).map { chunk in
            var bits = 0
            for bit in 0..<5 where characters[chunk * 5 + bit].isUppercase && characters[chunk * 5 + bit].isASCII {
                bits += 1 << bit
            }
            return alphabet[bits]
        })
}
