import Dispatch
import Foundation
import Hummingbird
import HummingbirdTesting
import Synchronization

@testable import MockOrg

// libFuzzer entry for the mock org's HTTP layer: every input is one request through the org's
// router (middleware, routes, the SOQL and SOSL engines) by Hummingbird's in-process test client,
// and must get an answer that is not a 500, in time: never a crash, a stack overflow or a hang.
//
// The input's first byte picks the request (query, queryAll, search, a token grant); the rest is its
// text, in segments split by NUL bytes, and a segment whose first byte is below 0x10 is repeated
// (that byte × 313 times) so that deep nesting and long chains are a few bytes away:
// `(` repeated 6,000 times is three bytes. Built by `sh Fuzz/run.sh SECONDS mockorg` (SwiftPM, with
// `CONTACT_TUI_FUZZ=1`, which adds this target to the package).

/// The org and its client, alive for the whole run; requests come in over `jobs`.
private final class FuzzedOrg: Sendable {
    struct Job: Sendable {
        let method: HTTPRequest.Method
        let uri: String
        let headers: HTTPFields
        let body: String?
        let done: @Sendable (Int) -> Void
    }

    let jobs: AsyncStream<Job>.Continuation

    init() {
        var configuration = MockOrgConfiguration(contacts: 300, seed: 5, accessToken: "FUZZ")
        configuration.clientID = "fuzz-app"
        configuration.clientSecret = "fuzz-secret"
        // Each input has a budget: a query past it answers QUERY_TIMEOUT.
        configuration.queryTimeout = .seconds(2)
        let instance = MockOrgInstance(configuration: configuration, instanceURL: { "http://127.0.0.1:1" })
        let (stream, continuation) = AsyncStream<Job>.makeStream()
        jobs = continuation
        Task.detached {
            let application = Application(responder: instance.responder)
            try await application.test(.router) { client in
                for await job in stream {
                    let status = try await client.execute(
                        uri: job.uri, method: job.method, headers: job.headers,
                        body: job.body.map { ByteBuffer(string: $0) }
                    ) { Int($0.status.code) }
                    job.done(status)
                }
            }
        }
    }

    /// Sends one request and waits for its status.
    func send(_ method: HTTPRequest.Method, _ uri: String, headers: HTTPFields, body: String? = nil) -> Int {
        let answered = DispatchSemaphore(value: 0)
        let status = Mutex(0)
        jobs.yield(
            Job(method: method, uri: uri, headers: headers, body: body) { code in
                status.withLock { $0 = code }
                answered.signal()
            })
        // libFuzzer's -timeout reports an input that takes longer; this is the backstop.
        guard answered.wait(timeout: .now() + 60) == .success else {
            fatalError("no answer in 60 s to \(uri.prefix(200))")
        }
        return status.withLock { $0 }
    }
}

private let org = FuzzedOrg()

/// The input's text with repeated segments expanded, at most 200,000 bytes.
private func expand(_ bytes: ArraySlice<UInt8>) -> String {
    var text = [UInt8]()
    for segment in bytes.split(separator: 0, omittingEmptySubsequences: false) {
        guard let first = segment.first, first < 0x10, segment.count > 1 else {
            text += segment
            continue
        }
        let repeated = segment.dropFirst()
        for _ in 0..<(Int(first) * 313) where text.count + repeated.count <= 200_000 { text += repeated }
    }
    return String(decoding: text.prefix(200_000), as: UTF8.self)
}

private func encoded(_ text: String) -> String {
    text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
}

/// The slowest input so far: its time and the start of its text, printed when the run ends.
private let slowest = Mutex((time: Duration.zero, text: ""))

@_cdecl("LLVMFuzzerTestOneInput")
public func mockOrgHTTPFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    guard let kind = bytes.first else { return 0 }
    let text = expand(Array(bytes.dropFirst())[...])
    let start = ContinuousClock.now
    defer {
        let time = ContinuousClock.now - start
        slowest.withLock {
            if time > $0.time { $0 = (time, "kind \(kind % 4), \(text.utf8.count) bytes: \(text.prefix(80))") }
        }
    }
    let authorized: HTTPFields = [.authorization: "Bearer FUZZ"]
    let status: Int
    switch kind % 4 {
    case 0: status = org.send(.get, "/services/data/v66.0/query?q=" + encoded(text), headers: authorized)
    case 1: status = org.send(.get, "/services/data/v66.0/queryAll?q=" + encoded(text), headers: authorized)
    case 2: status = org.send(.get, "/services/data/v66.0/search?q=" + encoded(text), headers: authorized)
    default:
        status = org.send(
            .post, "/services/oauth2/token", headers: [.contentType: "application/x-www-form-urlencoded"],
            body: text)
    }
    // A thrown error that is not Salesforce's answer comes back as 500: a bug.
    precondition(status != 500, "500 for input of kind \(kind % 4): \(text.prefix(300))")
    return 0
}

/// libFuzzer's driver, which its own `main` calls.
@_silgen_name("LLVMFuzzerRunDriver")
private func runDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>, Int) -> CInt
) -> CInt

/// The program's entry: SwiftPM names an executable's `main` after its module on Linux, so that
/// libFuzzer's own `main` is not the one linked; this one hands the arguments to libFuzzer's driver.
@_cdecl("MockOrgHTTPFuzz_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var count = argc
    var arguments = argv
    atexit {
        let (time, text) = slowest.withLock { $0 }
        print("stat::slowest_input: \(time) (\(text.debugDescription))")
    }
    return runDriver(&count, &arguments) { data, size in mockOrgHTTPFuzz(data, size) }
}
