import RestCore

/// A modal message that waits for Enter, Esc or Space.
public struct Alert: Hashable, Sendable {
    public let title: String
    public let message: String

    /// The alert of a refused delete: the server's own message when it sent one.
    static func cannotDelete(_ error: RestClientError) -> Alert {
        Alert(title: "Cannot delete item", message: deleteFailureMessage(for: error))
    }

    /// The message of a failed delete, as the Trailhead sample words it where it has one.
    static func deleteFailureMessage(for error: RestClientError) -> String {
        switch error {
        case .apiInvocationFailed(_, _, let errors, _):
            let message = errors.first.map { oneLine($0.message) } ?? ""
            return message.isEmpty ? "Failed to delete item" : message
        case .decodingFailed: return "Decoding error"
        case .jsonSerialization: return "Serialization error"
        case .apiResponseIsEmpty: return "Failed to delete item"
        case .timedOut: return "The server did not answer in time; the contact was not deleted."
        case .cancelled: return "The delete was cancelled; the contact was not deleted."
        case .transportFailed(let host, _): return "Could not reach \(host); the contact was not deleted."
        case .invalidRequest, .blockedByGate, .authenticationFailed: return error.description
        }
    }

    /// Server text as one line: runs of whitespace and line breaks become one space.
    static func oneLine(_ text: String) -> String {
        text.split(whereSeparator: { $0.isWhitespace || $0.isNewline }).joined(separator: " ")
    }
}
