import Foundation
import HTTPTypes
import TestSupport
import Testing

@testable import RestCore

/// `RestClient.stream`: a 2xx answer comes back at its head, and its body is read as it arrives,
/// gzip members decoded one by one; an error answer is thrown as `send` throws it.
@Suite("Answers read as they arrive")
struct StreamingTests {
    static func client(_ server: ScriptedServer) -> RestClient {
        var configuration = RestClientConfiguration(instanceURL: server.url, accessToken: "token-1")
        configuration.retryPolicy = .never
        return RestClient(configuration: configuration)
    }

    static func read(_ reader: inout RestBodyReader) async throws -> [[UInt8]] {
        var chunks: [[UInt8]] = []
        while let chunk = try await reader.next() { chunks.append(chunk) }
        return chunks
    }

    /// Each piece of `pieces` after the first goes out only once the client has read the bytes
    /// before it (or after 20 s, which `releasedByTheReader` then tells).
    final class Pacing: Sendable {
        let read = [Flag(), Flag(), Flag()]
        let releasedByTheReader = [Flag(), Flag(), Flag()]

        func piece(_ index: Int, _ bytes: [UInt8]) -> @Sendable () async -> [UInt8] {
            { [self] in
                if index > 0 {
                    if await waitUntil(within: .seconds(20), { self.read[index - 1].isSet }) {
                        releasedByTheReader[index - 1].set()
                    }
                }
                return bytes
            }
        }
    }

    @Test("The body is handed over a piece at a time while the rest is still to come")
    func plainBodyArrivesInPieces() async throws {
        let pacing = Pacing()
        let pieces = [Array("first,".utf8), Array("second,".utf8), Array("third".utf8)]
        try await ScriptedServer.with({ _ in
            .pieces(
                headers: [.contentType: "text/csv"], pieces.enumerated().map { pacing.piece($0.offset, $0.element) })
        }) { server in
            let client = Self.client(server)
            defer { Task { await client.shutdown() } }
            var reader = try await client.stream(RestRequest(method: .GET, path: "/results"))
            #expect(reader.head.status == 200)
            #expect(reader.head.headers[.contentType] == "text/csv")
            var text: [UInt8] = []
            var index = 0
            while let chunk = try await reader.next() {
                text += chunk
                while index < pieces.count, text.count >= pieces[...index].joined().count {
                    pacing.read[index].set()
                    index += 1
                }
            }
            #expect(String(decoding: text, as: UTF8.self) == "first,second,third")
            #expect(pacing.releasedByTheReader[0].isSet && pacing.releasedByTheReader[1].isSet)
        }
    }

    @Test("gzip members that arrive one at a time are decoded as each arrives")
    func gzipMembersArriveOneAtATime() async throws {
        let parts = [Array(GzipDecoderTests.text.prefix(90_000)), Array(GzipDecoderTests.text.dropFirst(90_000))]
        let members = [try await GzipDecoderTests.gzipped(parts[0]), try await GzipDecoderTests.gzipped(parts[1])]
        let pacing = Pacing()
        try await ScriptedServer.with({ _ in
            .pieces(
                headers: [.contentType: "text/csv", .contentEncoding: "gzip"],
                members.enumerated().map { pacing.piece($0.offset, $0.element) })
        }) { server in
            let client = Self.client(server)
            defer { Task { await client.shutdown() } }
            var reader = try await client.stream(RestRequest(method: .GET, path: "/results"))
            var text: [UInt8] = []
            while let chunk = try await reader.next() {
                text += chunk
                if text.count >= parts[0].count { pacing.read[0].set() }
            }
            #expect(text == GzipDecoderTests.text)
            #expect(pacing.releasedByTheReader[0].isSet, "the first member was decoded before the second came")
        }
    }

    @Test("A gzip body cut short fails the read in one sentence, and a read after fails again")
    func gzipCutShort() async throws {
        let member = try await GzipDecoderTests.gzipped(GzipDecoderTests.text)
        try await ScriptedServer.with({ _ in
            .respond(
                status: 200, headers: [.contentEncoding: "gzip"], body: Array(member.prefix(member.count / 2)))
        }) { server in
            let client = Self.client(server)
            defer { Task { await client.shutdown() } }
            var reader = try await client.stream(RestRequest(method: .GET, path: "/results"))
            let error = await #expect(throws: RestClientError.self) { _ = try await Self.read(&reader) }
            #expect(error?.description.contains("gzip encoding is damaged or cut short") == true)
            // Not a clean end: the failure stands.
            await #expect(throws: RestClientError.self) { _ = try await reader.next() }
        }
    }

    @Test("A connection that brings nothing for the stall limit fails the read; the reader's own pauses do not count")
    func stallLimitCountsOnlyTheWaitForTheConnection() async throws {
        // 8 MB ready at once, then nothing until the server stops.
        let ready = (0..<8).map { index in [UInt8](repeating: UInt8(ascii: "a") + UInt8(index), count: 1 << 20) }
        let never = Flag()
        try await ScriptedServer.with({ _ in
            .pieces(
                headers: [.contentType: "text/csv"],
                ready.map { piece in { piece } } + [
                    {
                        _ = await waitUntil(within: .seconds(30)) { never.isSet }
                        return Array("late".utf8)
                    }
                ])
        }) { server in
            let client = Self.client(server)
            defer { Task { await client.shutdown() } }
            var reader = try await client.stream(
                RestRequest(method: .GET, path: "/results"), stallLimit: .milliseconds(400))
            var read: [UInt8] = []
            var pauses = 0
            let error = await #expect(throws: RestClientError.self) {
                while let chunk = try await reader.next() {
                    read += chunk
                    // The reader pauses longer than the limit, three times, while the server has more.
                    if pauses < 3 {
                        pauses += 1
                        try await Task.sleep(for: .milliseconds(900))
                    }
                }
            }
            #expect(read == Array(ready.joined()), "the reader's pauses cost it data")
            guard case .timedOut = error else {
                Issue.record("expected timedOut, got \(String(describing: error))")
                never.set()
                return
            }
            never.set()
        }
    }

    @Test("An error answer is thrown whole, as send throws it")
    func errorAnswerIsThrown() async throws {
        try await ScriptedServer.with({ _ in
            .json(#"[{"message":"Job not found","errorCode":"NOT_FOUND"}]"#, status: 404)
        }) { server in
            let client = Self.client(server)
            defer { Task { await client.shutdown() } }
            let error = await #expect(throws: RestClientError.self) {
                _ = try await client.stream(RestRequest(method: .GET, path: "/results"))
            }
            #expect(error?.httpStatus == 404)
            #expect(error?.salesforceErrors.first?.errorCode == "NOT_FOUND")
        }
    }

    @Test("A transport that returns the body whole hands it over as one chunk")
    func wholeBodyFromAnInMemoryTransport() async throws {
        let transport = InMemoryTransport(body: "a,b")
        let client = RestClient(
            configuration: RestClientConfiguration(
                instanceURL: URL(string: "https://example.my.salesforce.com")!,
                accessToken: "token-1"),
            transport: transport)
        var reader = try await client.stream(RestRequest(method: .GET, path: "/results"))
        #expect(try await Self.read(&reader) == [Array("a,b".utf8)])
    }
}
