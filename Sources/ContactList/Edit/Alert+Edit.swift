import RestCore

extension Alert {
    /// The alert of a refused update: the server's own message when it sent one.
    static func cannotUpdate(_ error: RestClientError, field: String, name: String) -> Alert {
        let message: String
        if case .apiInvocationFailed(_, _, let errors, _) = error, let first = errors.first,
            !oneLine(first.message).isEmpty
        {
            message = "\(field) of \(name) was not changed: \(oneLine(first.message))"
        } else {
            message = "\(field) of \(name) was not changed. \(error.description)"
        }
        return Alert(title: "Cannot update item", message: message)
    }

    /// The alert of an update that got no answer, when reading the field back failed too.
    static func updateOutcomeUnknown(field: String, name: String) -> Alert {
        Alert(
            title: "Update outcome unknown",
            message: "The server did not answer and \(field) of \(name) could not be read back; "
                + "press r to see the value the server has.")
    }
}
