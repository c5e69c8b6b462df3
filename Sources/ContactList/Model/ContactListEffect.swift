import RestCore

/// Something the model asks its runner to do.
public enum ContactListEffect: Sendable {
    /// Send the request and report its outcome with `ContactListModel.handle(response:for:)`.
    case send(RestRequest)
    /// Leave the app.
    case quit
}
