import Foundation
import HTTPTypes
import Hummingbird
import Logging
import Synchronization
import TestSupport

/// A request as the scripted server received it.
struct RecordedRequest: Sendable {
    var method: String
    /// Path and query, exactly as sent (still percent-encoded).
    var target: String
    var path: String
    var headers: HTTPFields
    var body: [UInt8]
    /// The client's port: one per connection, so requests sharing it shared a kept-alive connection.
    var remotePort: Int?

    var bodyText: String { String(decoding: body, as: UTF8.self) }
}

/// What the scripted server does with one request.
enum ScriptedReply: Sendable {
    case respond(status: Int, headers: HTTPFields = [:], body: [UInt8])
    /// Never answers (until the server stops).
    case hang
    /// A 200 JSON answer whose `head` goes out at once and whose `rest` follows when it is ready.
    case streamed(head: [UInt8], rest: @Sendable () async -> [UInt8])
    /// A 200 answer with `headers` whose body goes out a piece at a time, each written once it is
    /// ready (a piece may wait for the client to have read the ones before it).
    case pieces(headers: HTTPFields, [@Sendable () async -> [UInt8]])

    static func json(_ text: String, status: Int = 200) -> ScriptedReply {
        .respond(status: status, headers: [.contentType: "application/json"], body: Array(text.utf8))
    }

    static func text(_ text: String, status: Int, contentType: String = "text/plain") -> ScriptedReply {
        .respond(status: status, headers: [.contentType: contentType], body: Array(text.utf8))
    }
}

/// A real HTTP server on 127.0.0.1 (a free port) that answers from a script and records what
/// it received. Start it with `ScriptedServer.with(…)`, which stops it at the end.
final class ScriptedServer: Sendable {
    typealias Script = @Sendable (RecordedRequest) async -> ScriptedReply

    let url: URL
    private let shared: Shared
    private let task: Task<Void, any Error>

    private init(url: URL, shared: Shared, task: Task<Void, any Error>) {
        self.url = url
        self.shared = shared
        self.task = task
    }

    /// Everything received so far, in arrival order.
    var requests: [RecordedRequest] {
        shared.log.withLock { $0 }
    }

    /// Starts a server, runs `body` with it, stops it (also when `body` throws).
    static func with<T: Sendable>(
        _ script: @escaping Script, _ body: (ScriptedServer) async throws -> T
    ) async throws -> T {
        let server = try await start(script)
        return try await withCleanup {
            try await body(server)
        } cleanup: {
            await server.stop()
        }
    }

    static func start(_ script: @escaping Script) async throws -> ScriptedServer {
        let state = Shared()
        let responder = CallbackResponder<ScriptedContext> { request, context in
            let body = try await request.body.collect(upTo: 16 * 1024 * 1024)
            let recorded = RecordedRequest(
                method: request.method.rawValue, target: request.uri.description, path: request.uri.path,
                headers: request.headers,
                body: Array(body.readableBytesView), remotePort: context.remotePort)
            state.record(recorded)
            switch await script(recorded) {
            case .respond(let status, let headers, let bytes):
                return Response(
                    status: .init(code: status), headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
            case .streamed(let head, let rest):
                return Response(
                    status: .ok, headers: [.contentType: "application/json"],
                    body: ResponseBody { writer in
                        try await writer.write(ByteBuffer(bytes: head))
                        try await writer.write(ByteBuffer(bytes: await rest()))
                        try await writer.finish(nil)
                    })
            case .pieces(let headers, let pieces):
                return Response(
                    status: .ok, headers: headers,
                    body: ResponseBody { writer in
                        for piece in pieces { try await writer.write(ByteBuffer(bytes: await piece())) }
                        try await writer.finish(nil)
                    })
            case .hang:
                while !state.isStopping {
                    try await Task.sleep(for: .milliseconds(20))
                }
                throw CancellationError()
            }
        }
        var logger = Logger(label: "scripted-server")
        logger.logLevel = .critical
        let (ports, portSink) = AsyncStream.makeStream(of: Int.self)
        let app = Application(
            responder: responder,
            configuration: .init(address: .hostname("127.0.0.1", port: 0)),
            onServerRunning: { channel in
                portSink.yield(channel.localAddress?.port ?? 0)
                portSink.finish()
            },
            logger: logger)
        let task = Task { try await app.runService(gracefulShutdownSignals: []) }
        var port = 0
        for await bound in ports { port = bound }
        guard port != 0 else {
            task.cancel()
            throw ServerDidNotStart()
        }
        return ScriptedServer(url: URL(string: "http://127.0.0.1:\(port)")!, shared: state, task: task)
    }

    /// Closes the listening socket and every connection; returns once stopped.
    func stop() async {
        shared.stopping.store(true, ordering: .relaxed)
        task.cancel()
        _ = try? await task.value
    }

    struct ServerDidNotStart: Error {}

    /// State shared with the responder, created before the server so the responder can use it.
    private final class Shared: Sendable {
        let log = Mutex<[RecordedRequest]>([])
        let stopping = Atomic<Bool>(false)
        var isStopping: Bool { stopping.load(ordering: .relaxed) }
        func record(_ request: RecordedRequest) { log.withLock { $0.append(request) } }
    }
}

/// Hummingbird's basic context plus the client's port.
struct ScriptedContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    let remotePort: Int?

    init(source: ApplicationRequestContextSource) {
        coreContext = CoreRequestContextStorage(source: source)
        remotePort = source.channel.remoteAddress?.port
    }
}
