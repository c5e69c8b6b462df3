/// What a delete takes with it, as far as the list knows.
public enum DeleteDependents: Hashable, Sendable {
    /// Nothing else: no child of the object cascades, or the records have no such children.
    case none
    /// The children counted with the records' pages.
    case counted(Dependents)
    /// Children may go with them, uncounted (rows of the org search, or an object whose describe
    /// could not be read): the relationships that cascade, empty when even those are unknown.
    case uncounted([String])
}
