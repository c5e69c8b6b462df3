import AsyncHTTPClient
import Foundation
import NIOCore

/// Plain HTTP over real sockets to a running `MockOrgServer` or `mock-org` process, through
/// async-http-client. Not URLSession: on Linux, cancelling a task that awaits
/// `URLSession.data(for:)` while its answer completes can deadlock the two (the cancellation
/// handler waits for the session's queue while holding the task's lock, and the queue waits for
/// that lock to resume the task); a test that cancels its requests hung the whole suite so.
enum LiveHTTP {
    /// One client for the test process, with room for many requests held at once (an answer gate).
    static let client: HTTPClient = {
        var configuration = HTTPClient.Configuration(
            connectionPool: .init(idleTimeout: .seconds(30), concurrentHTTP1ConnectionsPerHostSoftLimit: 64))
        configuration.decompression = .disabled
        return HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }()

    struct Reply: Sendable {
        var status: Int
        var headers: [String: String]
        var body: Data

        var json: Any? {
            body.isEmpty ? nil : try? JSONSerialization.jsonObject(with: body, options: [.fragmentsAllowed])
        }
    }

    /// Sends a request and reads its whole answer, within 20 s.
    static func request(
        _ method: String, _ url: URL, headers: [String: String] = [:], body: Data? = nil
    ) async throws -> Reply {
        var request = HTTPClientRequest(url: url.absoluteString)
        request.method = .init(rawValue: method)
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        if let body { request.body = .bytes(ByteBuffer(bytes: body)) }
        let response = try await client.execute(request, timeout: .seconds(20))
        let bytes = try await response.body.collect(upTo: 64 << 20)
        var fields: [String: String] = [:]
        for (name, value) in response.headers { fields[name.lowercased()] = value }
        return Reply(status: Int(response.status.code), headers: fields, body: Data(bytes.readableBytesView))
    }

    static func send(
        _ method: String, _ url: URL, token: String?, body: String? = nil
    ) async throws -> (status: Int, json: Any?) {
        var headers: [String: String] = [:]
        if let token { headers["Authorization"] = "Bearer " + token }
        if body != nil { headers["Content-Type"] = "application/json" }
        let reply = try await request(method, url, headers: headers, body: body.map { Data($0.utf8) })
        return (reply.status, reply.json)
    }

    static func errorCode(_ json: Any?) -> String? {
        ((json as? [[String: Any]])?.first)?["errorCode"] as? String
    }
}
