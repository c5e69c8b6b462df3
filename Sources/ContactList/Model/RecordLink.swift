import Foundation

/// Where a record opens in a browser: its Lightning page, derived from the org's instance URL.
///
/// An org on a My Domain is served at `DOMAIN.my.salesforce.com` and its Lightning pages at
/// `DOMAIN.lightning.force.com`, where DOMAIN keeps every label before `.my.salesforce.com`:
/// `acme`, a sandbox's `acme--dev.sandbox`, a scratch org's `…​.scratch`, a Developer Edition's
/// `acme-dev-ed.develop`. Any other host (a legacy `na1.salesforce.com` instance, the mock org)
/// gets the same path on the instance URL itself, which Salesforce redirects to Lightning.
public enum RecordLink {
    static let myDomainSuffix = ".my.salesforce.com"

    /// `https://acme.lightning.force.com/lightning/r/Contact/003…/view`; nil when `id` is not a
    /// Salesforce Id or `objectType` not an object's name, which would choose another path.
    public static func lightningURL(instanceURL: String, objectType: String, id: String) -> String? {
        guard SalesforceID.isValid(id), ObjectName.isValid(objectType) else { return nil }
        let path = "/lightning/r/\(objectType)/\(id)/view"
        guard let components = URLComponents(string: instanceURL), let host = components.host?.lowercased() else {
            return trimmedSlash(instanceURL) + path
        }
        if host.hasSuffix(myDomainSuffix), host.count > myDomainSuffix.count {
            return "https://" + host.dropLast(myDomainSuffix.count) + ".lightning.force.com" + path
        }
        var origin = URLComponents()
        origin.scheme = components.scheme
        origin.host = components.host
        origin.port = components.port
        return (origin.string ?? trimmedSlash(instanceURL)) + path
    }

    /// Whether the instance URL is on this machine (the mock org): no Lightning there.
    public static func isLoopback(instanceURL: String) -> Bool {
        guard let host = URLComponents(string: instanceURL)?.host?.lowercased() else { return false }
        return host == "localhost" || host.hasPrefix("127.") || host == "::1" || host == "[::1]"
    }

    private static func trimmedSlash(_ text: String) -> String {
        text.hasSuffix("/") ? String(text.dropLast()) : text
    }
}
