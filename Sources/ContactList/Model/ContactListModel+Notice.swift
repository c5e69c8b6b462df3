extension ContactListModel {
    /// What the status line says, once, when the terminal's locale cannot show every character.
    public static let asciiLocaleNotice = "Non-ASCII shown as ?; a UTF-8 locale shows names as they are"

    /// Puts a note from the runner in the status line; the next message replaces it.
    public mutating func showNotice(_ text: String) {
        notices.statusMessage = text
    }
}
