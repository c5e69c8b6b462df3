import RestCore

extension Alert {
    /// The one alert of an undo the org refused, in whole or in part: a line per record with the
    /// org's words (one record is said in the message itself).
    static func cannotUndo(_ refusals: [String], noun: ObjectNoun) -> Alert {
        guard refusals.count > 1 else { return Alert(title: "Cannot undo delete", message: refusals.first ?? "") }
        var alert = Alert(title: "Cannot undo delete", message: "\(noun.count(refusals.count)) were not restored:")
        alert.details = refusals
        return alert
    }

    /// The alert of an undelete that got no answer, when reading the records back failed too.
    static func undoOutcomeUnknown(names: [String]) -> Alert {
        var alert = Alert(
            title: "Undo outcome unknown",
            message: "The server did not answer and "
                + (names.count == 1 ? "\(names[0]) could not be read back; it" : "these could not be read back; they")
                + " may still be in the Recycle Bin. Press r to see the list as the server has it.")
        if names.count > 1 { alert.details = names }
        return alert
    }

    /// The line of a record the org did not restore, quoting the org when it said why.
    static func undeleteFailureMessage(for error: RestClientError, name: String) -> String {
        switch error {
        case .apiInvocationFailed(_, _, let errors, _):
            return notRestored(name, errors: errors)
        default:
            return "\(name) was not restored. \(error.description)"
        }
    }

    /// "NAME was not restored: the org's message", or without it when the org gave none.
    static func notRestored(_ name: String, errors: [SalesforceError]) -> String {
        let message =
            errors.first.map { error in
                [error.errorCode, oneLine(error.message)].filter { !$0.isEmpty }.joined(separator: ": ")
            } ?? ""
        return message.isEmpty ? "\(name) was not restored." : "\(name) was not restored: \(message)"
    }
}
