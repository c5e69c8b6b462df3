import RestCore

/// A modal message that waits for Enter, Esc or Space.
public struct Alert: Hashable, Sendable {
    public let title: String
    public let message: String
    /// One line per record the alert reports, under the message (a bulk delete's refusals).
    public internal(set) var details: [String] = []
    /// The bulk delete whose refusals this alert lists, so that its later answers join it.
    var batch: Int? = nil
    /// The 412 this alert reports, whose key writes the user's value over the org's.
    public internal(set) var conflict: FieldConflict? = nil
    /// The queued delete this alert reports in conflict: Enter keeps the org's copy, `o` deletes.
    public internal(set) var deleteConflict: DeleteConflict? = nil

    /// How many failures the alert reports: one per detail line, else one.
    public var entryCount: Int { max(1, details.count) }

    /// The alert of a refused delete: the server's own message when it sent one, naming the contact.
    static func cannotDelete(_ error: RestClientError, name: String) -> Alert {
        Alert(title: "Cannot delete item", message: deleteFailureMessage(for: error, name: name))
    }

    /// The alert of a delete that got no answer, when reading the record back shows it is still there.
    static func notDeletedWithoutAnswer(name: String) -> Alert {
        Alert(title: "Cannot delete item", message: "The server did not answer; \(name) was not deleted.")
    }

    /// The alert of a delete that got no answer, when reading the record back failed too.
    static func deleteOutcomeUnknown(name: String) -> Alert {
        Alert(
            title: "Delete outcome unknown",
            message: "The server did not answer and \(name) could not be read back; "
                + "it may have been deleted. Press r to see the list as the server has it.")
    }

    /// The message of a failed delete, as the Trailhead sample words it where it has one.
    static func deleteFailureMessage(for error: RestClientError, name: String) -> String {
        switch error {
        case .apiInvocationFailed(_, _, let errors, _):
            let message = errors.first.map { oneLine($0.message) } ?? ""
            return message.isEmpty ? "Failed to delete \(name)." : "\(name) was not deleted: \(message)"
        case .decodingFailed: return "Decoding error; \(name) was not deleted."
        case .jsonSerialization: return "Serialization error; \(name) was not deleted."
        case .apiResponseIsEmpty: return "Failed to delete \(name)."
        case .timedOut: return "The server did not answer in time; \(name) was not deleted."
        case .cancelled: return "The delete was cancelled; \(name) was not deleted."
        case .transportFailed(let host, _): return "Could not reach \(host); \(name) was not deleted."
        case .connectionPoolBusy: return "Too many requests were in flight; \(name) was not deleted."
        case .invalidRequest, .blockedByGate, .authenticationFailed:
            return "\(name) was not deleted. \(error.description)"
        }
    }

    /// Server text as one line: runs of whitespace and line breaks become one space.
    static func oneLine(_ text: String) -> String {
        text.split(whereSeparator: { $0.isWhitespace || $0.isNewline }).joined(separator: " ")
    }
}
