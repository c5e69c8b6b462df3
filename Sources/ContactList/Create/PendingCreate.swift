import Foundation

/// A create sent and not settled: the form as typed (put back whole on a refusal), the row shown
/// meanwhile, and when it was sent (an unknown outcome looks for a record created since).
public struct PendingCreate: Hashable, Sendable {
    public let form: CreateForm
    /// The row shown on top until the org's 201 gives its Id (`id` starts with `idPrefix`).
    public let placeholder: ContactRecord
    public let sentAt: Date
    /// Whether a process that is gone sent it (`resumeLeftChanges`): not found, it is told in an
    /// alert, and the org's count already holds it when found.
    var isLeftByGoneProcess = false

    /// What the placeholder's id starts with: no Salesforce Id does, so `d` and `e` refuse it.
    static let idPrefix = "new:"
}
