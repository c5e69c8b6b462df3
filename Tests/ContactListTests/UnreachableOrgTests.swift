import Foundation
import RestCore
import Testing

@testable import ContactList

/// Two tests of "the org is not there", both in RestCore. `meansHostUnreachable` (refused, no such
/// host, an unreachable network, a connect timeout) says the org cannot be reached: a change was
/// never sent and queues, and the list's reads (a first page, a sync) go offline. A read timeout
/// or a connection lost mid-request may have reached the org: a change is read back, never
/// queued, and a first page is an error (offline, a slow query would be probed back and time out
/// again, over and over). Only a probe counts those as no answer (`meansNoAnswer`) and waits
/// longer. Any answer, even a 503, is the org there. `--offline`'s stand-in failure is of the
/// first kind.
@Suite("The org cannot be reached: never sent, and no answer")
struct UnreachableOrgTests {
    static let unreachable: [RestClientError] = [
        .transportFailed(host: "127.0.0.1", reason: "connection refused"),
        .transportFailed(host: "x.invalid", reason: "no such host"),
        .transportFailed(host: "10.0.0.1", reason: "network is unreachable"),
        .transportFailed(host: "127.0.0.1", reason: "the connection timed out"),
        OfflineState.sendsNothingFailure,
    ]

    /// No answer, though the request may have reached the org.
    static let noAnswer: [RestClientError] = [
        .timedOut,
        .transportFailed(host: "127.0.0.1", reason: "the server closed the connection"),
        .transportFailed(host: "127.0.0.1", reason: "connection reset by peer"),
    ]

    static let answered: [RestClientError] = [
        .apiInvocationFailed(status: 503, headers: [:], errors: [], rawBody: nil)
    ]

    static let reached = noAnswer + answered

    @Test("--offline's stand-in failure means the org cannot be reached, and was never sent")
    func standIn() {
        #expect(OfflineState.sendsNothingFailure.meansHostUnreachable)
        #expect(OfflineState.sendsNothingFailure.wasNeverSent)
    }

    @Test("a delete that cannot reach the org queues, marked ✖, with the app offline", arguments: unreachable)
    func deleteQueues(failure: RestClientError) throws {
        var model = try UnreachableChangeTests.online()
        let delete = try UnreachableChangeTests.sent(model.handle(key: .character("d")), .DELETE)
        let effects = model.handle(response: .failure(failure), for: delete.id)
        UnreachableChangeTests.expectQueued(effects, model, key: delete.id, kind: .delete)
        #expect(OfflineTests.line(model, with: "Contact 0000").hasPrefix("✖"))
    }

    @Test("a delete that may have reached the org is read back, never queued, the app online", arguments: reached)
    func deleteReadsBack(failure: RestClientError) throws {
        var model = try UnreachableChangeTests.online()
        let delete = try UnreachableChangeTests.sent(model.handle(key: .character("d")), .DELETE)
        let effects = model.handle(response: .failure(failure), for: delete.id)
        #expect(!model.offline.isOffline)
        #expect(model.offline.entries.isEmpty)
        #expect(OfflineTests.queued(effects).isEmpty)
        let read = try #require(Fixtures.sentRequests(effects).first)
        #expect(read.method == .GET)
        #expect(read.path.hasSuffix(Fixtures.id(0)))
        #expect(model.deleteRequests[delete.id] != nil)
    }

    @Test("a first page that cannot reach the org opens the list offline from the replica", arguments: unreachable)
    func firstPageOffline(failure: RestClientError) throws {
        var model = try Self.cached()
        let first = try #require(Fixtures.sentRequests(model.start()).first)
        let effects = model.handle(response: .failure(failure), for: first.id)
        #expect(model.offline.isOffline)
        #expect(OfflineTests.screen(model).contains("offline · cached 2 h ago"))
        #expect(OfflineTests.probes(effects).count == 1)
    }

    @Test(
        "a first page that timed out, was cut off or was answered with an error is that error, never offline",
        arguments: reached)
    func firstPageOnline(failure: RestClientError) throws {
        var model = try Self.cached()
        let first = try #require(Fixtures.sentRequests(model.start()).first)
        let effects = model.handle(response: .failure(failure), for: first.id)
        #expect(!model.offline.isOffline)
        #expect(OfflineTests.probes(effects).isEmpty)
        #expect(!OfflineTests.screen(model).contains("offline"))
    }

    @Test("a probe with no answer waits longer; one the org answered brings the app back")
    func probe() throws {
        for failure in Self.unreachable + Self.reached {
            var (model, effects) = try OfflineTests.offline()
            let probe = try #require(OfflineTests.probes(effects).first?.0)
            let answer = model.handle(response: .failure(failure), for: probe.id)
            if failure.meansNoAnswer {
                #expect(model.offline.isOffline, "\(failure)")
                #expect(OfflineTests.probes(answer).map(\.1) == [.seconds(4)], "\(failure)")
            } else {
                #expect(!model.offline.isOffline, "\(failure)")
                #expect(OfflineTests.probes(answer).isEmpty, "\(failure)")
            }
        }
        #expect((Self.unreachable + Self.noAnswer).allSatisfy { $0.meansNoAnswer })
        #expect(!Self.answered.contains { $0.meansNoAnswer })
        #expect(!Self.noAnswer.contains { $0.meansHostUnreachable })
    }

    /// A model showing three rows of the replica, not yet started.
    static func cached() throws -> ContactListModel {
        var model = ContactListModel(query: Fixtures.query, origin: "127.0.0.1:1", requests: Fixtures.client())
        model.visibleRowCount = 10
        model.journalsChanges = true
        model.keepsRows = true
        model.showCachedRows(try (0..<3).map { try OfflineTests.json(OfflineTests.cached($0)) }, age: "2 h ago")
        return model
    }
}
