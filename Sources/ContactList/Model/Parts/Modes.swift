/// What holds the keys besides the list: the detail or help shown over it, the one modal window
/// (a prompt, the editor, a wait), the filter line being edited, and a quit waiting for changes.
///
/// Invariant: at most one modal window at a time (`ContactListModal`), so an editor can never
/// open under a prompt; `ContactListModel.focus` reads these in one fixed order.
public struct Modes: Sendable {
    /// What the screen shows besides the list.
    public internal(set) var mode: ContactListMode = .list
    /// The window that holds the keys over the list or the detail, if any.
    public internal(set) var modal: ContactListModal?
    /// Whether keys go to the filter's text.
    public internal(set) var isEditingFilter = false
    /// The filter's text and cursor as it is edited.
    public internal(set) var filterField = TextField()
    /// Whether the user asked to quit while changes were in flight: the app quits when they settle.
    public internal(set) var isWaitingToQuit = false
    /// A new record's form the org refused while another window held the keys: `c` brings it back.
    public internal(set) var refusedCreateForm: CreateForm?
    /// The queries run before, newest first, that the query bar's ↑ shows; the runner sets them
    /// from the history file at start.
    public var queryHistory: [String] = []
    /// How the user arranged the columns of each list of the org, by query (`ColumnSettings`);
    /// the runner sets them from their file at start.
    public var columnLayouts: [String: ColumnSettings] = [:]
}
