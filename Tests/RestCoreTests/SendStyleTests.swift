import Foundation
import Testing

@testable import RestCore

/// The four ways to send, over a real socket; each completes exactly once.
@Suite struct SendStyleTests {
    static let ok: ScriptedServer.Script = { request in
        if request.path.hasSuffix("/hang") { return .hang }
        if request.path.hasSuffix("/missing") {
            return .json(#"[{"message":"The requested resource does not exist","errorCode":"NOT_FOUND"}]"#, status: 404)
        }
        return .json(#"{"ok":true}"#)
    }

    @Test func asyncSend() async throws {
        try await withScriptedOrg(Self.ok) { client, server in
            let response = try await client.send(client.requestForVersions())
            #expect(response.status == 200)
            #expect(try response.asJSON() as? [String: Bool] == ["ok": true])
            #expect(server.requests.map(\.target) == ["/services/data/"])
        }
    }

    @Test func completionClosureIsCalledOnce() async throws {
        try await withScriptedOrg(Self.ok) { client, _ in
            let outcomes = EventLog<Int>()
            let handle = client.send(client.requestForVersions()) { result in
                outcomes.append((try? result.get().status) ?? -1)
            }
            await handle.waitUntilCompleted()
            #expect(outcomes.all == [200])
        }
    }

    @Test func cancellingAHandleCompletesOnceWithCancelled() async throws {
        try await withScriptedOrg(Self.ok) { client, server in
            let outcomes = EventLog<String>()
            let handle = client.send(RestRequest(method: .GET, path: "/hang")) { result in
                switch result {
                case .failure(.cancelled): outcomes.append("cancelled")
                default: outcomes.append("other: \(result)")
                }
            }
            await eventually { server.requests.count == 1 }
            handle.cancel()
            handle.cancel()
            await handle.waitUntilCompleted()
            #expect(outcomes.all == ["cancelled"])
        }
    }

    @Test func cancellingTheTaskCancelsTheHTTPRequest() async throws {
        try await withScriptedOrg(timeout: .seconds(300), Self.ok) { client, server in
            let started = ContinuousClock.now
            let task = Task { () async -> RestClientError? in
                do throws(RestClientError) {
                    _ = try await client.send(RestRequest(method: .GET, path: "/hang"))
                    return nil
                } catch {
                    return error
                }
            }
            await eventually { server.requests.count == 1 }
            task.cancel()
            let error = await task.value
            guard case .cancelled? = error else {
                Issue.record("expected cancelled, got \(String(describing: error))")
                return
            }
            #expect(ContinuousClock.now - started < .seconds(120))
        }
    }

    @Test func delegateHearsExactlyOneCallbackInEachCase() async throws {
        try await withScriptedOrg(Self.ok) { client, server in
            let delegate = RecordingDelegate()
            await client.send(RestRequest(method: .GET, path: "/services/data/"), delegate: delegate)
                .waitUntilCompleted()
            await client.send(RestRequest(method: .GET, path: "/missing"), delegate: delegate).waitUntilCompleted()
            await client.send(RestRequest(method: .GET, path: "/hang", timeout: .milliseconds(300)), delegate: delegate)
                .waitUntilCompleted()
            let cancelled = client.send(
                RestRequest(method: .GET, path: "/hang", timeout: .seconds(30)), delegate: delegate)
            await eventually { server.requests.count == 4 }
            cancelled.cancel()
            await cancelled.waitUntilCompleted()
            #expect(
                delegate.events.all == [
                    "didLoadResponse 200", "didFailLoadWithError 404", "requestDidTimeout",
                    "requestDidCancelLoad",
                ])
        }
    }

    @Test func recordSequenceFollowsEveryPage() async throws {
        let pager = ScriptedPager(count: 450)
        try await withScriptedOrg({ pager.reply(to: $0) ?? .json("{}", status: 404) }) { client, server in
            var names: [String] = []
            for try await record in client.records(forQuery: "SELECT Id, Name FROM Contact", batchSize: 200) {
                names.append(record["Name"]?.stringValue ?? "?")
            }
            #expect(names == (0..<450).map { "Contact \($0)" })
            #expect(server.requests.count == 3)
            #expect(server.requests.allSatisfy { $0.headers[.sforceQueryOptions] == "batchSize=200" })
        }
    }

    @Test func recordSequenceThrowsAFailedPage() async throws {
        let pager = ScriptedPager(count: 1000)
        try await withScriptedOrg({ request in
            if request.path.hasSuffix("-400") {
                return .json(#"[{"message":"invalid query locator","errorCode":"INVALID_QUERY_LOCATOR"}]"#, status: 400)
            }
            return pager.reply(to: request) ?? .json("{}", status: 404)
        }) { client, _ in
            var seen = 0
            let error = await #expect(throws: RestClientError.self) {
                for try await _ in client.records(forQuery: "SELECT Id FROM Contact", batchSize: 200) {
                    seen += 1
                }
            }
            #expect(seen == 400)
            #expect(error?.salesforceErrors.first?.errorCode == "INVALID_QUERY_LOCATOR")
        }
    }
}

/// Records each delegate callback as one line.
final class RecordingDelegate: RestRequestDelegate {
    let events = EventLog<String>()

    func request(_ request: RestRequest, didLoadResponse response: RestResponse) {
        events.append("didLoadResponse \(response.status)")
    }

    func request(_ request: RestRequest, didFailLoadWithError error: RestClientError) {
        events.append("didFailLoadWithError \(error.httpStatus ?? 0)")
    }

    func requestDidCancelLoad(_ request: RestRequest) {
        events.append("requestDidCancelLoad")
    }

    func requestDidTimeout(_ request: RestRequest) {
        events.append("requestDidTimeout")
    }
}

extension SendStyleTests {
    struct Contact: Decodable, Sendable, Equatable {
        var Id: String
        var Name: String
    }

    @Test func recordsDecodeIntoTheCallersType() async throws {
        let pager = ScriptedPager(count: 250)
        try await withScriptedOrg({ pager.reply(to: $0) ?? .json("{}", status: 404) }) { client, _ in
            var contacts: [Contact] = []
            let first = client.request(forQuery: "SELECT Id, Name FROM Contact", batchSize: 200)
            for try await contact in client.records(startingWith: first, as: Contact.self) {
                contacts.append(contact)
            }
            #expect(contacts.count == 250)
            #expect(contacts.last == Contact(Id: ScriptedPager.id(249), Name: "Contact 249"))
        }
    }
}
