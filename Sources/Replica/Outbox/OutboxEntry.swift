import Foundation
import RestCore

/// One change not yet settled: written before its request is sent, removed when it settles.
public struct OutboxEntry: Hashable, Sendable {
    /// What the change does to its record.
    public enum Kind: String, Sendable, CaseIterable {
        case delete, update, create, undelete
    }

    /// Where the change stands.
    public enum State: String, Sendable, CaseIterable {
        /// Written, not sent (offline, or about to be sent).
        case queued
        /// Sent; no answer yet.
        case sent
        /// Sent, and the answer was lost: to be reconciled by reading the record back.
        case unknown
        /// The org's record changed since the replica's copy: the user decides.
        case conflict
    }

    /// The change's own request id (`RestRequestID`), its key.
    public var requestID: String
    public var kind: Kind
    /// The record's sObject type, e.g. `Contact`.
    public var objectType: String
    /// The record's `Id`; nil for a create not yet answered.
    public var recordID: String?
    /// What the change needs to be sent again or put back: an update's fields, a delete's row.
    public var payload: [String: JSONValue]
    public var state: State
    /// When the change was made (this machine's clock).
    public var createdAt: Date
    /// The process that wrote it (0: not known): a live one's entries are its own, never taken up
    /// by another instance.
    public var processID: Int32
    /// The record's `LastModifiedDate` in the replica's copy when the change was made: a queued
    /// change is sent only if the org's record has not changed since (leave-if-changed).
    public var lastModifiedDate: String?

    public init(
        requestID: String, kind: Kind, objectType: String, recordID: String?, payload: [String: JSONValue] = [:],
        state: State = .queued, createdAt: Date, processID: Int32 = 0, lastModifiedDate: String? = nil
    ) {
        self.lastModifiedDate = lastModifiedDate
        self.requestID = requestID
        self.kind = kind
        self.objectType = objectType
        self.recordID = recordID
        self.payload = payload
        self.state = state
        self.createdAt = createdAt
        self.processID = processID
    }
}
