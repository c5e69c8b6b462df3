import Foundation

/// A secret read from a file named on the command line (`--access-token-file PATH`), or from
/// standard input for `-`, so that it never appears in the process list: its first line, trimmed.
/// Public for `mock-org --access-token-file`, which reads its token the same way.
public enum SecretFile {
    /// More than any token or secret; a bigger file (`/dev/zero`) is not read further.
    static let readLimit = 64 * 1024

    /// The secret in `path` (`-`: `standardInput`'s line), given by `option` for the sentence.
    /// A file that cannot be read, or whose first line is blank, throws `CredentialError.invalid`
    /// with one sentence that names the option and the path, never the file's text.
    public static func read(
        _ path: String, option: String, standardInput: () -> String?
    ) throws(CredentialError) -> String {
        let text: String?
        if path == "-" {
            text = standardInput()
        } else if let handle = FileHandle(forReadingAtPath: path) {
            defer { try? handle.close() }
            text = (try? handle.read(upToCount: readLimit)).map { String(decoding: $0 ?? Data(), as: UTF8.self) }
        } else {
            text = nil
        }
        guard let text else {
            throw .invalid("\(option) \(path == "-" ? "- (standard input)" : path) cannot be read.")
        }
        let line = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        let secret = line.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !secret.isEmpty else {
            throw .invalid("\(option) \(path == "-" ? "- (standard input)" : path) holds nothing on its first line.")
        }
        return secret
    }
}
