import RestCore

/// Something the model asks its runner to do.
public enum ContactListEffect: Sendable {
    /// Send the request and report its outcome with `ContactListModel.handle(response:for:)`.
    case send(RestRequest)
    /// Leave the app.
    case quit
    /// Open the URL in a browser: `$BROWSER`, else (when `allowsDefaultBrowser`) `xdg-open`;
    /// with neither, tell the user the URL with `ContactListModel.showNotice`.
    case open(url: String, allowsDefaultBrowser: Bool)
    /// Put the text on the terminal's clipboard (`ClipboardSequence`).
    case copy(String)
}
