import RestCore

/// A change sent to the org whose outcome is still awaited: a delete, a field update, a create or an
/// undelete, named for the quit's wait, its report and its log.
public struct ChangeInFlight: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        case delete
        /// An update of the field with this API name.
        case update(field: String)
        /// A new record (its row's id is a placeholder until the org answers).
        case create
        /// `U`: the record taken back out of the Recycle Bin.
        case undelete
    }

    /// The id of the request that carries the change.
    public let requestID: RestRequestID
    public let kind: Kind
    public let record: ContactRecord

    /// "the delete of NAME (ID)" or "the update of FIELD of NAME (ID)", for one sentence.
    public var description: String {
        switch kind {
        case .delete: "the delete of \(record.displayName) (\(record.id))"
        case .update(let field): "the update of \(field) of \(record.displayName) (\(record.id))"
        case .create: "the create of \(record.displayName)"
        case .undelete: "the undelete of \(record.displayName) (\(record.id))"
        }
    }

    /// The field an update changes; nil for a delete.
    public var field: String? {
        if case .update(let field) = kind { return field }
        return nil
    }

    /// What the log's `change` key says.
    public var kindName: String {
        switch kind {
        case .delete: "delete"
        case .update: "update"
        case .create: "create"
        case .undelete: "undelete"
        }
    }
}
