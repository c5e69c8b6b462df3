import Foundation
import RestCore

/// A change as a durable outbox keeps it: the runner writes it before the change's request goes
/// (`ContactListEffect.recordChange`), and hands it back at the next start when the process died
/// with it unsettled (`ContactListModel.resumeLeftChanges`).
public struct DurableChange: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable {
        case delete, update, create, undelete
    }

    /// Where the change stands: sent (its request follows the outbox's write at once), or made
    /// offline and queued, or queued and in conflict with the org's newer copy.
    public enum State: String, Hashable, Sendable {
        case sent, queued, conflict
    }

    /// The change's key in this process.
    public let requestID: RestRequestID
    public let kind: Kind
    /// The record as its row showed it (so a delete that did not happen can put the row back); a
    /// create's placeholder row, whose id is no Salesforce Id.
    public let record: ContactRecord
    /// The query of the list the change was made in.
    public let query: String?
    /// An update's field (API name) and the value sent; nil for a delete.
    public let field: String?
    public let value: String?
    /// A create's typed values by field (API name), so that a create that did not reach the org
    /// can give the form back with nothing lost; empty for the other kinds.
    public let typed: [String: String]
    /// A queued create's POST body (`ContactListModel.createBody(of:)`), sent as it is when the
    /// org answers; empty for the other kinds, and for a create sent at once.
    public let body: [String: JSONValue]
    /// When the change was sent: the next start looks for a create's record created since, and
    /// `p` tells since when a left change waits. Set on a create, and on every change read back.
    public let sentAt: Date?
    /// Sent, or queued offline (`QueuedChange`): the record's `LastModifiedDate` is then the
    /// replica's copy, the condition the change is sent on.
    public let state: State
    /// A queued delete in conflict: what the org held, so that a restart asks again with both values.
    public let orgChange: OrgChange?

    public init(
        requestID: RestRequestID, kind: Kind, record: ContactRecord, query: String?, field: String? = nil,
        value: String? = nil, typed: [String: String] = [:], body: [String: JSONValue] = [:], sentAt: Date? = nil,
        state: State = .sent, orgChange: OrgChange? = nil
    ) {
        self.state = state
        self.orgChange = orgChange
        self.requestID = requestID
        self.kind = kind
        self.record = record
        self.query = query
        self.field = field
        self.value = value
        self.typed = typed
        self.body = body
        self.sentAt = sentAt
    }
}
