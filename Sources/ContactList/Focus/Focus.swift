/// Which part of the app the next key goes to. Computed in one place
/// (`ContactListModel.focus`) from the model's state, and read alike by the key routing, the key
/// bar, the help and the layout, so that they never disagree about where a key goes.
///
/// The order is fixed: too small, then an alert, then the modal, then the help or the detail,
/// then the filter line, then the list.
public enum Focus: Hashable, Sendable {
    /// The terminal is under the minimum size: only the notice shows, and only `q` acts.
    case tooSmall
    /// An alert waits to be dismissed.
    case alert
    /// `e` waits for the object's describe (`ContactListModal.awaitingDescribe`).
    case awaitingDescribe
    /// The field editor is open.
    case editor
    /// "Delete N contacts? y/N" is asked.
    case bulkDeletePrompt
    /// "Load all N remaining? y/N" is asked.
    case loadAllPrompt
    /// Every page is being loaded; only Esc acts.
    case loadingAll
    /// The last messages (`!`).
    case messages
    /// The changes not settled (`p`); only the scroll keys and Esc act.
    case outbox
    case queryBar
    /// `c`'s form of a new record.
    case createForm
    /// The list views' picker (`v`); while its requests are in flight only Esc acts.
    case listViewPicker
    /// `w`: the path of the file being typed in the bottom line.
    case exportPath
    /// "Replace FILE? y/N" after `w` named an existing file.
    case exportOverwrite
    /// The key help.
    case help
    /// The details of one record.
    case detail
    /// The filter's text is being typed.
    case filterLine
    /// The list itself.
    case list

}
