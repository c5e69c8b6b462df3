import Foundation

/// A file holding a token, for `--access-token-file`: tests pass tokens as the README says to,
/// never in the command line. One file per token (readable by its owner only), removed by
/// `remove(holding:)` when the org that issued the token stops.
package enum TokenFile {
    /// The path of the file holding `token`, written the first time it is asked for (a file that
    /// could not be written shows as the app's "cannot be read" sentence).
    package static func path(holding token: String) -> String {
        let path = location(of: token)
        if !FileManager.default.fileExists(atPath: path) {
            FileManager.default.createFile(
                atPath: path, contents: Data((token + "\n").utf8), attributes: [.posixPermissions: 0o600])
        }
        return path
    }

    /// Removes the file holding `token`, if any.
    package static func remove(holding token: String) {
        try? FileManager.default.removeItem(atPath: location(of: token))
    }

    /// A name from the token's FNV-1a hash, so that the same token always finds its file.
    private static func location(of token: String) -> String {
        let hash = token.utf8.reduce(UInt64(0xcbf2_9ce4_8422_2325)) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
        return NSTemporaryDirectory() + "contact-tui-token-\(String(hash, radix: 16)).txt"
    }
}
