import ArgumentParser
import Credentials

/// A secret `mock-org` is given (`--access-token`, `--client-secret`): its value on the command
/// line, or the first line of `OPTION-file PATH` (`-`: standard input), which keeps it out of the
/// process list. Both options share this one reading, checking and warning.
struct MockOrgSecretOption: Sendable {
    /// The value's option, e.g. `--access-token`; the file's is this with `-file`.
    let option: String
    /// What the secret is called in a sentence: "token", "secret".
    let noun: String
    let value: String?
    let file: String?

    private var fileOption: String { option + "-file" }

    /// One sentence (exit 2) for a secret given both ways, or a value that is not one word.
    func validate() throws {
        if value != nil, file != nil {
            throw ValidationError(CredentialError.givenTwiceSentence(option))
        }
        if let value, !Self.isOneWord(value) {
            throw ValidationError("\(option) must be non-empty and without spaces.")
        }
    }

    /// The file's first line, or the value (with a warning, since the process list shows it), or
    /// nil when neither is given (the org generates one). A file it cannot use is one sentence
    /// that names the file, never its text.
    func resolved() throws -> String? {
        if let value {
            StandardError.report(
                "warning: \(option) is visible to other users in the process list; use \(fileOption).")
            return value
        }
        guard let file else { return nil }
        let secret: String
        do throws(CredentialError) {
            secret = try SecretFile.read(file, option: fileOption, standardInput: { readLine(strippingNewline: true) })
        } catch {
            guard case .invalid(let sentence) = error else { throw CommandFailure.usage(error.description) }
            throw CommandFailure.usage(sentence)
        }
        guard Self.isOneWord(secret) else {
            throw CommandFailure.usage("\(fileOption) \(file) holds a \(noun) with spaces; it must be one word.")
        }
        return secret
    }

    /// What the start banner shows for the secret: where a given one came from (`from
    /// --access-token-file`), never its value, since tokens stay off screens and logs; or the one the
    /// org made, `generated`, which the banner is the only way to learn.
    func banner(generated: String) -> String {
        if value != nil { return "from \(option)" }
        if file != nil { return "from \(fileOption)" }
        return generated
    }

    /// Whether `secret` can go in a header or a form as it is: one word.
    private static func isOneWord(_ secret: String) -> Bool {
        !secret.isEmpty && !secret.contains(where: \.isWhitespace)
    }
}
