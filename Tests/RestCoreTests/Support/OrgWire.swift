import MockOrg
import Testing

/// How a socket test reaches the mock org: plain http, or https on the certificate the org makes,
/// the client trusting its CA through the transport (`LiveOrg`).
enum OrgWire: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case http, https

    /// A mock org of `contacts` contacts served over this wire.
    func org(contacts: Int = 200) -> MockOrgConfiguration {
        MockOrgConfiguration(contacts: contacts, tls: self == .https ? .generated : nil)
    }

    var testDescription: String { rawValue }
}
