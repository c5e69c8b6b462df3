import Foundation
import RestCore

/// A change made while the org could not be reached: written to the outbox as queued, shown at
/// once on its row with a badge, and sent only when the org answers again (`syncUp`), never
/// blindly: a delete is checked against the org's `LastModifiedDate` first, an update goes with
/// `If-Unmodified-Since`.
public struct QueuedChange: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        case delete
        /// The field (API name) and the value typed.
        case update(field: String, value: String)
        /// A new record's typed values by field (API name), and the body its POST sends
        /// (`ContactListModel.createBody(of:)`: a reference typed as a name goes as the Id it
        /// resolved to).
        case create(typed: [String: String], body: [String: JSONValue])
        /// `U`: the record taken back out of the Recycle Bin, into the list of this query (nil:
        /// any list of its object).
        case undelete(query: String?)
    }

    /// Where a queued change stands.
    public enum State: String, Hashable, Sendable {
        /// Waiting for the org.
        case queued
        /// A delete whose record's `LastModifiedDate` is being read before it is sent.
        case checking
        /// The org's record changed after the replica's copy: the user decides (an alert asks).
        case conflict
    }

    /// Its key in the outbox for this process.
    public let key: RestRequestID
    public let kind: Kind
    /// The record as the replica held the org's copy when the change was made: its
    /// `LastModifiedDate` is the change's condition, and `x` puts the row back as it. A create's
    /// placeholder row.
    public internal(set) var original: ContactRecord
    public internal(set) var state: State
    /// When the change was made.
    public let since: Date
    /// In conflict: what the org held of the record when its check found it changed.
    public internal(set) var orgChange: OrgChange? = nil

    /// The badge of its row.
    var badge: QueuedBadge {
        switch kind {
        case .delete: .deleted
        case .update: .edited
        case .create: .created
        case .undelete: .restored
        }
    }
}

extension QueuedChange {
    /// The change as `p` and the quit name a change (its key stands for the request it has not got).
    var inFlight: ChangeInFlight {
        switch kind {
        case .delete: ChangeInFlight(requestID: key, kind: .delete, record: original)
        case .update(let field, _): ChangeInFlight(requestID: key, kind: .update(field: field), record: original)
        case .create: ChangeInFlight(requestID: key, kind: .create, record: original)
        case .undelete: ChangeInFlight(requestID: key, kind: .undelete, record: original)
        }
    }
}
