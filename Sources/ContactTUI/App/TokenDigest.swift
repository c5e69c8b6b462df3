import Crypto
import Foundation

/// What the app keys local data by instead of a session's token: the first 16 bytes of the
/// token's SHA-256, in lowercase hex. The token itself is never written.
enum TokenDigest {
    static func of(_ token: String) -> String {
        SHA256.hash(data: Data(token.utf8)).prefix(16).map { byte in
            let hex = String(byte, radix: 16)
            return byte < 16 ? "0" + hex : hex
        }.joined()
    }
}
