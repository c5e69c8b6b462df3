/// The one window that may stand over the list or the detail and hold the keys: at most one at
/// a time, so that an editor can never open under a prompt, nor a prompt under an editor.
public enum ContactListModal: Hashable, Sendable {
    /// `e` waits for the object's describe. Esc cancels; every other key is dropped, so that no
    /// key typed during the wait reaches the list. The target is the one `e` was pressed on.
    case awaitingDescribe(EditTarget)
    /// The one-line editor of a field.
    case editor(FieldEditor)
    /// "Delete N contacts? y/N", with what it will delete.
    case bulkDeletePrompt(BulkDeletePrompt)
    /// `G` with pages left: "Load all 48,000 remaining? y/N".
    case loadAllPrompt(LoadAll)
    /// Every remaining page is being loaded, with a progress bar; Esc stops.
    case loadingAll(LoadAll)
    /// `!`: the last messages, whole, newest first; the number is the first line shown.
    case messages(scrollOffset: Int)
    /// `p`: every change not settled, its state and since when; the number is the first line shown.
    case outbox(scrollOffset: Int)
    /// `:`: the list's SOQL being edited, and the org's refusal of the last one tried.
    case queryBar(QueryBar)
    /// `c`: the form of a new record (or the wait for its object's describe).
    case createForm(CreateForm)
    /// `v`: the object's list views, and the switch to the one chosen.
    case listViewPicker(ListViewPicker)
    /// `w`: the path of the file to write the rows to, being typed.
    case exportPath(TextField)
    /// "Replace FILE? y/N": the export whose file exists.
    case exportOverwrite(RecordExport)
}
