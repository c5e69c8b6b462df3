import AsyncHTTPClient
import Testing

@testable import RestCore

/// `meansHostUnreachable`: the failures that say the server is not there (the request never
/// left), which the list turns into offline and a queued change; never one that may have reached
/// the server, nor one from a server that is there.
@Suite("A host that cannot be reached")
struct HostUnreachableTests {
    @Test(
        "refused, no such host, unreachable and a connect timeout mean the host is not there, and nothing was sent",
        arguments: [
            "connection refused on port 18111", "no such host", "host is unreachable", "network is unreachable",
            "the proxy proxy.example:3128 could not be reached (connection refused)",
        ])
    func unreachable(reason: String) {
        let error = RestClientError.transportFailed(host: "127.0.0.1", reason: reason)
        #expect(error.meansHostUnreachable)
        #expect(error.wasNeverSent)
    }

    @Test("a proxy that refused the credentials or the connection sent nothing on, yet is not the org gone")
    func proxyRefusal() {
        let proxy = ProxyServer(host: "proxy.corp", port: 3128)
        for failure in [HTTPClientError.proxyAuthenticationRequired, .invalidProxyResponse] {
            let error = AsyncHTTPClientTransport.classify(failure, host: "org", proxy: proxy)
            #expect(error.wasNeverSent, "\(error)")
            #expect(!error.meansHostUnreachable, "\(error)")
        }
    }

    @Test("a connect that timed out, as the transport reports it, is unreachable")
    func connectTimeout() {
        let error = AsyncHTTPClientTransport.classify(HTTPClientError.connectTimeout, host: "127.0.0.1")
        #expect(error.meansHostUnreachable)
    }

    @Test("a read timeout, a connection lost mid-request, a certificate, a busy pool or an answer are not")
    func notUnreachable() {
        let errors: [RestClientError] = [
            .timedOut,
            AsyncHTTPClientTransport.classify(HTTPClientError.readTimeout, host: "127.0.0.1"),
            AsyncHTTPClientTransport.classify(HTTPClientError.remoteConnectionClosed, host: "127.0.0.1"),
            .transportFailed(host: "127.0.0.1", reason: "connection reset by peer"),
            .transportFailed(host: "org", reason: "the server's certificate is not trusted"),
            .connectionPoolBusy(host: "org"),
            .apiInvocationFailed(status: 503, headers: [:], errors: [], rawBody: nil),
            .cancelled,
        ]
        for error in errors { #expect(!error.meansHostUnreachable, "\(error)") }
    }
}
