import Testing

@testable import RestCore

/// Which failed connections the transport tries again until the connect timeout, and which it
/// reports at once because every try would fail alike.
@Suite struct ConnectAgainTests {
    @Test(arguments: [
        ("connection refused", true),
        ("no such host", true),
        ("host is unreachable", true),
        ("the proxy http://proxy.example:3128 could not be reached (connection refused)", true),
        ("the proxy http://proxy.example:3128 refused the credentials (HTTP 407)", false),
        ("the proxy http://proxy.example:3128 refused the connection (check its address and credentials)", false),
        ("the proxy http://proxy.example:3128 could not be reached (the connection timed out)", false),
        ("its certificate is not trusted (certificate verify failed); ", false),
        ("its certificate is for other host names, not org.example", false),
        ("the TLS handshake failed", false),
        ("connection reset", false),
        ("I/O on closed channel", true),
    ])
    func connectsAgainOnlyWhereATryMayGoOtherwise(reason: String, again: Bool) {
        #expect(
            AsyncHTTPClientTransport.connectsAgain(after: .transportFailed(host: "org.example", reason: reason))
                == again)
    }

    @Test func aBusyPoolHasWaitedAlready() {
        #expect(!AsyncHTTPClientTransport.connectsAgain(after: .connectionPoolBusy(host: "org.example")))
    }
}
